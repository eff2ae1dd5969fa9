import { describe, expect, it } from 'vitest';

import { addDays, parseUtcDayInput, todayInput, utcDayInput } from './days';

describe('day inputs', () => {
  it('read and write the UTC day, whatever the time zone', () => {
    expect(parseUtcDayInput('2040-02-29')).toBe(2_214_086_400);
    expect(utcDayInput(2_214_086_400)).toBe('2040-02-29');
    expect(utcDayInput(2_214_086_400 + 86_399)).toBe('2040-02-29');
    expect(utcDayInput(null)).toBe('');
  });

  it('refuse malformed and non-existent days', () => {
    for (const text of ['', '29/02/2040', '2041-02-29', '2040-13-01', '2040-2-9']) {
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
});
