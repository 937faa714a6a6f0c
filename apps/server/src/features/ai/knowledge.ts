// What the AI features need from the workspace: the caller's entity (404 for anyone else's) and a knowledge search.
// The workspace feature's service fulfils it (assembly/workspace.ts); tests may pass anything of this shape.
import type { ErrorParams } from "@aacos/domain/errors";
import type { SQL } from "drizzle-orm";

export interface AnsweringEntity {
  id: string;
  universeId: string;
  name: string;
  systemPrompt: string;
  /** null: the server's default model. */
  model: string | null;
  temperature: number;
  /** idle, running, paused or error (the workspace's EntityStatus); a paused entity does not answer. */
  status?: string;
  /** Set while entity orchestration holds the entity (paused or stopped): why it may not run, answered with 409. */
  refusal?: EntityRefusal | null;
}

/** An entity read inside another statement: the value to select there, and what turns the selected value back. */
export interface EntityBeside {
  value: SQL;
  /** Throws 404 when the entity does not exist or belongs to someone else. */
  read(value: unknown): AnsweringEntity;
}

/** Why a held entity may not run: the English text and its typed conflict params. */
export interface EntityRefusal {
  message: string;
  params: ErrorParams<"conflict">;
}

export interface KnowledgePassage {
  content: string;
  fileName: string;
  knowledgeFileId: string;
  score: number;
}

export interface EntityDirectory {
  /** Throws 404 when the entity does not exist or belongs to someone else. */
  getEntity(userId: string, entityId: string): Promise<AnsweringEntity>;
  /**
   * The same read as one value of another feature's statement, whose column `entityId` names the entity: `value` is
   * selected there, `read` turns what it selected into the entity or the 404 (docs/decisions/398-entity-beside-the-conversation.md).
   */
  entityBeside(userId: string, entityId: SQL): EntityBeside;
  /** Best passages first. */
  searchKnowledge(entityId: string, query: string, limit: number): Promise<KnowledgePassage[]>;
  /** Marks the entity running around an answer, then idle, or error when the answer failed. */
  setEntityStatus?(entityId: string, status: "idle" | "running" | "error"): Promise<void>;
}
