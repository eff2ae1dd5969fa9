import { describe, expect, it } from 'vitest';

import { monthNote, prorationText, runDataText } from './runData';
import { benefits } from './testFixtures';

const DAYS = { start: 0, end: 0 };

describe('run data', () => {
  it('says from when to when there is some, or that none came yet', () => {
    expect(runDataText({ ...DAYS, from: '2026-09-01', to: '2026-11-29', days: 90 })).toBe(
      'Run data from 2026-09-01 to 2026-11-29.',
    );
    expect(runDataText(null)).toBe('No run data yet.');
  });

  it('names the days the estimates and licences are prorated over', () => {
    expect(prorationText({ ...DAYS, from: '2026-11-13', to: '2026-11-29', days: 17 })).toMatch(
      / are prorated to the 17 days of run data in the range \(2026-11-13 to 2026-11-29\)\.$/,
    );
    expect(prorationText({ ...DAYS, from: '2026-11-29', to: '2026-11-29', days: 1 })).toMatch(
      / to the 1 day of run data in the range /,
    );
    expect(prorationText(null)).toMatch(/ are prorated to the days of run data in the range: none\.$/);
  });

  it('marks a month without runs, or with fewer days of run data than a month', () => {
    const month = (runs: number, days: number, dataDays: number) => ({
      month: '2026-09',
      days,
      data_days: dataDays,
      ...benefits({}, runs),
    });
    expect(monthNote(month(0, 30, 30))).toBe('No runs');
    expect(monthNote(month(0, 30, 0))).toBe('No runs');
    expect(monthNote(month(12, 30, 17))).toBe('17 days of run data');
    expect(monthNote(month(12, 1, 1))).toBe('1 day of run data');
    expect(monthNote(month(12, 30, 30))).toBeNull();
    expect(monthNote(month(12, 28, 28))).toBeNull();
  });
});
