/**
 * A sync is a host job of the plugin (`Job`, its `progress` the plugin's `Report`): what its
 * progress bar and history row say, and the list kept current from the jobs channel.
 */

import type { Job, JobStatus } from '@autoscope/web-sdk';

import { formatNumber } from '@common/lib/format';
import type { Report } from './generated';

const EMPTY: Report = {
  tables: 0,
  table: 0,
  read: 0,
  stored: 0,
  skipped: 0,
  rejected: 0,
  rejections: [],
  cancelled: false,
};

/** The job's report so far (empty before its first step). */
export function reportOf(job: Job): Report {
  const progress = job.progress;
  if (typeof progress !== 'object' || progress === null) return EMPTY;
  return { ...EMPTY, ...(progress as Partial<Report>) };
}

export function isActive(job: Job): boolean {
  return job.status === 'running' || job.status === 'cancelling';
}

export const STATUS_LABELS: Record<JobStatus, string> = {
  running: 'Running',
  cancelling: 'Cancelling',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<JobStatus, string> = {
  running: 'blue',
  cancelling: 'orange',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** The bar's parts, in percent of the rows read: stored, skipped and rejected. */
export function progressParts(report: Report): { stored: number; skipped: number; rejected: number } {
  if (report.read === 0) return { stored: 0, skipped: 0, rejected: 0 };
  const part = (count: number) => (100 * count) / report.read;
  return { stored: part(report.stored), skipped: part(report.skipped), rejected: part(report.rejected) };
}

/** "Table 1 of 2: 12,000 rows read, 11,900 stored, 50 skipped, 50 rejected". */
export function progressText(report: Report): string {
  const counts = `${formatNumber(report.read)} rows read, ${formatNumber(report.stored)} stored, ${formatNumber(
    report.skipped,
  )} skipped, ${formatNumber(report.rejected)} rejected`;
  if (report.tables === 0) return counts;
  const table = Math.min(report.table + 1, report.tables);
  return `Table ${table} of ${report.tables}: ${counts}`;
}

/** How long the sync ran (runs), in words: `42 s`, `3 min 5 s`, `2 h 10 min`. */
export function durationText(job: Job, now: number): string {
  const seconds = Math.max(0, (job.finished_at ?? now) - job.created_at);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Whether the job was a back-fill, and of which days (its input's `backfill`, unix seconds). */
export function backfillOf(job: Job): [number, number] | null {
  const input = job.input as { backfill?: unknown } | null;
  const range = input?.backfill;
  return Array.isArray(range) && range.length === 2 && range.every((n) => typeof n === 'number')
    ? [range[0] as number, range[1] as number]
    : null;
}

/**
 * Whether `job` tells more than `known` of the same job: the realtime change and the answer
 * to the call that caused it can arrive in either order.
 */
function isNewer(job: Job, known: Job): boolean {
  if (job.updated_at !== known.updated_at) return job.updated_at > known.updated_at;
  if (job.steps !== known.steps) return job.steps > known.steps;
  return isActive(known) || !isActive(job);
}

/** The list with `job` in it: replacing an older state of it, or first when new (the list is newest first). */
export function withJob(jobs: readonly Job[] | undefined, job: Job): Job[] {
  const list = jobs ?? [];
  return list.some((known) => known.id === job.id)
    ? list.map((known) => (known.id === job.id && isNewer(job, known) ? job : known))
    : [job, ...list];
}
