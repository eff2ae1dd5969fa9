import { describe, expect, it } from 'vitest';

import { dayStart, describeWhen, fromCalendarString, fromInputs, shownZone, toInputs } from './time';

describe('time', () => {
  it('reads and writes a date and time in the person zone, not the browser one', () => {
    // 2026-03-03 10:00 in Berlin (UTC+1) is 09:00 UTC.
    const at = fromInputs('2026-03-03', '10:00', 'Europe/Berlin');
    expect(at).toBe(Date.UTC(2026, 2, 3, 9) / 1000);
    expect(toInputs(at!, 'Europe/Berlin')).toEqual({ date: '2026-03-03', time: '10:00' });
    expect(toInputs(at!, 'Asia/Tokyo')).toEqual({ date: '2026-03-03', time: '18:00' });
    expect(fromInputs('2026-03-03', '', 'Europe/Berlin')).toBeNull();
  });

  it('takes all-day days as 00:00 UTC', () => {
    expect(dayStart('2026-03-03')).toBe(Date.UTC(2026, 2, 3) / 1000);
    expect(fromCalendarString('2026-03-03')).toBe(Date.UTC(2026, 2, 3) / 1000);
    expect(fromCalendarString('2026-03-03T10:00:00+01:00')).toBe(Date.UTC(2026, 2, 3, 9) / 1000);
  });

  it('says when in the zone shown', () => {
    const start = Date.UTC(2026, 2, 3, 9) / 1000;
    expect(describeWhen(start, start + 3600, false, 'Europe/Berlin')).toBe('Tue 3 Mar 2026, 10:00 – 11:00');
    const day = Date.UTC(2026, 2, 3) / 1000;
    expect(describeWhen(day, day + 86400, true, 'America/Los_Angeles')).toBe('Tue 3 Mar 2026, all day');
    expect(describeWhen(day, day + 3 * 86400, true, 'Asia/Tokyo')).toBe('Tue 3 Mar 2026 – Thu 5 Mar 2026, all day');
  });

  it('prefers the profile zone', () => {
    expect(shownZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(shownZone(null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
