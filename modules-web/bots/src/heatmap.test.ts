import { describe, expect, it } from 'vitest';

import { cellLabel, dayLabel, heatLevel, markedDays, startsWeek } from './heatmap';

/** Monday 2026-03-02 00:00 UTC. */
const MONDAY = 1_772_409_600;

describe('the heatmap', () => {
  it('puts each utilisation in its level', () => {
    expect([0, -1, Number.NaN].map(heatLevel)).toEqual([0, 0, 0]);
    expect([0.0001, 0.0999, 0.1, 0.2499, 0.25, 0.5, 0.7499, 0.75, 1, 1.4].map(heatLevel)).toEqual([
      1, 1, 2, 2, 3, 4, 4, 5, 5, 5,
    ]);
  });

  it('names days in UTC, whatever the time zone', () => {
    expect(dayLabel(MONDAY)).toBe('Mon 02/03');
    expect(dayLabel(MONDAY + 86_399)).toBe('Mon 02/03');
    expect(startsWeek(MONDAY)).toBe(true);
    expect(startsWeek(MONDAY + 86_400)).toBe(false);
  });

  it('says what a cell holds', () => {
    expect(cellLabel('Alpha', MONDAY, 0.0625, 5_400)).toBe('Alpha, Mon 02/03: 6.3 % (1 h 30 min busy)');
    expect(cellLabel('Alpha', MONDAY, 0, 0, { kind: 'holiday', label: 'Public holiday: Easter Monday' })).toBe(
      'Alpha, Mon 02/03: 0 % (0 s busy). Public holiday: Easter Monday',
    );
  });

  it("marks each of Calendar's days once, a holiday over maintenance", () => {
    const marked = markedDays([
      { day: MONDAY, name: 'SAP upgrade', kind: 'maintenance' },
      { day: MONDAY, name: 'Easter Monday', kind: 'holiday' },
      { day: MONDAY + 86_400, name: 'SAP upgrade', kind: 'maintenance' },
    ]);
    expect([...marked]).toEqual([
      [MONDAY, { kind: 'holiday', label: 'Maintenance: SAP upgrade; Public holiday: Easter Monday' }],
      [MONDAY + 86_400, { kind: 'maintenance', label: 'Maintenance: SAP upgrade' }],
    ]);
    expect(markedDays([]).size).toBe(0);
  });
});
