import { describe, expect, it } from 'vitest';

import {
  NO_REPEAT,
  describeRecurrence,
  fromRecurrence,
  nthWeekday,
  repeatErrors,
  toRecurrence,
  weekdayOfDay,
} from './recurrence';

describe('recurrence', () => {
  it('maps the Repeat fields to the API and back', () => {
    const weekly = {
      ...NO_REPEAT,
      freq: 'weekly' as const,
      interval: 2,
      weekdays: ['WE' as const, 'MO' as const],
      ends: 'after' as const,
      count: 8,
    };
    const recurrence = toRecurrence(weekly);
    expect(recurrence).toEqual({
      freq: 'weekly',
      interval: 2,
      by_weekday: ['MO', 'WE'],
      monthly_by: 'date',
      until: null,
      count: 8,
    });
    expect(fromRecurrence(recurrence)).toEqual({ ...weekly, weekdays: ['MO', 'WE'] });
    expect(toRecurrence(NO_REPEAT)).toBeNull();
    expect(
      toRecurrence({
        ...NO_REPEAT,
        freq: 'monthly',
        monthlyBy: 'weekday',
        weekdays: ['TU'],
        ends: 'on',
        until: '2027-01-31',
      }),
    ).toEqual({
      freq: 'monthly',
      interval: 1,
      by_weekday: [],
      monthly_by: 'weekday',
      until: '2027-01-31',
      count: null,
    });
  });

  it('checks the interval, the last day and the count', () => {
    expect(repeatErrors({ ...NO_REPEAT, freq: 'daily', interval: 0 }, '2026-03-03')).toEqual({
      interval: 'Repeat every 1 to 99 periods',
    });
    expect(repeatErrors({ ...NO_REPEAT, freq: 'daily', ends: 'on', until: '2026-03-01' }, '2026-03-03')).toEqual({
      until: 'The end date of a series is a day (YYYY-MM-DD) after its start',
    });
    expect(repeatErrors({ ...NO_REPEAT, freq: 'daily', ends: 'after', count: 731 }, '2026-03-03')).toEqual({
      count: 'Repeat 1 to 730 times',
    });
    expect(repeatErrors({ ...NO_REPEAT, interval: 0 }, '2026-03-03')).toEqual({});
  });

  it('names weekdays and nth weekdays, the fifth as the last', () => {
    expect(weekdayOfDay('2026-03-03')).toBe('TU');
    expect(nthWeekday('2026-03-10')).toBe('second Tuesday');
    expect(nthWeekday('2026-03-31')).toBe('last Tuesday');
  });

  it('says a series in words', () => {
    expect(
      describeRecurrence(
        { freq: 'weekly', interval: 1, by_weekday: [], monthly_by: 'date', until: null, count: null },
        '2026-03-03',
      ),
    ).toBe('Every week on Tue');
    expect(
      describeRecurrence(
        { freq: 'monthly', interval: 2, by_weekday: [], monthly_by: 'weekday', until: null, count: 3 },
        '2026-03-10',
      ),
    ).toBe('Every 2 months on the second Tuesday, 3 times');
  });
});
