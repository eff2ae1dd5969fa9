import { describe, expect, it } from 'vitest';

import { formatDateTime, formatNotificationDate, formatNotificationTime } from '../../src/app/format';

// Local times, so the expectations hold in any time zone the tests run in.
const evening = new Date(2026, 10, 21, 21, 32, 29).toISOString();
const morning = new Date(2026, 0, 5, 9, 7).toISOString();
const midnight = new Date(2026, 1, 28, 0, 4).toISOString();

describe('notification time (hh:mm a)', () => {
  it('is twelve-hour with two-digit hours and am/pm', () => {
    expect(formatNotificationTime(evening)).toBe('09:32 pm');
    expect(formatNotificationTime(morning)).toBe('09:07 am');
    expect(formatNotificationTime(midnight)).toBe('12:04 am');
  });
});

describe('notification date (DD/MM/YYYY)', () => {
  it('is day, month, year with leading zeros', () => {
    expect(formatNotificationDate(evening)).toBe('21/11/2026');
    expect(formatNotificationDate(morning)).toBe('05/01/2026');
  });
});

describe('unreadable values', () => {
  it('give empty text rather than "Invalid Date"', () => {
    expect(formatNotificationTime('not a date')).toBe('');
    expect(formatNotificationDate('')).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });

  it('date and time together for tables', () => {
    expect(formatDateTime(evening)).toBe('21/11/2026 09:32 pm');
  });
});
