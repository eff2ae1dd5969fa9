/** The plugin's figures as the page shows them: chart data, KPI values and table rows. */

import { formatDate } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import {
  TICKET_STATUSES,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  sortPriorities,
  ticketPriorityColor,
} from '@common/domain/tickets';
import type { Bucket } from './range';
import type { Insight, Load, Outcomes, Point } from './types';

/** A time such as `45 s`, `12 min`, `3 h 5 min` or `2 d 4 h`; — when there is none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** One bar: its label, its tickets and its colour (a Mantine colour with its shade). */
export interface Bar {
  label: string;
  tickets: number;
  color: string;
}

/** Every status, in workflow order. */
export function statusBars(byStatus: Readonly<Record<string, number>>): Bar[] {
  return TICKET_STATUSES.map((status) => ({
    label: TICKET_STATUS_LABELS[status],
    tickets: byStatus[status] ?? 0,
    color: `${TICKET_STATUS_COLORS[status]}.6`,
  }));
}

/** The masters' priorities, most urgent first, then any other a ticket carries. */
export function priorityBars(byPriority: Readonly<Record<string, number>>): Bar[] {
  return sortPriorities(Object.keys(byPriority)).map((priority) => ({
    label: priority,
    tickets: byPriority[priority] ?? 0,
    color: `${ticketPriorityColor(priority)}.6`,
  }));
}

/** A bucket's start on the chart's axis: `29/02` for a day or the week starting then, `02/2040` for a month (UTC). */
export function bucketLabel(at: number, bucket: Bucket): string {
  const [day, month, year] = formatDate(at, true).split('/');
  return bucket === 'month' ? `${month}/${year}` : `${day}/${month}`;
}

export interface SeriesRow {
  at: number;
  label: string;
  Opened: number;
  Closed: number;
}

/** Opened and closed tickets per bucket, one row per bucket of either series, in time order. */
export function openedClosed(opened: readonly Point[], closed: readonly Point[], bucket: Bucket): SeriesRow[] {
  const rows = new Map<number, SeriesRow>();
  const row = (at: number) => {
    let found = rows.get(at);
    if (!found) {
      found = { at, label: bucketLabel(at, bucket), Opened: 0, Closed: 0 };
      rows.set(at, found);
    }
    return found;
  };
  for (const point of opened) row(point.at).Opened += point.n;
  for (const point of closed) row(point.at).Closed += point.n;
  return [...rows.values()].sort((a, b) => a.at - b.at);
}

/** A donut's slices. */
export interface Slice {
  name: string;
  value: number;
  color: string;
}

export function slaSlices(outcomes: Outcomes): Slice[] {
  return [
    { name: 'Met', value: outcomes.met, color: 'teal.6' },
    { name: 'Breached', value: outcomes.breached, color: 'red.6' },
  ];
}

/** Targets met in percent (one decimal); null when none was decided. */
export function percentMet(outcomes: Outcomes): number | null {
  const decided = outcomes.met + outcomes.breached;
  return decided ? Math.round((outcomes.met * 1000) / decided) / 10 : null;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Tickets opened in the range (every status) and closed in it. */
export function totals(insight: Insight): { opened: number; closed: number } {
  return {
    opened: sum(Object.values(insight.by_status)),
    closed: sum(insight.closed.map((point) => point.n)),
  };
}

/** One row of the process or bot table. */
export interface CountRow {
  key: string;
  label: string;
  n: number;
  /** Percent of the tickets opened in the range (one decimal). */
  share: number;
}

function countRows(
  items: readonly { id: string; n: number }[],
  label: (id: string) => string,
  opened: number,
): CountRow[] {
  return items.map(({ id, n }) => ({
    key: id,
    label: label(id),
    n,
    share: opened ? Math.round((n * 1000) / opened) / 10 : 0,
  }));
}

/** Per process, named when the names are known (the user may open Ticket Management), else by id. */
export function processRows(insight: Insight, names: ReadonlyMap<string, string> | null, opened: number): CountRow[] {
  const items = insight.per_process.map((item) => ({ id: item.process_id, n: item.n }));
  return countRows(items, (id) => names?.get(id) ?? id, opened);
}

/** Per bot: a bot is named by its id or name as the ticket gave it. */
export function botRows(insight: Insight, opened: number): CountRow[] {
  return countRows(
    insight.per_bot.map((item) => ({ id: item.bot_id, n: item.n })),
    (id) => id,
    opened,
  );
}

export interface WorkloadRow {
  key: string;
  name: string;
  open: number;
  in_progress: number;
  waiting: number;
  total: number;
}

/** The unresolved tickets per agent, named from the directory; "Unassigned" for nobody's. */
export function workloadRows(workload: readonly Load[], people: PeopleIndex): WorkloadRow[] {
  return workload.map((load) => ({
    key: load.assignee_id ?? '',
    name: load.assignee_id === null ? 'Unassigned' : (nameOf(people, load.assignee_id) ?? load.assignee_id),
    open: load.open,
    in_progress: load.in_progress,
    waiting: load.waiting,
    total: load.open + load.in_progress + load.waiting,
  }));
}
