/** The plugin's figures as the page shows them: KPI values, chart rows, table rows and CSV. */

import { toCsv } from '@common/lib/csv';
import { formatNumber, formatPercent } from '@common/lib/format';
import type { Backlog, DayRuns, Exceptions, Overview, QueueDay, Run, RunStatus, WeekDurations } from './types';
import type { Kpi } from '@common/ui/Dashboard';

/** A duration such as `45 s`, `3 min 20 s`, `2 h 5 min` or `1 d 3 h`; — when there is none. */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return total % 60 ? `${minutes} min ${total % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A UTC day or week start on a chart's axis: `02/03`. */
export function dayLabel(at: number): string {
  const date = new Date(at * 1000);
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Unix seconds as `2026-03-02 14:05` in UTC (runs are cut into UTC days; the table says so). */
export function formatUtc(at: number | null | undefined): string {
  if (at == null || !Number.isFinite(at)) return '';
  return new Date(at * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

export const STATUS_LABELS: Readonly<Record<RunStatus, string>> = {
  running: 'Running',
  successful: 'Successful',
  failed: 'Failed',
  stopped: 'Stopped',
};

export const STATUS_COLORS: Readonly<Record<RunStatus, string>> = {
  running: 'blue',
  successful: 'teal',
  failed: 'red',
  stopped: 'gray',
};

/** A run status's label; an unknown one as it is. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as RunStatus] ?? status;
}

/** The headline figures of the range. */
export function runKpis(overview: Overview): Kpi[] {
  const k = overview.kpis;
  const finished = `of ${formatNumber(k.finished)} finished runs`;
  return [
    {
      id: 'runs',
      label: 'Runs',
      value: formatNumber(k.runs),
      hint: k.running ? `${formatNumber(k.running)} still running` : 'Started in the range',
    },
    {
      id: 'success-rate',
      label: 'Success rate',
      value: formatPercent(k.success_rate),
      hint: k.finished ? `${formatNumber(k.successful)} ${finished}` : 'No run finished',
    },
    {
      id: 'failure-rate',
      label: 'Failure rate',
      value: formatPercent(k.failure_rate),
      hint: k.finished ? `${formatNumber(k.failed)} ${finished}` : 'No run finished',
      color: k.failure_rate != null && k.failure_rate >= 10 ? 'red' : undefined,
    },
    { id: 'items', label: 'Items', value: formatNumber(k.items), hint: 'Processed by the runs' },
    {
      id: 'avg-duration',
      label: 'Average duration',
      value: formatSeconds(k.avg_duration_s),
      hint: 'Of the finished runs',
    },
    { id: 'p50', label: 'Median (p50)', value: formatSeconds(k.p50_duration_s), hint: 'Half the runs took less' },
    { id: 'p90', label: 'p90 duration', value: formatSeconds(k.p90_duration_s), hint: '9 in 10 runs took less' },
    { id: 'p95', label: 'p95 duration', value: formatSeconds(k.p95_duration_s), hint: '19 in 20 runs took less' },
  ];
}

/** The queue figures: SLA over the range's items, backlog and stuck items now. */
export function queueKpis(overview: Overview): Kpi[] {
  const { sla, stuck, backlog } = overview.queues;
  return [
    {
      id: 'backlog',
      label: 'Backlog',
      value: formatNumber(totalBacklog(backlog)),
      hint: 'New and in progress, now',
    },
    {
      id: 'sla-met',
      label: 'SLA met',
      value: formatNumber(sla.met),
      hint: sla.met_rate == null ? 'Ended by the deadline' : `${formatPercent(sla.met_rate)} of met and breached items`,
    },
    {
      id: 'sla-at-risk',
      label: 'SLA at risk',
      value: formatNumber(sla.at_risk),
      hint: 'Open, due within the hour',
      color: sla.at_risk ? 'orange' : undefined,
    },
    {
      id: 'sla-breached',
      label: 'SLA breached',
      value: formatNumber(sla.breached),
      hint: `${formatNumber(sla.late)} ended late · ${formatNumber(sla.overdue)} open past due`,
      color: sla.breached ? 'red' : undefined,
    },
    {
      id: 'stuck-in-progress',
      label: 'Stuck in progress',
      value: formatNumber(stuck.in_progress),
      hint: `In progress over ${formatSeconds(stuck.in_progress_after_s)}`,
      color: stuck.in_progress ? 'orange' : undefined,
    },
    {
      id: 'stuck-new',
      label: 'Stuck new',
      value: formatNumber(stuck.new),
      hint: `New for over ${formatSeconds(stuck.new_after_s)}`,
      color: stuck.new ? 'orange' : undefined,
    },
  ];
}

export function totalBacklog(backlog: readonly Backlog[]): number {
  return backlog.reduce((total, queue) => total + queue.total, 0);
}

/** Whether the range has anything to chart: a run or a queue item added. */
export function hasActivity(overview: Overview): boolean {
  return overview.kpis.runs > 0 || overview.queues.per_day.some((day) => day.added > 0);
}

export interface RunsDayRow {
  at: number;
  label: string;
  Successful: number;
  Failed: number;
  Stopped: number;
  Running: number;
}

/** Runs per day by status (stacked), every day of the range. */
export function runsPerDay(days: readonly DayRuns[]): RunsDayRow[] {
  return days.map((day) => ({
    at: day.day,
    label: dayLabel(day.day),
    Successful: day.successful,
    Failed: day.failed,
    Stopped: day.stopped,
    Running: day.running,
  }));
}

/** Ticks a duration axis reads well at: seconds, minutes, hours. */
const DURATION_STEPS = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 21600, 43200, 86400];

/** The smallest round step that puts at most six ticks up to `longest` seconds. */
export function durationStep(longest: number): number {
  return DURATION_STEPS.find((step) => longest / step <= 6) ?? Math.ceil(longest / 6 / 86400) * 86400;
}

export interface DurationRow {
  at: number;
  label: string;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  Average: number | null;
}

/** The duration trend: percentiles and mean per week, in seconds (null for a week without finished runs). */
export function durationTrend(weeks: readonly WeekDurations[]): DurationRow[] {
  return weeks.map((week) => ({
    at: week.week,
    label: dayLabel(week.week),
    p50: week.p50_s,
    p90: week.p90_s,
    p95: week.p95_s,
    Average: week.avg_s,
  }));
}

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/** Business against system exceptions (and failures that named neither), the empty slices left out. */
export function exceptionSlices(exceptions: Exceptions): Slice[] {
  const slices: Slice[] = [
    { name: 'Business', value: exceptions.business, color: 'orange.6' },
    { name: 'System', value: exceptions.system, color: 'red.6' },
    { name: 'Not given', value: exceptions.unspecified, color: 'gray.5' },
  ];
  return slices.filter((slice) => slice.value > 0);
}

export interface QueueDayRow {
  at: number;
  label: string;
  Open: number;
  Successful: number;
  Failed: number;
  Abandoned: number;
}

/** Items added per day, by the status they have now (open: new or in progress). */
export function queueVolume(days: readonly QueueDay[]): QueueDayRow[] {
  return days.map((day) => ({
    at: day.day,
    label: dayLabel(day.day),
    Open: day.new + day.in_progress,
    Successful: day.successful,
    Failed: day.failed,
    Abandoned: day.abandoned,
  }));
}

/** What a chart of rows shows, read out instead of the drawing: `Runs per day: 40 successful, 3 failed`. */
export function describeTotals<T extends object>(
  name: string,
  rows: readonly T[],
  series: readonly (keyof T & string)[],
): string {
  const totals = series.map((key) => {
    const total = rows.reduce((sum, row) => sum + (Number(row[key]) || 0), 0);
    return `${formatNumber(total)} ${key.toLowerCase()}`;
  });
  return `${name}: ${totals.join(', ')}`;
}

/** How long an item has waited: from `since` to `now`, seconds. */
export function waited(since: number | null, now: number): number | null {
  return since == null ? null : Math.max(0, now - since);
}

const CSV_HEADER = [
  'Started (UTC)',
  'Ended (UTC)',
  'Bot',
  'Process',
  'Status',
  'Duration (s)',
  'Items',
  'Exception type',
  'Reason',
  'External id',
] as const;

/** The runs as CSV, newest first as listed. */
export function runsCsv(runs: readonly Run[]): string {
  return toCsv(
    CSV_HEADER,
    runs.map((run) => [
      formatUtc(run.started_at),
      formatUtc(run.ended_at),
      run.bot,
      run.process,
      statusLabel(run.status),
      run.duration_s,
      run.items,
      run.exception_type,
      run.reason,
      run.external_id,
    ]),
  );
}
