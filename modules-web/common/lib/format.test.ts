import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatScore,
  humanize,
  isoDay,
} from './format';

/** Unix seconds of a local time (the tests run west of UTC: see vitest.config.ts). */
const local = (...parts: [number, number, number, number?, number?]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0).getTime() / 1000;

describe('numbers', () => {
  it('writes whole numbers by default and up to two decimals when precise', () => {
    expect(formatNumber(1234.56)).toBe((1235).toLocaleString());
    expect(formatNumber(1234.567, true)).toBe((1234.57).toLocaleString());
    expect(formatNumber(2.5, true)).toBe((2.5).toLocaleString());
  });

  it('shows a dash for what is missing or not a number', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(undefined, true)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Infinity)).toBe('—');
    expect(formatNumber(0)).toBe('0');
  });

  it('writes a score with exactly two decimals', () => {
    expect(formatScore(72)).toBe((72).toLocaleString(undefined, { minimumFractionDigits: 2 }));
    expect(formatScore(0.5)).toMatch(/^0.50$/);
    expect(formatScore(1 / 3)).toMatch(/^0.33$/);
  });

  it('writes a percentage, or a dash before the assessment', () => {
    expect(formatPercent(72.456)).toBe(`${(72.46).toLocaleString()} %`);
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(null)).toBe('—');
  });
});

// The tests run in en-US (as the browser tests do): the locale places the symbol and groups.
describe('money', () => {
  const USD = { code: 'USD', symbol: '$' };

  it('keeps the cents of amounts under 1,000 and writes larger ones in whole units', () => {
    expect(formatMoney(40, USD)).toBe('$40.00');
    expect(formatMoney(12.5, USD)).toBe('$12.50');
    expect(formatMoney(999.99, USD)).toBe('$999.99');
    expect(formatMoney(0, USD)).toBe('$0.00');
    expect(formatMoney(1000, USD)).toBe('$1,000');
    expect(formatMoney(129_600.4, USD)).toBe('$129,600');
    // Decided on the amount as shown: 999.996 is a thousand, not `$1,000.00`.
    expect(formatMoney(999.996, USD)).toBe('$1,000');
  });

  it('signs what is negative and shows a dash for what is missing', () => {
    expect(formatMoney(-840.5, USD)).toBe('-$840.50');
    expect(formatMoney(-12_345, USD)).toBe('-$12,345');
    expect(formatMoney(null, USD)).toBe('—');
    expect(formatMoney(undefined, USD)).toBe('—');
    expect(formatMoney(Number.NaN, USD)).toBe('—');
  });

  it("writes the company's own symbol, with the currency's minor unit", () => {
    expect(formatMoney(24_000, { code: 'INR', symbol: '₹' })).toBe('₹24,000');
    expect(formatMoney(2.5, { code: 'eur', symbol: '€' })).toBe('€2.50');
    expect(formatMoney(40, { code: 'CHF', symbol: 'Fr.' })).toBe('Fr.\u00a040.00');
    expect(formatMoney(500, { code: 'JPY', symbol: '¥' })).toBe('¥500');
    // Without a symbol of its own, the locale's for the code.
    expect(formatMoney(40, { code: 'GBP', symbol: ' ' })).toBe('£40.00');
  });

  it('puts the symbol before the grouped number for a code the browser does not know', () => {
    expect(formatMoney(1_234.5, { code: 'KID', symbol: '$' })).toBe('$1,235');
    expect(formatMoney(-30, { code: 'GGP', symbol: '£' })).toBe('-£30.00');
    expect(formatMoney(30, { code: '', symbol: '' })).toBe('30.00');
  });
});

describe('dates', () => {
  it('runs west of UTC, where local and UTC days differ in the evening', () => {
    expect(new Date(0).getTimezoneOffset()).toBeGreaterThan(0);
  });

  it('writes the local day as DD/MM/YYYY', () => {
    expect(formatDate(local(2026, 11, 21, 21, 32))).toBe('21/11/2026');
    expect(formatDate(local(2026, 1, 5))).toBe('05/01/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });

  it('writes a day stored as UTC midnight as that day in every time zone', () => {
    const due = Date.UTC(2025, 0, 31) / 1000;
    expect(formatDate(due, true)).toBe('31/01/2025');
    // Read as a local time it would be the evening before here.
    expect(formatDate(due)).toBe('30/01/2025');
  });

  it('writes date and time as DD/MM/YYYY hh:mm am/pm', () => {
    expect(formatDateTime(local(2026, 11, 21, 21, 32))).toBe('21/11/2026 09:32 pm');
    expect(formatDateTime(local(2026, 11, 21, 0, 5))).toBe('21/11/2026 12:05 am');
    expect(formatDateTime(local(2026, 11, 21, 12, 0))).toBe('21/11/2026 12:00 pm');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('names files by the local day', () => {
    expect(isoDay(new Date(2026, 2, 4, 23, 59))).toBe('2026-03-04');
  });

  it('turns keys into words', () => {
    expect(humanize('in_progress')).toBe('In progress');
    expect(humanize('resolution_due')).toBe('Resolution due');
    expect(humanize('open')).toBe('Open');
  });
});
