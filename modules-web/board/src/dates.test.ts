import { describe, expect, it } from 'vitest';

import { dueToInput, inputToDue, isOverdue } from './dates';

const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / 1000;

describe('due days', () => {
  it('stores the day of a date input as UTC midnight, and shows it back', () => {
    expect(inputToDue('2025-01-31')).toBe(day(2025, 1, 31));
    expect(dueToInput(day(2025, 1, 31))).toBe('2025-01-31');
    expect(inputToDue(' 2024-02-29 ')).toBe(day(2024, 2, 29));
  });

  it('has none for an empty input, and shows none as empty', () => {
    expect(inputToDue('')).toBeNull();
    expect(dueToInput(null)).toBe('');
    expect(dueToInput(undefined)).toBe('');
  });

  it('refuses malformed text and days that do not exist', () => {
    for (const text of ['31/01/2025', '2025-1-31', '2025-02-30', '2025-13-01', '2023-02-29', 'soon']) {
      expect(inputToDue(text)).toBeNull();
    }
  });

  it('is overdue from the day after, by the local today', () => {
    const due = day(2025, 1, 31);
    // Late in the evening of the due day west of UTC, when it is already the next day in UTC.
    expect(isOverdue(due, new Date(2025, 0, 31, 23, 0))).toBe(false);
    expect(isOverdue(due, new Date(2025, 1, 1, 0, 30))).toBe(true);
    expect(isOverdue(due, new Date(2025, 0, 30, 12, 0))).toBe(false);
  });
});
