// Splits extracted text into passages of about 500–800 characters, cut at paragraph, then sentence, then word boundaries.

export const PASSAGE_MIN_CHARS = 500;
export const PASSAGE_MAX_CHARS = 800;

interface Piece {
  text: string;
  /** The piece begins a paragraph: a passage that is long enough ends before it. */
  opensParagraph: boolean;
}

/** Sentence ends in Latin, Hebrew (sof pasuq) and Arabic script, followed by space. */
const SENTENCE_END = /(?<=[.!?׃؟…])\s+/u;

function cutLong(text: string, max: number): string[] {
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  const out: string[] = [];
  let current = "";
  for (const word of words) {
    // A single word longer than a passage (a URL, a hash) is cut hard.
    for (let start = 0; start < word.length; start += max) {
      const part = word.slice(start, start + max);
      if (current.length > 0 && current.length + 1 + part.length > max) {
        out.push(current);
        current = "";
      }
      current = current.length > 0 ? `${current} ${part}` : part;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

function piecesOf(text: string, max: number): Piece[] {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph.length > 0);
  const pieces: Piece[] = [];
  for (const paragraph of paragraphs) {
    const parts =
      paragraph.length <= max
        ? [paragraph]
        : paragraph
            .split(SENTENCE_END)
            .flatMap((sentence) => (sentence.length <= max ? [sentence] : cutLong(sentence, max)));
    parts.forEach((part, index) => {
      pieces.push({ text: part, opensParagraph: index === 0 });
    });
  }
  return pieces;
}

/** Passages in reading order; whitespace inside a paragraph collapses to single spaces. */
export function splitPassages(
  text: string,
  size: { min: number; max: number } = { min: PASSAGE_MIN_CHARS, max: PASSAGE_MAX_CHARS },
): string[] {
  const passages: string[] = [];
  let current = "";
  for (const piece of piecesOf(text, size.max)) {
    const separator = piece.opensParagraph ? "\n\n" : " ";
    const endsHere =
      current.length > 0 &&
      ((piece.opensParagraph && current.length >= size.min) ||
        current.length + separator.length + piece.text.length > size.max);
    if (endsHere) {
      passages.push(current);
      current = "";
    }
    current = current.length > 0 ? `${current}${separator}${piece.text}` : piece.text;
  }
  if (current.length > 0) passages.push(current);
  return passages;
}
