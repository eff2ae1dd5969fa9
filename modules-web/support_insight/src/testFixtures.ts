/** Answers the tests share; nothing the remote builds imports this file. */

import type { Person } from '@common/domain/people';
import type { Insight } from './types';

/** 2040-02-29 and 2040-03-01, UTC midnight. */
export const DAY0 = 2_214_086_400;
export const DAY1 = DAY0 + 86_400;

export const INSIGHT: Insight = {
  available: true,
  range: { from: '2040-02-29', to: '2040-03-01', start: DAY0, end: DAY1 + 86_400, days: 2 },
  bucket: 'day',
  by_status: { open: 2, in_progress: 1, waiting: 1, resolved: 1, closed: 2 },
  by_priority: { Critical: 1, High: 2, Low: 2, Medium: 1, Urgent: 1 },
  opened: [
    { at: DAY0, n: 4 },
    { at: DAY1, n: 3 },
  ],
  closed: [
    { at: DAY0, n: 0 },
    { at: DAY1, n: 2 },
  ],
  mean_first_response_seconds: 1193,
  mean_resolution_seconds: 9133,
  sla: { response: { met: 4, breached: 2 }, resolution: { met: 2, breached: 1 }, compliance_pct: 66.7 },
  breaches_open: 1,
  approvals_pending: 0,
  per_process: [
    { process_id: 'p1', n: 2 },
    { process_id: 'p2', n: 1 },
  ],
  per_bot: [{ bot_id: 'Invoice bot', n: 2 }],
  workload: [
    { assignee_id: 'bob', open: 1, in_progress: 1, waiting: 0 },
    { assignee_id: 'gone', open: 0, in_progress: 0, waiting: 1 },
    { assignee_id: null, open: 1, in_progress: 0, waiting: 0 },
  ],
};

export const BOB: Person = {
  user_id: 'bob',
  email: 'bob@acme.test',
  firstname: 'Bob',
  lastname: 'Baker',
  job_title: null,
};
