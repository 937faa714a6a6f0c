// Entity orchestration rules: who manages every entity, the statuses and actions, the list query, and the messages.

import { z } from "zod";
import { checkAccess, type Principal, ROUTE_ACCESS } from "../access/index.js";
import { fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";
import { pageFields, SearchText, Uuid } from "../validation/rules.js";
import { ENTITY_STATUSES } from "../workspace/index.js";

/** An entity's status as orchestration shows it: the workspace's, plus "stopped" (held after a stop). */
export const ORCHESTRATION_STATUSES = [...ENTITY_STATUSES, "stopped"] as const;
export type OrchestrationStatus = (typeof ORCHESTRATION_STATUSES)[number];

export const ORCHESTRATION_ACTIONS = ["pause", "resume", "stop", "reassign"] as const;
export type OrchestrationAction = (typeof ORCHESTRATION_ACTIONS)[number];

/** At most this many entities in one bulk request. */
export const MAX_BULK_ENTITIES = 100;

/**
 * Admins and operators manage every user's entities (`/entity-orchestration`); everyone else manages their own
 * (`/ai/entity-orchestration` is open to any signed-in user). One check for the browser and the server.
 */
export function managesAllEntities(principal: Principal | null): boolean {
  return checkAccess(principal, ROUTE_ACCESS["/entity-orchestration"]) === "allowed";
}

// Zod-free, so the browser's message table loads without zod (docs/decisions/171-first-paint.md).
export { ORCHESTRATION_MESSAGES } from "./messages.js";

const Model = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .min(1, MESSAGES.required)
  .max(200, MESSAGES.maxLength(200));

export const OrchestrationListQuery = z.object({
  search: SearchText,
  status: z.enum(ORCHESTRATION_STATUSES, { error: MESSAGES.invalidFormat }).optional(),
  ownerId: Uuid.optional(),
  model: Model.optional(),
  /** Admins and operators see everyone's entities unless they ask for their own ("mine"). */
  scope: z.enum(["all", "mine"], { error: MESSAGES.invalidFormat }).default("all"),
  ...pageFields,
});
export type OrchestrationListQuery = z.infer<typeof OrchestrationListQuery>;

export const OrchestrationEntityParams = z.object({ id: Uuid });
export type OrchestrationEntityParams = z.infer<typeof OrchestrationEntityParams>;

/** null: the server's default model. */
export const ReassignModelBody = z.object({ model: Model.nullable() });
export type ReassignModelBody = z.infer<typeof ReassignModelBody>;

export const BulkOrchestrationBody = z
  .object({
    action: z.enum(ORCHESTRATION_ACTIONS, { error: MESSAGES.invalidFormat }),
    entityIds: z
      .array(Uuid, { error: MESSAGES.invalidFormat })
      .min(1, MESSAGES.required)
      .max(MAX_BULK_ENTITIES, `At most ${MAX_BULK_ENTITIES} entities at once`)
      .transform((ids) => [...new Set(ids)]),
    model: Model.nullable().optional(),
  })
  .refine((body) => body.action !== "reassign" || body.model !== undefined, {
    ...fieldIssue(MESSAGES.required, "required"),
    path: ["model"],
  });
export type BulkOrchestrationBody = z.infer<typeof BulkOrchestrationBody>;

// The API's answers, typed once for the server that sends them and the screen that reads them (replies/orchestration.ts).
export type {
  BulkResult,
  ConfiguredModel,
  OrchestratedEntity,
  OrchestrationPage,
} from "./replies.js";
