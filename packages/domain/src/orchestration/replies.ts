// Replies of entity orchestration: a page of entities across users, the configured models, one entity after an
// action, the per-entity results of a bulk request.
import { z } from "zod";
import { numberedPageOf, Timestamp } from "../replies/common.js";
import { ORCHESTRATION_STATUSES } from "./index.js";

export const OrchestratedEntity = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.enum(ORCHESTRATION_STATUSES),
  /** The entity's own model; null: the server's default. */
  model: z.string().nullable(),
  /** true when an admin or operator holds it (the owner cannot resume it). */
  heldByManager: z.boolean(),
  universe: z.object({ id: z.string(), name: z.string() }),
  owner: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  lastRunAt: Timestamp.nullable(),
  lastRunStatus: z.string().nullable(),
  tokensToday: z.number(),
  tokensTotal: z.number(),
  errorCount: z.number(),
  createdAt: Timestamp,
});
export type OrchestratedEntity = z.input<typeof OrchestratedEntity>;

export const OrchestrationPage = numberedPageOf(OrchestratedEntity).extend({
  /** Whether the caller sees every user's entities. */
  managesAll: z.boolean(),
});
export type OrchestrationPage = z.input<typeof OrchestrationPage>;

export const ConfiguredModel = z.object({
  name: z.string(),
  complexity: z.number().nullable(),
  isDefault: z.boolean(),
});
export type ConfiguredModel = z.input<typeof ConfiguredModel>;

export const ConfiguredModels = z.object({
  models: z.array(ConfiguredModel),
  defaultModel: z.string().nullable(),
});
export type ConfiguredModels = z.input<typeof ConfiguredModels>;

export const BulkResult = z.discriminatedUnion("ok", [
  z.object({ entityId: z.string(), ok: z.literal(true), entity: OrchestratedEntity }),
  z.object({
    entityId: z.string(),
    ok: z.literal(false),
    // The refusal as an error reply carries it: a code of the union (../errors.ts), its params, the English text.
    error: z.object({
      code: z.string(),
      message: z.string(),
      params: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);
export type BulkResult = z.input<typeof BulkResult>;

export const BulkResults = z.object({ results: z.array(BulkResult) });
export type BulkResults = z.input<typeof BulkResults>;
