import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import {
  botRows,
  bucketLabel,
  formatDuration,
  openedClosed,
  percentMet,
  priorityBars,
  processRows,
  slaSlices,
  statusBars,
  totals,
  workloadRows,
} from './figures';
import { BOB, DAY0, DAY1, INSIGHT } from './testFixtures';

describe('durations', () => {
  it('are written in the largest two units that matter', () => {
    expect([0, 45, 59.6, 60, 719, 3600, 3660, 9133, 86_400, 97_200, 200_000].map(formatDuration)).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '1 min',
      '11 min',
      '1 h',
      '1 h 1 min',
      '2 h 32 min',
      '1 d',
      '1 d 3 h',
      '2 d 7 h',
    ]);
  });

  it('are a dash when there is none', () => {
    expect([null, undefined, Number.NaN, -1].map(formatDuration)).toEqual(['—', '—', '—', '—']);
  });
});

describe('the bars', () => {
  it('show every status in workflow order with its colour', () => {
    expect(statusBars(INSIGHT.by_status)).toEqual([
      { label: 'Open', tickets: 2, color: 'blue.6' },
      { label: 'In progress', tickets: 1, color: 'violet.6' },
      { label: 'Waiting', tickets: 1, color: 'yellow.6' },
      { label: 'Resolved', tickets: 1, color: 'teal.6' },
      { label: 'Closed', tickets: 2, color: 'gray.6' },
    ]);
    expect(statusBars({}).map((bar) => bar.tickets)).toEqual([0, 0, 0, 0, 0]);
  });

  it('show the masters’ priorities most urgent first, then the company’s own', () => {
    expect(priorityBars(INSIGHT.by_priority).map((bar) => [bar.label, bar.tickets, bar.color])).toEqual([
      ['Critical', 1, 'red.6'],
      ['High', 2, 'orange.6'],
      ['Medium', 1, 'yellow.6'],
      ['Low', 2, 'gray.6'],
      ['Urgent', 1, 'gray.6'],
    ]);
  });
});

describe('the series', () => {
  it('label buckets by their UTC start, whatever the time zone', () => {
    expect(bucketLabel(DAY0, 'day')).toBe('29/02');
    expect(bucketLabel(DAY0 - 2 * 86_400, 'week')).toBe('27/02');
    expect(bucketLabel(DAY1, 'month')).toBe('03/2040');
  });

  it('put opened and closed side by side per bucket, in time order', () => {
    const rows = openedClosed(
      [
        { at: DAY1, n: 3 },
        { at: DAY0, n: 4 },
      ],
      [{ at: DAY1, n: 2 }],
      'day',
    );
    expect(rows).toEqual([
      { at: DAY0, label: '29/02', Opened: 4, Closed: 0 },
      { at: DAY1, label: '01/03', Opened: 3, Closed: 2 },
    ]);
    expect(openedClosed([], [], 'week')).toEqual([]);
  });
});

describe('SLA', () => {
  it('slices met and breached targets', () => {
    expect(slaSlices(INSIGHT.sla.response)).toEqual([
      { name: 'Met', value: 4, color: 'teal.6' },
      { name: 'Breached', value: 2, color: 'red.6' },
    ]);
  });

  it('gives the share met with one decimal, or nothing when none was decided', () => {
    expect(percentMet(INSIGHT.sla.resolution)).toBe(66.7);
    expect(percentMet({ met: 1, breached: 0 })).toBe(100);
    expect(percentMet({ met: 0, breached: 0 })).toBeNull();
  });
});

describe('the tables', () => {
  it('count the tickets opened and closed in the range', () => {
    expect(totals(INSIGHT)).toEqual({ opened: 7, closed: 2 });
  });

  it('name processes when their names are known, and show ids otherwise', () => {
    const names = new Map([['p1', 'Invoice posting']]);
    expect(processRows(INSIGHT, names, 7)).toEqual([
      { key: 'p1', label: 'Invoice posting', n: 2, share: 28.6 },
      { key: 'p2', label: 'p2', n: 1, share: 14.3 },
    ]);
    expect(processRows(INSIGHT, null, 7).map((row) => row.label)).toEqual(['p1', 'p2']);
    expect(processRows(INSIGHT, null, 0).map((row) => row.share)).toEqual([0, 0]);
  });

  it('show bots as the tickets name them', () => {
    expect(botRows(INSIGHT, 7)).toEqual([{ key: 'Invoice bot', label: 'Invoice bot', n: 2, share: 28.6 }]);
  });

  it('name agents from the directory, a former one as such, and the unassigned tickets last', () => {
    expect(workloadRows(INSIGHT.workload, indexPeople([BOB]))).toEqual([
      { key: 'bob', name: 'Bob Baker', open: 1, in_progress: 1, waiting: 0, total: 2 },
      { key: 'gone', name: 'Former user', open: 0, in_progress: 0, waiting: 1, total: 1 },
      { key: '', name: 'Unassigned', open: 1, in_progress: 0, waiting: 0, total: 1 },
    ]);
    expect(workloadRows(INSIGHT.workload, indexPeople([]))[0]?.name).toBe('…');
  });
});
