import { describe, expect, it } from 'vitest';

import {
  dayLabel,
  describeTotals,
  durationStep,
  durationTrend,
  exceptionSlices,
  formatSeconds,
  formatUtc,
  hasActivity,
  queueKpis,
  queueVolume,
  runKpis,
  runsCsv,
  runsPerDay,
  statusLabel,
  totalBacklog,
  waited,
} from './figures';
import { DAY, DAY0, overviewFixture, runFixture } from './testFixtures';

describe('formats', () => {
  it('writes durations in the largest two units', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(44.6)).toBe('45 s');
    expect(formatSeconds(60)).toBe('1 min');
    expect(formatSeconds(200)).toBe('3 min 20 s');
    expect(formatSeconds(3_600)).toBe('1 h');
    expect(formatSeconds(7_500)).toBe('2 h 5 min');
    expect(formatSeconds(86_400 + 3 * 3_600 + 59)).toBe('1 d 3 h');
    expect(formatSeconds(2 * 86_400)).toBe('2 d');
    expect([formatSeconds(null), formatSeconds(undefined), formatSeconds(-1), formatSeconds(Number.NaN)]).toEqual([
      '—',
      '—',
      '—',
      '—',
    ]);
  });

  it('writes UTC days and times whatever the time zone', () => {
    // The tests run in Los Angeles, where 2026-03-02 00:00 UTC is still the 1st.
    expect(dayLabel(DAY0)).toBe('02/03');
    expect(dayLabel(DAY0 + DAY - 1)).toBe('02/03');
    expect(formatUtc(DAY0 + 3_600 + 300)).toBe('2026-03-02 01:05');
    expect(formatUtc(null)).toBe('');
    expect(statusLabel('failed')).toBe('Failed');
    expect(statusLabel('paused')).toBe('paused');
  });

  it('counts the wait from a start to now', () => {
    expect(waited(100, 400)).toBe(300);
    expect(waited(500, 400)).toBe(0);
    expect(waited(null, 400)).toBeNull();
  });
});

describe('KPIs', () => {
  it('show the run figures under stable ids', () => {
    const kpis = runKpis(overviewFixture());
    expect(kpis.map((kpi) => [kpi.id, kpi.value])).toEqual([
      ['runs', '5'],
      ['success-rate', '40 %'],
      ['failure-rate', '40 %'],
      ['items', '35'],
      ['avg-duration', '1 min 53 s'],
      ['p50', '45 s'],
      ['p90', '5 min 50 s'],
      ['p95', '6 min 15 s'],
    ]);
    expect(kpis[1]?.hint).toBe('2 of 5 finished runs');
    expect(kpis[2]?.color).toBe('red');
  });

  it('say when nothing finished', () => {
    const overview = overviewFixture();
    overview.kpis = {
      ...overview.kpis,
      runs: 1,
      running: 1,
      successful: 0,
      failed: 0,
      stopped: 0,
      finished: 0,
      success_rate: null,
      failure_rate: null,
      avg_duration_s: null,
      p50_duration_s: null,
      p90_duration_s: null,
      p95_duration_s: null,
    };
    const kpis = runKpis(overview);
    expect(kpis.map((kpi) => kpi.value)).toEqual(['1', '—', '—', '35', '—', '—', '—', '—']);
    expect(kpis[0]?.hint).toBe('1 still running');
    expect(kpis[1]?.hint).toBe('No run finished');
    expect(kpis[2]?.color).toBeUndefined();
  });

  it('show the queue figures: backlog, SLA and stuck items', () => {
    const kpis = queueKpis(overviewFixture());
    expect(kpis.map((kpi) => [kpi.id, kpi.value, kpi.hint])).toEqual([
      ['backlog', '5', 'New and in progress, now'],
      ['sla-met', '2', '40 % of met and breached items'],
      ['sla-at-risk', '1', 'Open, due within the hour'],
      ['sla-breached', '3', '1 ended late · 2 open past due'],
      ['stuck-in-progress', '1', 'In progress over 4 h'],
      ['stuck-new', '2', 'New for over 1 d'],
    ]);
    expect(totalBacklog([])).toBe(0);
  });
});

describe('chart rows', () => {
  it('stack runs per day by status', () => {
    expect(runsPerDay(overviewFixture().per_day)).toEqual([
      { at: DAY0, label: '02/03', Successful: 2, Failed: 1, Stopped: 0, Running: 0 },
      { at: DAY0 + DAY, label: '03/03', Successful: 0, Failed: 1, Stopped: 1, Running: 0 },
    ]);
  });

  it('step a duration axis by round seconds, minutes or hours, six ticks at most', () => {
    expect(durationStep(0)).toBe(1);
    expect(durationStep(45)).toBe(10);
    expect(durationStep(18 * 60 + 21)).toBe(300);
    expect(durationStep(5 * 3600)).toBe(3600);
    expect(durationStep(30 * 86400)).toBe(5 * 86400);
  });

  it('draw percentiles and the mean per week, gaps for weeks without finished runs', () => {
    const weeks = [
      ...overviewFixture().duration_weeks,
      { week: DAY0 + 7 * DAY, runs: 0, avg_s: null, p50_s: null, p90_s: null, p95_s: null, max_s: null },
    ];
    expect(durationTrend(weeks)).toEqual([
      { at: DAY0, label: '02/03', p50: 45, p90: 350, p95: 375, Average: 113 },
      { at: DAY0 + 7 * DAY, label: '09/03', p50: null, p90: null, p95: null, Average: null },
    ]);
  });

  it('slice the exceptions, leaving out empty slices', () => {
    expect(exceptionSlices({ business: 1, system: 3, unspecified: 0 })).toEqual([
      { name: 'Business', value: 1, color: 'orange.6' },
      { name: 'System', value: 3, color: 'red.6' },
    ]);
    expect(exceptionSlices({ business: 0, system: 0, unspecified: 2 })).toEqual([
      { name: 'Not given', value: 2, color: 'gray.5' },
    ]);
  });

  it('stack queue items added per day, open ones together', () => {
    expect(queueVolume(overviewFixture().queues.per_day)[0]).toEqual({
      at: DAY0,
      label: '02/03',
      Open: 3,
      Successful: 1,
      Failed: 1,
      Abandoned: 0,
    });
  });

  it('read a chart out as totals', () => {
    const rows = runsPerDay(overviewFixture().per_day);
    expect(describeTotals('Runs per day', rows, ['Successful', 'Failed'])).toBe('Runs per day: 2 successful, 2 failed');
  });

  it('know when a range has nothing to chart', () => {
    const overview = overviewFixture();
    expect(hasActivity(overview)).toBe(true);
    // No run, but queue items were added.
    overview.kpis = { ...overview.kpis, runs: 0 };
    expect(hasActivity(overview)).toBe(true);
    overview.queues.per_day = overview.queues.per_day.map((day) => ({ ...day, added: 0 }));
    expect(hasActivity(overview)).toBe(false);
  });
});

describe('CSV', () => {
  it('writes every column of the runs, UTC times and guarded text', () => {
    const csv = runsCsv([
      runFixture(),
      runFixture({
        id: 'run-2',
        external_id: 'r6',
        status: 'running',
        ended_at: null,
        duration_s: null,
        items: 0,
        exception_type: null,
        reason: '=HYPERLINK("x")',
      }),
    ]);
    const lines = csv.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      'Started (UTC),Ended (UTC),Bot,Process,Status,Duration (s),Items,Exception type,Reason,External id',
    );
    expect(lines[1]).toBe('2026-03-03 01:00,2026-03-03 01:01,Bravo,Invoices,Failed,100,2,system,SAP timeout,r4');
    expect(lines[2]).toBe(`2026-03-03 01:00,,Bravo,Invoices,Running,,0,,"'=HYPERLINK(""x"")",r6`);
    expect(lines).toHaveLength(4);
  });
});
