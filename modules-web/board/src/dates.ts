/**
 * Due dates: a day, stored as unix seconds at UTC midnight, so that every time zone reads
 * the same day; shown and compared as that UTC day.
 */

/** `YYYY-MM-DD` for a date input; '' for none. */
export function dueToInput(due: number | null | undefined): string {
  if (due === null || due === undefined) return '';
  return new Date(due * 1000).toISOString().slice(0, 10);
}

/** Unix seconds of the day a date input holds; null for an empty or malformed value (or a day that does not exist). */
export function inputToDue(text: string): number | null {
  const day = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls 2025-02-30 over to March: only a day that reads back the same exists.
  return Number.isNaN(ms) || dueToInput(ms / 1000) !== day ? null : ms / 1000;
}

/** Whether the due day is before today (the user's today). */
export function isOverdue(due: number, now: Date): boolean {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 1000;
  return due < today;
}
