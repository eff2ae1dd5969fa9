/** How Bot Profile writes its figures: money in the company's currency, durations, utilisation, formula inputs. */

import { formatMoney, formatNumber } from '@common/lib/format';
import type { Currency, FormulaInput } from './types';

const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** `2 h 05 min`, `4 min 10 s`, `45 s`; — when missing. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min${rest ? ` ${rest} s` : ''}`;
  return `${rest} s`;
}

/** A utilisation ratio as a percentage with one decimal: `0.0625` → `6.3 %`. */
export function formatUtilisation(ratio: number): string {
  return `${oneDecimal.format(ratio * 100)} %`;
}

/** Months of payback, or why there is none. */
export function formatMonths(months: number | null): string {
  return months == null ? 'No savings' : `${oneDecimal.format(months)} months`;
}

/** A formula's input with its unit. */
export function formatInput(input: FormulaInput, currency: Currency): string {
  switch (input.unit) {
    case 'money':
      return formatMoney(input.value, currency);
    case 'money_per_year':
      return `${formatMoney(input.value, currency)} a year`;
    case 'money_per_month':
      return `${formatMoney(input.value, currency)} a month`;
    case 'money_per_hour':
      return `${formatMoney(input.value, currency)} an hour`;
    case 'hours':
      return `${formatNumber(input.value, true)} h`;
    case 'minutes':
      return `${formatNumber(input.value, true)} min`;
    case 'items':
      return `${formatNumber(input.value)} items`;
    case 'days':
      return `${formatNumber(input.value)} days`;
  }
}
