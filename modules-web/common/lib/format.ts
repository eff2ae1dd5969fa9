/** How the remotes write numbers, money and dates (the user's locale for numbers; dates as DD/MM/YYYY). */

import type { Currency } from '@autoscope/web-sdk';

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

/** The currency codes the browser can write money in (any well-formed code passes the constructor). */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The locale's money format of `code`, with its cents or in whole units; cached, as building one is slow. */
function moneyFormat(code: string, cents: boolean): Intl.NumberFormat {
  const key = `${code}:${cents}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      ...(cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * Money in the company's currency, the one way every page writes it: `$129,600`, `$40.00`, `-$840.50`; —
 * when missing. The rule: an amount under 1,000 keeps its cents (the currency's minor unit: rates such as an
 * hourly cost read `$40.00`), from 1,000 on it is in whole units (`$129,600`: cents are noise beside it).
 * The locale places the symbol, groups and signs, by the ISO code; the symbol is the company's own. A code the
 * browser does not know: the symbol before the grouped number with 2 decimals.
 */
export function formatMoney(value: number | null | undefined, currency: Currency): string {
  if (value == null || !Number.isFinite(value)) return '—';
  // Decided on the amount as shown, so that 999.996 is not written `$1,000.00`.
  const cents = Math.round(Math.abs(value) * 100) < 100_000;
  const code = currency.code.trim().toUpperCase();
  const symbol = currency.symbol.trim();
  if (!KNOWN_CURRENCIES.has(code)) {
    const number = (cents ? exactlyTwo : whole).format(Math.abs(value));
    return `${value < 0 ? '-' : ''}${symbol || code}${number}`;
  }
  return moneyFormat(code, cents)
    .formatToParts(value)
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('');
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
