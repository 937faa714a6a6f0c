// Tables of the account feature; re-exported by schema.ts so Drizzle and drizzle-kit see one schema.
export {};
