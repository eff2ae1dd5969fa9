/**
 * Days as a date input holds them (`YYYY-MM-DD`) against unix seconds at the day's UTC
 * midnight, so that every time zone reads the same day (and the days the plugins' UTC
 * aggregates cut).
 */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day holding `seconds`; '' for none. */
export function utcDayInput(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '';
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Unix seconds of the UTC midnight a date input's day starts; null for an empty, malformed or non-existent day. */
export function parseUtcDayInput(text: string): number | null {
  const day = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls 2025-02-30 over to March: only a day that reads back the same exists.
  return Number.isNaN(ms) || utcDayInput(ms / 1000) !== day ? null : ms / 1000;
}

/** The user's today as a UTC day input (their calendar date, not UTC's). */
export function todayInput(now = new Date()): string {
  return utcDayInput(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 1000);
}

/** Whether the UTC day starting at `seconds` is before the user's today (their calendar date): a due day overdue. */
export function isPastDay(seconds: number, now = new Date()): boolean {
  return seconds < Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 1000;
}

/** The day input `days` after (or before, when negative) a valid day input. */
export function addDays(day: string, days: number): string {
  const start = parseUtcDayInput(day);
  return start === null ? '' : utcDayInput(start + (days * DAY_MS) / 1000);
}
