// Request bodies and queries of the workspace API: universes, entities, knowledge, syncs and reality-forge templates.

import { z } from "zod";
import { fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";
import { requiredText, wholeNumber } from "../validation/rules.js";

const Name = requiredText(100);
const Description = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .max(2000, MESSAGES.maxLength(2000));
/** Ids are checked for shape by the server, where a malformed one answers 404 like someone else's. */
const Id = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(100);

/** An update body: any of its fields, but at least one ("Required" on name when none is given). */
function atLeastOneOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object(shape)
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      ...fieldIssue(MESSAGES.required, "required"),
      path: ["name"],
    });
}

export const WorkspaceIdParams = z.object({ id: Id });
export type WorkspaceIdParams = z.infer<typeof WorkspaceIdParams>;

export const KnowledgeFileParams = z.object({ id: Id, knowledgeFileId: Id });
export type KnowledgeFileParams = z.infer<typeof KnowledgeFileParams>;

export const CreateUniverseBody = z.object({ name: Name, description: Description.optional() });
export type CreateUniverseBody = z.infer<typeof CreateUniverseBody>;

/** Rename, describe, archive (archived: true) or unarchive (archived: false); at least one field. */
export const UpdateUniverseBody = atLeastOneOf({
  name: Name.optional(),
  description: Description.optional(),
  archived: z.boolean({ error: MESSAGES.invalidFormat }).optional(),
});
export type UpdateUniverseBody = z.infer<typeof UpdateUniverseBody>;

/** Which universes GET /api/aacos/universes lists; all by default. */
export const UniverseListQuery = z.object({
  archived: z
    .enum(["include", "exclude", "only"], { error: MESSAGES.invalidFormat })
    .default("include"),
});
export type UniverseListQuery = z.infer<typeof UniverseListQuery>;

const Temperature = z
  .number({ error: MESSAGES.invalidFormat })
  .min(0, MESSAGES.invalidFormat)
  .max(2, MESSAGES.invalidFormat);
/** null (or left out) = the configured default model. */
const Model = requiredText(200).nullable();

export const CreateEntityBody = z.object({
  name: Name,
  role: requiredText(200),
  systemPrompt: requiredText(),
  model: Model.optional(),
  temperature: Temperature.optional(),
});
export type CreateEntityBody = z.infer<typeof CreateEntityBody>;

/** A user may pause an entity or set it idle again; running and error come from its runs. */
export const UpdateEntityBody = atLeastOneOf({
  name: Name.optional(),
  role: requiredText(200).optional(),
  systemPrompt: requiredText().optional(),
  model: Model.optional(),
  temperature: Temperature.optional(),
  status: z.enum(["idle", "paused"], { error: MESSAGES.invalidFormat }).optional(),
});
export type UpdateEntityBody = z.infer<typeof UpdateEntityBody>;

export const EntityListQuery = z.object({ universeId: Id.optional() });
export type EntityListQuery = z.infer<typeof EntityListQuery>;

export const AddKnowledgeBody = z.object({ fileId: Id });
export type AddKnowledgeBody = z.infer<typeof AddKnowledgeBody>;

export const KnowledgeSearchQuery = z.object({
  q: requiredText(500),
  limit: wholeNumber(1, 20).default(5),
});
export type KnowledgeSearchQuery = z.infer<typeof KnowledgeSearchQuery>;

export const UniverseSyncBody = z.object({ universeId: Id });
export type UniverseSyncBody = z.infer<typeof UniverseSyncBody>;

export const SaveTemplateBody = z.object({
  name: Name,
  description: Description.optional(),
  isPublic: z.boolean({ error: MESSAGES.invalidFormat }).optional(),
});
export type SaveTemplateBody = z.infer<typeof SaveTemplateBody>;

export const ForgeTemplateBody = z.object({ name: Name });
export type ForgeTemplateBody = z.infer<typeof ForgeTemplateBody>;
