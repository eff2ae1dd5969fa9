/** The event form's "Repeat" fields and the API's `Recurrence` both ways, and how a series reads in words. */

import { DateTime } from 'luxon';

import { MAX_COUNT, MAX_INTERVAL, MESSAGES, type Frequency, type Recurrence, type Weekday } from './types';

export const WEEKDAYS: { value: Weekday; label: string; long: string }[] = [
  { value: 'MO', label: 'Mon', long: 'Monday' },
  { value: 'TU', label: 'Tue', long: 'Tuesday' },
  { value: 'WE', label: 'Wed', long: 'Wednesday' },
  { value: 'TH', label: 'Thu', long: 'Thursday' },
  { value: 'FR', label: 'Fri', long: 'Friday' },
  { value: 'SA', label: 'Sat', long: 'Saturday' },
  { value: 'SU', label: 'Sun', long: 'Sunday' },
];

export type RepeatFreq = 'none' | Frequency;
export type RepeatEnd = 'never' | 'on' | 'after';

export interface RepeatForm {
  freq: RepeatFreq;
  interval: number | string;
  weekdays: Weekday[];
  monthlyBy: 'date' | 'weekday';
  ends: RepeatEnd;
  /** `YYYY-MM-DD`, the last day (inclusive). */
  until: string;
  count: number | string;
}

export const NO_REPEAT: RepeatForm = {
  freq: 'none',
  interval: 1,
  weekdays: [],
  monthlyBy: 'date',
  ends: 'never',
  until: '',
  count: 10,
};

/** The weekday (MO..SU) of a `YYYY-MM-DD` day. */
export function weekdayOfDay(day: string): Weekday {
  const index = DateTime.fromISO(day, { zone: 'utc' }).weekday; // 1 = Monday
  return WEEKDAYS[(index - 1 + 7) % 7]!.value;
}

/** The API's recurrence of the form's fields; null when the event does not repeat. */
export function toRecurrence(form: RepeatForm): Recurrence | null {
  if (form.freq === 'none') return null;
  return {
    freq: form.freq,
    interval: Number(form.interval),
    by_weekday:
      form.freq === 'weekly' ? WEEKDAYS.map((day) => day.value).filter((day) => form.weekdays.includes(day)) : [],
    monthly_by: form.freq === 'monthly' ? form.monthlyBy : 'date',
    until: form.ends === 'on' ? form.until : null,
    count: form.ends === 'after' ? Number(form.count) : null,
  };
}

/** The form's fields of a stored recurrence. */
export function fromRecurrence(recurrence: Recurrence | null): RepeatForm {
  if (!recurrence) return NO_REPEAT;
  return {
    freq: recurrence.freq,
    interval: recurrence.interval,
    weekdays: recurrence.by_weekday,
    monthlyBy: recurrence.monthly_by,
    ends: recurrence.until !== null ? 'on' : recurrence.count !== null ? 'after' : 'never',
    until: recurrence.until ?? '',
    count: recurrence.count ?? NO_REPEAT.count,
  };
}

/** What is wrong with the Repeat fields, by field; `startDay` is the event's first day. */
export function repeatErrors(
  form: RepeatForm,
  startDay: string,
): Partial<Record<'interval' | 'until' | 'count', string>> {
  if (form.freq === 'none') return {};
  const errors: Partial<Record<'interval' | 'until' | 'count', string>> = {};
  const interval = Number(form.interval);
  if (form.interval === '' || !Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL) {
    errors.interval = MESSAGES.INTERVAL_INVALID;
  }
  if (form.ends === 'on') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.until) || form.until < startDay) errors.until = MESSAGES.UNTIL_INVALID;
  }
  const count = Number(form.count);
  if (form.ends === 'after' && (form.count === '' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT)) {
    errors.count = MESSAGES.COUNT_INVALID;
  }
  return errors;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'];

/** The nth weekday of a day in its month, as the API counts it (the 5th is "last"). */
export function nthWeekday(day: string): string {
  const at = DateTime.fromISO(day, { zone: 'utc' });
  const nth = Math.min(Math.ceil(at.day / 7), 5);
  return `${ORDINALS[nth - 1]} ${WEEKDAYS[at.weekday - 1]!.long}`;
}

const UNITS: Record<Frequency, [string, string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  yearly: ['year', 'years'],
};

/** A series in words: `Every 2 weeks on Mon, Wed, 10 times`; `startDay` is its first day. */
export function describeRecurrence(recurrence: Recurrence, startDay: string): string {
  const [one, many] = UNITS[recurrence.freq];
  let text = recurrence.interval === 1 ? `Every ${one}` : `Every ${recurrence.interval} ${many}`;
  if (recurrence.freq === 'weekly') {
    const days = recurrence.by_weekday.length > 0 ? recurrence.by_weekday : [weekdayOfDay(startDay)];
    text += ` on ${WEEKDAYS.filter((day) => days.includes(day.value))
      .map((day) => day.label)
      .join(', ')}`;
  }
  if (recurrence.freq === 'monthly') {
    text +=
      recurrence.monthly_by === 'weekday'
        ? ` on the ${nthWeekday(startDay)}`
        : ` on day ${DateTime.fromISO(startDay, { zone: 'utc' }).day}`;
  }
  if (recurrence.until !== null) text += `, until ${recurrence.until}`;
  if (recurrence.count !== null) text += `, ${recurrence.count} ${recurrence.count === 1 ? 'time' : 'times'}`;
  return text;
}
