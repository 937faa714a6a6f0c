// The API key form's expiry: a date field ("YYYY-MM-DD", the user's own calendar) ↔ the ISO instant the server keeps.

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** "YYYY-MM-DD" of a local date. */
export function dateFieldValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The earliest expiry the form offers: tomorrow (a key that expires today would be useless). */
export function earliestExpiry(now: Date): string {
  return dateFieldValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

/**
 * A key "expires on D" works through that whole day: the instant is its last millisecond, local time. null for a value
 * that is not a real date, or not after today.
 */
export function expiryInstant(value: string, now: Date): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  if (value < earliestExpiry(now)) return null;
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}
