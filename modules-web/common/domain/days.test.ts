import { describe, expect, it } from 'vitest';

import { addDays, isPastDay, parseUtcDayInput, todayInput, utcDayInput } from './days';

const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / 1000;

describe('day inputs', () => {
  it('read and write the UTC day, whatever the time zone', () => {
    expect(parseUtcDayInput('2040-02-29')).toBe(2_214_086_400);
    expect(utcDayInput(2_214_086_400)).toBe('2040-02-29');
    expect(utcDayInput(2_214_086_400 + 86_399)).toBe('2040-02-29');
    expect(utcDayInput(null)).toBe('');
    expect(utcDayInput(undefined)).toBe('');
    expect(parseUtcDayInput('2025-01-31')).toBe(day(2025, 1, 31));
    expect(utcDayInput(day(2025, 1, 31))).toBe('2025-01-31');
  });

  it('refuse malformed and non-existent days', () => {
    for (const text of ['', '29/02/2040', '2041-02-29', '2040-13-01', '2040-2-9', '2025-02-30', 'soon']) {
      expect(parseUtcDayInput(text)).toBeNull();
    }
    expect(parseUtcDayInput(' 2040-03-01 ')).toBe(2_214_172_800);
  });

  it('take today from the user’s calendar, not from UTC', () => {
    // 23:30 on 28 February in Los Angeles (the tests' zone) is already 29 February in UTC.
    expect(todayInput(new Date(2040, 1, 28, 23, 30))).toBe('2040-02-28');
  });

  it('count days forward and back across months and leap days', () => {
    expect(addDays('2040-02-28', 1)).toBe('2040-02-29');
    expect(addDays('2040-03-01', -1)).toBe('2040-02-29');
    expect(addDays('2040-01-01', -1)).toBe('2039-12-31');
    expect(addDays('nonsense', 1)).toBe('');
  });

  it('count a due day as past from the day after, by the user’s today', () => {
    const due = day(2025, 1, 31);
    // Late in the evening of the due day west of UTC, when it is already the next day in UTC.
    expect(isPastDay(due, new Date(2025, 0, 31, 23, 0))).toBe(false);
    expect(isPastDay(due, new Date(2025, 1, 1, 0, 30))).toBe(true);
    expect(isPastDay(due, new Date(2025, 0, 30, 12, 0))).toBe(false);
  });
});
