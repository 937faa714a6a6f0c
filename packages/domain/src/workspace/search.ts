// The knowledge-search query shape: the question's words ORed for to_tsquery('simple', …), so a natural question finds passages.

/** Words that match nearly every passage; dropped unless the question has nothing else. */
const STOP_WORDS = new Set([
  "the",
  "is",
  "are",
  "was",
  "were",
  "what",
  "which",
  "who",
  "how",
  "why",
  "when",
  "where",
  "do",
  "does",
  "did",
  "an",
  "of",
  "to",
  "in",
  "on",
  "at",
  "and",
  "or",
  "for",
  "with",
  "by",
  "it",
  "its",
  "be",
  "this",
  "that",
  "as",
  "from",
  "can",
  "you",
  "me",
  "my",
  "we",
  "our",
  "about",
  "tell",
  "מה",
  "מי",
  "איך",
  "למה",
  "של",
  "את",
  "על",
  "זה",
  "זו",
  "זאת",
  "הוא",
  "היא",
  "הם",
  "הן",
  "יש",
  "אין",
  "לא",
  "כן",
  "גם",
  "עם",
  "אם",
  "כל",
  "או",
  "אל",
  "כי",
  "אני",
  "אתה",
  "את",
  "לי",
  "לך",
]);

/** At most this many words reach the database. */
const MAX_TERMS = 24;
const HEBREW_LETTER = /\p{Script=Hebrew}/u;
/** One-letter prefixes Hebrew writes onto a word (the, and, in, to, from, that, as). */
const HEBREW_PREFIXES = "הובלמשכ";

/**
 * The question's words: runs of letters and digits of any script, lower-cased, marks (niqqud) dropped, words of one
 * character dropped, stop words dropped unless nothing else is left. A Hebrew word that starts with a prefix letter
 * also brings the word without it ("הידע" → "ידע"), since the `simple` configuration has no Hebrew stemmer.
 */
export function searchTerms(query: string): string[] {
  const words = (
    query
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((word) => [...word].length > 1);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  const chosen = meaningful.length > 0 ? meaningful : words;
  const terms = new Set<string>();
  for (const word of chosen) {
    terms.add(word);
    const first = word[0] ?? "";
    if (HEBREW_LETTER.test(first) && HEBREW_PREFIXES.includes(first) && [...word].length > 3) {
      terms.add(word.slice(1));
    }
  }
  return [...terms].slice(0, MAX_TERMS);
}

/**
 * `'a' | 'b' | 'c'` for to_tsquery('simple', …); null when the question has no words. The terms hold only letters and
 * digits, so quoting each one is a complete escape.
 */
export function toTsQuery(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((term) => `'${term.replaceAll("'", "''")}'`).join(" | ");
}
