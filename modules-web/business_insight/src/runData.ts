/**
 * What the figures count of the run data: the company's days of run data (from its first run to
 * its last) and those of the range, which the plugin prorates estimates, licence costs and FTEs over.
 */

import type { MonthRow, Overview } from './types';

/** `17 days`, `1 day`. */
function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** `Run data from 2025-09-01 to 2025-11-29.`, or that no run came yet. */
export function runDataText(runData: Overview['run_data']): string {
  return runData ? `Run data from ${runData.from} to ${runData.to}.` : 'No run data yet.';
}

/** What the estimates and licence costs of the range are prorated over. */
export function prorationText(data: Overview['data']): string {
  const days = data
    ? `the ${dayCount(data.days)} of run data in the range (${data.from} to ${data.to})`
    : 'the days of run data in the range: none';
  return `Estimates (the Process Vault's yearly benefits of live processes) and licence costs (each bot's shared equally by the processes it runs) are prorated to ${days}.`;
}

/** Beside a month's name: `No runs` (so no ROI), or its days of run data when they are fewer than a month's. */
export function monthNote(month: MonthRow): string | null {
  if (month.runs === 0) return 'No runs';
  return month.data_days < 28 ? `${dayCount(month.data_days)} of run data` : null;
}
