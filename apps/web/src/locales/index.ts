// Both catalogues, for tests and types; the app itself imports he.ts at start and en.ts on demand (lib/i18n.ts).
export { en } from "./en";
export { he, type Messages } from "./he";
