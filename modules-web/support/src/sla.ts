/**
 * SLA as the remote shows it: durations, where a ticket stands against its stored due times
 * and breach flags (all computed by the plugin; only "due in …" is measured here against the
 * clock), and the checks of the SLA policy form (the plugin's messages, word for word).
 */

import { MESSAGES } from './generated';
import type { SlaPolicy, Ticket } from './types';

/** `2 d 4 h`, `3 h 20 min`, `45 min`, `under a minute` (whole minutes, rounded down). */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** An SLA target in minutes, as a duration: 240 → `4 h`. */
export function formatMinutes(minutes: number): string {
  return formatDuration(minutes * 60);
}

/** Under this much time left, a due time shows as close. */
export const SOON_SECONDS = 60 * 60;

/**
 * Where one target stands: met or breached once done; paused while waiting; running, soon
 * or overdue against the due time; none without a due time (or done without it being met).
 */
export type DueTone = 'met' | 'breached' | 'paused' | 'running' | 'soon' | 'overdue' | 'none';

export interface DueState {
  tone: DueTone;
  /** `due in 3 h`, `overdue by 5 min`, `responded in 12 min`, `paused`, `—`. */
  label: string;
  /** The stored due time, for a tooltip. */
  due: number | null;
  /** The plugin's breach flag. */
  breached: boolean;
}

export type Target = 'response' | 'resolution';

/** The ticket's fields of one target. */
function targetFields(ticket: Ticket, target: Target) {
  return target === 'response'
    ? {
        doneAt: ticket.first_response_at ?? null,
        seconds: ticket.response_seconds ?? null,
        due: ticket.response_due ?? null,
        breached: ticket.response_breached === true,
        doneVerb: 'responded',
      }
    : {
        doneAt: ticket.resolved_at ?? null,
        seconds: ticket.resolution_seconds ?? null,
        due: ticket.resolution_due ?? null,
        breached: ticket.resolution_breached === true,
        doneVerb: 'resolved',
      };
}

/** Where `target` of `ticket` stands at `now` (unix seconds). */
export function dueState(ticket: Ticket, target: Target, now: number): DueState {
  const { doneAt, seconds, due, breached, doneVerb } = targetFields(ticket, target);
  if (doneAt != null) {
    const took = seconds ?? doneAt - ticket.created_at;
    return { tone: breached ? 'breached' : 'met', label: `${doneVerb} in ${formatDuration(took)}`, due, breached };
  }
  // Resolved or closed without this target met (a requester closing their own ticket): nothing runs.
  if (due == null || ticket.status === 'resolved' || ticket.status === 'closed') {
    return { tone: breached ? 'breached' : 'none', label: '—', due, breached };
  }
  if (ticket.status === 'waiting') return { tone: 'paused', label: 'paused', due, breached };
  const left = due - now;
  if (left > 0) {
    const tone = breached ? 'breached' : left < SOON_SECONDS ? 'soon' : 'running';
    return { tone, label: `due in ${formatDuration(left)}`, due, breached };
  }
  return { tone: breached ? 'breached' : 'overdue', label: `overdue by ${formatDuration(-left)}`, due, breached };
}

/** The Mantine colour of a tone. */
export const TONE_COLORS: Readonly<Record<DueTone, string>> = {
  met: 'green',
  breached: 'red',
  paused: 'yellow',
  running: 'gray',
  soon: 'orange',
  overdue: 'red',
  none: 'gray',
};

/** The targets a ticket breached, as the plugin flagged them. */
export function breachedTargets(ticket: Ticket): Target[] {
  const targets: Target[] = [];
  if (ticket.response_breached) targets.push('response');
  if (ticket.resolution_breached) targets.push('resolution');
  return targets;
}

/** The plugin's messages for SLA policies that it refuses. */
export const SLA_MESSAGES = {
  minutes: MESSAGES.SLA_MINUTES,
  order: MESSAGES.SLA_ORDER,
} as const;

export const MAX_SLA_MINUTES = 525600;

/** One priority's row of the SLA form: '' while a field is empty. */
export interface PolicyRow {
  priority: string;
  response_minutes: number | '';
  resolution_minutes: number | '';
}

function isValidMinutes(value: number | ''): value is number {
  return value !== '' && Number.isInteger(value) && value >= 1 && value <= MAX_SLA_MINUTES;
}

/** Why a row cannot be saved, or null. */
export function policyProblem(row: PolicyRow): string | null {
  if (!isValidMinutes(row.response_minutes) || !isValidMinutes(row.resolution_minutes)) return SLA_MESSAGES.minutes;
  if (row.resolution_minutes < row.response_minutes) return SLA_MESSAGES.order;
  return null;
}

/** Each row's problem by priority; empty when every row can be saved. */
export function policyProblems(rows: readonly PolicyRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const problem = policyProblem(row);
    if (problem) problems[row.priority] = problem;
  }
  return problems;
}

/** The rows of the form in the masters' priority order, a priority only the policies name after them. */
export function policyRows(policies: readonly SlaPolicy[], priorities: readonly string[]): PolicyRow[] {
  const rank = (priority: string) => {
    const index = priorities.indexOf(priority);
    return index < 0 ? priorities.length : index;
  };
  return [...policies]
    .sort((a, b) => rank(a.priority) - rank(b.priority))
    .map(({ priority, response_minutes, resolution_minutes }) => ({ priority, response_minutes, resolution_minutes }));
}

/** The body of `PUT /sla` from rows that passed `policyProblems`. */
export function policiesPayload(rows: readonly PolicyRow[]): SlaPolicy[] {
  return rows.map((row) => ({
    priority: row.priority,
    response_minutes: Number(row.response_minutes),
    resolution_minutes: Number(row.resolution_minutes),
  }));
}
