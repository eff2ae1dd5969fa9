/** The utilisation heatmap: colour levels of a day's utilisation, and the labels of its days and cells. */

import { formatDuration, formatUtilisation } from './figures';
import type { HeatmapNonWorking, NonWorkingKind } from './types';

/** The upper bounds of levels 1 to 4 (level 5 is from 75 % up; level 0 is no busy second). */
export const LEVEL_BOUNDS = [0.1, 0.25, 0.5, 0.75] as const;
/** What each level means; its colour is in UtilisationHeatmap.module.css (`data-level`). */
export const LEVEL_LABELS = ['None', 'Under 10 %', '10 to 25 %', '25 to 50 %', '50 to 75 %', '75 % and more'] as const;

/** The level of a day's utilisation: 0 for none, 5 from 75 % (overlapping runs may pass 100 %). */
export function heatLevel(utilisation: number): number {
  if (!(utilisation > 0)) return 0;
  const index = LEVEL_BOUNDS.findIndex((bound) => utilisation < bound);
  return index === -1 ? LEVEL_BOUNDS.length + 1 : index + 1;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A UTC day as `Mon 02/03`, for a column. */
export function dayLabel(seconds: number): string {
  const at = new Date(seconds * 1000);
  const day = String(at.getUTCDate()).padStart(2, '0');
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${WEEKDAYS[at.getUTCDay()]} ${day}/${month}`;
}

/** What a cell says: `Alpha, Mon 02/03: 6.3 % (1 h 30 min busy)`, then what Calendar marks the day with, if anything. */
export function cellLabel(
  bot: string,
  day: number,
  utilisation: number,
  busySeconds: number,
  marked?: MarkedDay,
): string {
  const cell = `${bot}, ${dayLabel(day)}: ${formatUtilisation(utilisation)} (${formatDuration(busySeconds)} busy)`;
  return marked ? `${cell}. ${marked.label}` : cell;
}

/** Whether a column starts a week (Monday), to mark weeks in the grid. */
export function startsWeek(seconds: number): boolean {
  return new Date(seconds * 1000).getUTCDay() === 1;
}

/** What each kind of Calendar's non-working days is called. */
export const NON_WORKING_KINDS: Record<NonWorkingKind, string> = {
  holiday: 'Public holiday',
  maintenance: 'Maintenance',
};

/** A column that Calendar marks: its label (`Public holiday: Christmas Day`, several joined by `; `) and the kind it shows. */
export interface MarkedDay {
  /** A holiday when the day has one (the whole day is off), else maintenance. */
  kind: NonWorkingKind;
  label: string;
}

/** The marked columns by their day, from the heatmap's `non_working`. */
export function markedDays(entries: readonly HeatmapNonWorking[]): Map<number, MarkedDay> {
  const marked = new Map<number, MarkedDay>();
  for (const entry of entries) {
    const label = `${NON_WORKING_KINDS[entry.kind]}: ${entry.name}`;
    const found = marked.get(entry.day);
    marked.set(
      entry.day,
      found
        ? { kind: found.kind === 'holiday' ? 'holiday' : entry.kind, label: `${found.label}; ${label}` }
        : { kind: entry.kind, label },
    );
  }
  return marked;
}
