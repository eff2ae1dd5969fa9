/**
 * Times between the API (Unix seconds, all-day days as 00:00 UTC with an exclusive end) and what a
 * person reads and types (a date and a time in their zone).
 */

import { DateTime } from 'luxon';

/** The zone the calendar is shown in: the person's profile zone, else the browser's. */
export function shownZone(profileZone: string | null | undefined): string {
  return profileZone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `YYYY-MM-DD` and `HH:mm` of an instant in a zone. */
export function toInputs(seconds: number, zone: string): { date: string; time: string } {
  const at = DateTime.fromSeconds(seconds, { zone });
  return { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') };
}

/** The instant of a date and a time in a zone; null when either does not read. */
export function fromInputs(date: string, time: string, zone: string): number | null {
  const at = DateTime.fromISO(`${date}T${time}`, { zone });
  return at.isValid ? Math.floor(at.toSeconds()) : null;
}

/** 00:00 UTC of a day (an all-day event's start); null when it does not read. */
export function dayStart(day: string): number | null {
  const at = DateTime.fromISO(day, { zone: 'utc' });
  return at.isValid ? Math.floor(at.toSeconds()) : null;
}

/** The day of an all-day boundary (00:00 UTC). */
export function dayOf(seconds: number): string {
  return DateTime.fromSeconds(seconds, { zone: 'utc' }).toFormat('yyyy-MM-dd');
}

export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toFormat('yyyy-MM-dd');
}

/**
 * The instant of a FullCalendar date string: an ISO time with its offset for timed spans, a bare
 * day for all-day ones (taken as 00:00 UTC, the API's floating dates).
 */
export function fromCalendarString(text: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return dayStart(text) ?? NaN;
  return Math.floor(DateTime.fromISO(text, { setZone: true }).toSeconds());
}

/** An instant as FullCalendar takes it (milliseconds: an absolute time, shown in the calendar's zone). */
export const toMillis = (seconds: number) => seconds * 1000;

/** When an event happens, in words: `Tue 3 Mar 2026, 10:00 – 11:00`, or its days when all-day. */
export function describeWhen(start: number, end: number, allDay: boolean, zone: string): string {
  if (allDay) {
    const first = DateTime.fromSeconds(start, { zone: 'utc' });
    const last = DateTime.fromSeconds(end, { zone: 'utc' }).minus({ days: 1 });
    const day = (at: DateTime) => at.toFormat('ccc d LLL yyyy');
    return last <= first ? `${day(first)}, all day` : `${day(first)} – ${day(last)}, all day`;
  }
  const from = DateTime.fromSeconds(start, { zone });
  const to = DateTime.fromSeconds(end, { zone });
  const sameDay = from.hasSame(to, 'day');
  return `${from.toFormat('ccc d LLL yyyy, HH:mm')} – ${to.toFormat(sameDay ? 'HH:mm' : 'ccc d LLL yyyy, HH:mm')}`;
}

/** Today (`YYYY-MM-DD`) in a zone. */
export function todayIn(zone: string): string {
  return DateTime.now().setZone(zone).toFormat('yyyy-MM-dd');
}

/** The next full hour from now (seconds): where a new event starts by default. */
export function nextHour(): number {
  return DateTime.now().startOf('hour').plus({ hours: 1 }).toSeconds();
}
