// The offline provider (the default with no language model configured): quotes the entity's best-matching knowledge
// passages and says plainly, in the question's language, that no language model wrote the answer.
import type { KnowledgePassage } from "./knowledge.js";
import type { AiChunk, AiProvider, AiRequest } from "./provider.js";
import { estimateTokens, TOKENS_PER_MESSAGE } from "./tokens.js";

/** Passages quoted per answer. */
export const RETRIEVAL_PASSAGES = 3;
const MAX_QUOTE_CHARS = 800;
const HEBREW_LETTER = /[\u05D0-\u05EA]/;

export type AnswerLanguage = "he" | "en";

export function languageOf(question: string): AnswerLanguage {
  return HEBREW_LETTER.test(question) ? "he" : "en";
}

const TEXTS = {
  en: {
    intro:
      "No language model is configured on this server, so no model wrote this answer. These are the passages of this entity's knowledge that best match your question:",
    source: (file: string) => `— from ${file}`,
    nothing:
      "No language model is configured on this server, and nothing in this entity's knowledge matched your question. Add knowledge files to the entity, or ask an administrator to configure a language model.",
  },
  he: {
    intro:
      "לא הוגדר מודל שפה בשרת הזה, ולכן שום מודל לא כתב את התשובה. אלה הקטעים מהידע של הישות שמתאימים ביותר לשאלה שלך:",
    source: (file: string) => `— מתוך ${file}`,
    nothing:
      "לא הוגדר מודל שפה בשרת הזה, ושום דבר בידע של הישות לא התאים לשאלה שלך. אפשר להוסיף לישות קובצי ידע, או לבקש ממנהל המערכת להגדיר מודל שפה.",
  },
} as const;

/** The whole answer as Markdown paragraphs: the notice, then each passage as a quote with its file name. */
export function retrievalAnswer(question: string, found: readonly KnowledgePassage[]): string[] {
  const texts = TEXTS[languageOf(question)];
  if (found.length === 0) return [texts.nothing];
  const quotes = found.map((passage) => {
    const text =
      passage.content.length > MAX_QUOTE_CHARS
        ? `${passage.content.slice(0, MAX_QUOTE_CHARS).trimEnd()}…`
        : passage.content;
    const quoted = text
      .trim()
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n");
    return `${quoted}\n${texts.source(passage.fileName)}`;
  });
  return [texts.intro, ...quotes];
}

export function createRetrievalProvider(deps: {
  search: (entityId: string, query: string, limit: number) => Promise<KnowledgePassage[]>;
}): AiProvider {
  return {
    name: "retrieval",
    async *stream(request: AiRequest): AsyncIterable<AiChunk> {
      const question =
        [...request.turns].reverse().find((turn) => turn.role === "user")?.content ?? "";
      const found = await deps.search(request.entityId, question, RETRIEVAL_PASSAGES);
      const paragraphs = retrievalAnswer(question, found);
      let answer = "";
      for (const [index, paragraph] of paragraphs.entries()) {
        if (request.signal.aborted) return;
        const text = index === 0 ? paragraph : `\n\n${paragraph}`;
        answer += text;
        yield { type: "delta", text };
      }
      // Nothing is generated, but the question and the quotes still count against the daily allowance (docs/product.md §1).
      yield {
        type: "usage",
        promptTokens: TOKENS_PER_MESSAGE + estimateTokens(question),
        completionTokens: estimateTokens(answer),
      };
    },
  };
}
