/** Records the tests share; imported by nothing the remote builds. */

import type { Ticket } from './types';

/** Created at 1 000 000 by Ada, Medium: response due after 4 h, resolution after a day. */
export const TICKET: Ticket = {
  id: 't1',
  version: 3,
  created_at: 1_000_000,
  updated_at: 1_000_500,
  number: 12,
  title: 'VPN is down',
  description: 'Since this morning',
  category: 'Infrastructure',
  priority: 'Medium',
  requester_id: 'u1',
  assignee_id: 'u2',
  status: 'open',
  process_id: 'p1',
  bot_id: 'Invoice bot',
  first_response_at: null,
  resolved_at: null,
  closed_at: null,
  waiting_since: null,
  paused_seconds: 0,
  response_due: 1_000_000 + 240 * 60,
  resolution_due: 1_000_000 + 1440 * 60,
  response_seconds: null,
  resolution_seconds: null,
  response_breached: false,
  resolution_breached: false,
  approval: 'none',
};
