import { describe, expect, it } from 'vitest';

import { readCalendarUrl, withShownPeriod } from './calendarUrl';

const read = (query: string) => readCalendarUrl(new URLSearchParams(query));

describe('the calendar URL', () => {
  it('reads the view, the day and the bots layer', () => {
    expect(read('view=week&date=2026-03-02&bots=1')).toEqual({ view: 'timeGridWeek', date: '2026-03-02', bots: true });
    expect(read('')).toEqual({ view: null, date: null, bots: false });
  });

  it('ignores an unknown view and a day that does not read', () => {
    expect(read('view=year&date=2026-02-30')).toEqual({ view: null, date: null, bots: false });
    expect(read('date=tomorrow&bots=yes')).toEqual({ view: null, date: null, bots: false });
  });

  it('writes a period other than today’s, and leaves out the default view and today', () => {
    const march = { first: '2026-03-01', end: '2026-04-01', view: 'dayGridMonth' as const };
    expect(withShownPeriod(new URLSearchParams('bots=1'), march, '2026-05-10', 'dayGridMonth').toString()).toBe(
      'bots=1&date=2026-03-01',
    );
    expect(
      withShownPeriod(new URLSearchParams('date=2026-01-01'), march, '2026-03-31', 'dayGridMonth').toString(),
    ).toBe('');
    const week = { first: '2026-03-02', end: '2026-03-09', view: 'timeGridWeek' as const };
    expect(withShownPeriod(new URLSearchParams(), week, '2026-03-04', 'dayGridMonth').toString()).toBe('view=week');
    expect(withShownPeriod(new URLSearchParams('date=2026-03-05'), week, '2026-05-10', 'timeGridWeek').toString()).toBe(
      'date=2026-03-05',
    );
  });
});
