// Request schemas of the command centre: one prompt to several entities at once, its answers and its history.

import { z } from "zod";
import { entityIdList, pageFieldsOf, requiredText, Uuid } from "../validation/rules.js";

/** How many entities one command may address at once. */
export const MAX_COMMAND_ENTITIES = 10;

export const CommandBody = z.object({
  entityIds: entityIdList(
    MAX_COMMAND_ENTITIES,
    `At most ${MAX_COMMAND_ENTITIES} entities per command`,
  ),
  prompt: requiredText(),
});
export type CommandBody = z.infer<typeof CommandBody>;

export const CommandParams = z.object({ commandId: Uuid });
export type CommandParams = z.infer<typeof CommandParams>;

/** One entity's answer within a command (POST /api/commands/:commandId/entities/:entityId/stop). */
export const CommandEntityParams = z.object({ commandId: Uuid, entityId: Uuid });
export type CommandEntityParams = z.infer<typeof CommandEntityParams>;

export const CommandHistoryQuery = z.object(pageFieldsOf(50, 20));
export type CommandHistoryQuery = z.infer<typeof CommandHistoryQuery>;
