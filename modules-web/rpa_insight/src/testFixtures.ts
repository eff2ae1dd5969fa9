/** Answers of the plugin the tests share (imported by nothing the remote builds). */

import type { Overview, Run } from './types';

/** Monday 2026-03-02 00:00 UTC. */
export const DAY0 = 1_772_409_600;
export const DAY = 86_400;

/** The overview of the plugin's scenario (plugins/rpa_insight/tests/api.rs), first two days only. */
export function overviewFixture(): Overview {
  return {
    available: true,
    range: { from: '2026-03-02', to: '2026-03-03', start: DAY0, end: DAY0 + 2 * DAY, days: 2 },
    filters: { process: null, bot: null, queue: null },
    now: DAY0 + 2 * DAY + 3_600,
    kpis: {
      runs: 5,
      running: 0,
      successful: 2,
      failed: 2,
      stopped: 1,
      finished: 5,
      success_rate: 40,
      failure_rate: 40,
      items: 35,
      avg_duration_s: 113,
      p50_duration_s: 45,
      p90_duration_s: 350,
      p95_duration_s: 375,
    },
    per_day: [
      { day: DAY0, runs: 3, running: 0, successful: 2, failed: 1, stopped: 0, items: 30 },
      { day: DAY0 + DAY, runs: 2, running: 0, successful: 0, failed: 1, stopped: 1, items: 5 },
    ],
    duration_weeks: [{ week: DAY0, runs: 5, avg_s: 113, p50_s: 45, p90_s: 350, p95_s: 375, max_s: 400 }],
    reasons: {
      top: [
        { reason: 'SAP timeout', n: 1, share: 50, business: 0, system: 1, unspecified: 0 },
        { reason: 'Invoice missing', n: 1, share: 50, business: 1, system: 0, unspecified: 0 },
      ],
      other: 0,
      distinct: 2,
    },
    exceptions: { business: 1, system: 1, unspecified: 0 },
    queues: {
      per_day: [
        { day: DAY0, added: 5, new: 1, in_progress: 2, successful: 1, failed: 1, abandoned: 0 },
        { day: DAY0 + DAY, added: 0, new: 0, in_progress: 0, successful: 0, failed: 0, abandoned: 0 },
      ],
      backlog: [
        { queue: 'Invoices in', new: 2, in_progress: 2, total: 4 },
        { queue: 'HR in', new: 1, in_progress: 0, total: 1 },
      ],
      sla: { met: 2, at_risk: 1, breached: 3, late: 1, overdue: 2, met_rate: 40 },
      stuck: { in_progress: 1, new: 2, in_progress_after_s: 14_400, new_after_s: 86_400 },
    },
  };
}

export function runFixture(overrides: Partial<Run> = {}): Run {
  return {
    id: 'run-1',
    external_id: 'r4',
    bot: 'Bravo',
    process: 'Invoices',
    started_at: DAY0 + DAY + 3_600,
    ended_at: DAY0 + DAY + 3_700,
    status: 'failed',
    items: 2,
    exception_type: 'system',
    reason: 'SAP timeout',
    duration_s: 100,
    ...overrides,
  };
}
