/** How the process modules write numbers and dates (the user's locale for numbers; dates as DD/MM/YYYY). */

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const upToTwo = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const exactlyTwo = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A number with grouping: whole by default, up to 2 decimals (as the servers round) with `precise`; — when missing. */
export function formatNumber(value: number | null | undefined, precise = false): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return (precise ? upToTwo : whole).format(value);
}

/** A score, always with 2 decimals so that a column of them lines up. */
export function formatScore(value: number): string {
  return exactlyTwo.format(value);
}

/** A percentage such as `72 %`, or — when missing (not assessed). */
export function formatPercent(value: number | null | undefined): string {
  return value == null ? '—' : `${formatNumber(value, true)} %`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Unix seconds → `21/11/2026`: the local day, or with `utc` the UTC day (for days stored as
 * UTC midnight, which every time zone must read as the same day); '' when missing.
 */
export function formatDate(seconds: number | null | undefined, utc = false): string {
  if (seconds == null || !Number.isFinite(seconds)) return '';
  const at = new Date(seconds * 1000);
  const [day, month, year] = utc
    ? [at.getUTCDate(), at.getUTCMonth(), at.getUTCFullYear()]
    : [at.getDate(), at.getMonth(), at.getFullYear()];
  return `${pad(day)}/${pad(month + 1)}/${year}`;
}

/** Unix seconds → `21/11/2026 09:32 pm`, local time; '' when missing. */
export function formatDateTime(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '';
  const at = new Date(seconds * 1000);
  const hours = at.getHours() % 12 || 12;
  return `${formatDate(seconds)} ${pad(hours)}:${pad(at.getMinutes())} ${at.getHours() < 12 ? 'am' : 'pm'}`;
}

/** A local day as `2026-11-21`, for file names. */
export function isoDay(at = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A key as words: `in_progress` → `In progress`. */
export function humanize(text: string): string {
  const spaced = text.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
