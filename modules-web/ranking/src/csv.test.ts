import { describe, expect, it } from 'vitest';

import { csvHeader, rankingCsv, rankingCsvFileName, rankingCsvRows } from './csv';
import { aRanked } from './testFixtures';

const INR = { code: 'INR', symbol: '₹' };

describe('the ranking export', () => {
  it('names the currency of the money column', () => {
    expect(csvHeader(INR)).toContain('Yearly benefit (INR)');
    expect(csvHeader(INR)).toContain('Yearly benefit (hours)');
  });

  it('writes one row per process in rank order, labels for stage, health and bucket', () => {
    const rows = rankingCsvRows([aRanked(), aRanked({ rank: 2, id: 'p2', name: 'Payroll', bucket: 'long_term' })]);
    expect(rows[0]).toEqual([
      1,
      'Invoice matching',
      'Finance',
      'Analysis',
      'On track',
      83.7,
      100,
      71,
      72,
      1404,
      56160,
      0.78,
      'Quick wins',
    ]);
    expect(rows[1]?.[0]).toBe(2);
    expect(rows[1]?.[12]).toBe('Long-term');
  });

  it('writes the header, numbers without separators and missing values as empty cells', () => {
    const csv = rankingCsv([aRanked({ department: null, potential: null })], INR);
    expect(csv.startsWith(`\uFEFF${csvHeader(INR).join(',')}\r\n`)).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('1,Invoice matching,,Analysis,On track,83.7,100,71,,1404,56160,0.78,Quick wins');
  });

  it('defuses a process name that would run as a formula', () => {
    expect(rankingCsv([aRanked({ name: '=HYPERLINK("x")' })], INR).split('\r\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('names the file by the local day', () => {
    expect(rankingCsvFileName(new Date(2025, 0, 31, 23, 30))).toBe('process-ranking-2025-01-31.csv');
  });
});
