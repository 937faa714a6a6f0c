// LIKE and ILIKE patterns from what a user typed: backslash, % and _ are escaped, so they match only themselves.

const escaped = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Matches values that contain `text` anywhere. */
export function likeContaining(text: string): string {
  return `%${escaped(text)}%`;
}

/** Matches values that start with `text`. */
export function likeStartingWith(text: string): string {
  return `${escaped(text)}%`;
}
