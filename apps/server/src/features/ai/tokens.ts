// Token counting when the provider does not report usage: about 4 characters a token (OpenAI's rule of thumb for
// English; Hebrew runs denser, so the estimate errs low there), plus a few tokens of framing per chat message.
import type { ChatTurn } from "./provider.js";

export const CHARS_PER_TOKEN = 4;
/** Role markers and separators the chat format adds around each message. */
export const TOKENS_PER_MESSAGE = 4;

export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimatePromptTokens(turns: readonly ChatTurn[]): number {
  return turns.reduce((sum, turn) => sum + TOKENS_PER_MESSAGE + estimateTokens(turn.content), 0);
}
