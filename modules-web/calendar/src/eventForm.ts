/** The event form's values: from a stored event or a chosen span, their checks, and the API's `EventInput`. */

import type { FormErrors } from '@common/lib/forms';
import { NO_REPEAT, fromRecurrence, repeatErrors, toRecurrence, type RepeatForm } from './recurrence';
import { addDays, dayOf, dayStart, fromInputs, toInputs } from './time';
import {
  MAX_ATTENDEES,
  MAX_DESCRIPTION,
  MAX_LINKS,
  MAX_LOCATION,
  MAX_REMINDER_MINUTES,
  MAX_REMINDERS,
  MAX_TITLE,
  MESSAGES,
  type Category,
  type EventInput,
  type EventView,
  type Link,
  type Visibility,
} from './types';

export type ReminderUnit = 'minutes' | 'hours' | 'days';
export interface ReminderField {
  amount: number | string;
  unit: ReminderUnit;
}

export interface EventFormValues extends RepeatForm {
  title: string;
  description: string;
  location: string;
  /** `YYYY-MM-DD`; for an all-day event, the first and the last day (inclusive). */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  allDay: boolean;
  category: Category;
  visibility: Visibility;
  attendees: string[];
  links: Link[];
  reminders: ReminderField[];
}

export const CATEGORIES: { value: Category; label: string; color: string }[] = [
  { value: 'meeting', label: 'Meeting', color: '#228be6' },
  { value: 'maintenance', label: 'Maintenance', color: '#fd7e14' },
  { value: 'deadline', label: 'Deadline', color: '#fa5252' },
  { value: 'training', label: 'Training', color: '#40c057' },
  { value: 'other', label: 'Other', color: '#7950f2' },
];

export const categoryColor = (category: Category) =>
  CATEGORIES.find((item) => item.value === category)?.color ?? '#868e96';

export const VISIBILITIES: { value: Visibility; label: string }[] = [
  { value: 'attendees', label: 'Attendees only' },
  { value: 'company', label: 'Whole company' },
];

/** The longest event, in days. */
const MAX_DAYS = 14;

const UNIT_MINUTES: Record<ReminderUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export const reminderMinutes = (field: ReminderField) => Number(field.amount) * UNIT_MINUTES[field.unit];

/** Minutes before the start as the form shows them: the largest unit they are a whole number of. */
export function reminderField(minutes: number): ReminderField {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: 'days' };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

export function describeReminder(minutes: number): string {
  if (minutes === 0) return 'At the start';
  const { amount, unit } = reminderField(minutes);
  return `${amount} ${Number(amount) === 1 ? unit.slice(0, -1) : unit} before`;
}

/** A new event over a span (seconds; all-day spans as the API's floating days). */
export function newEventValues(start: number, end: number, allDay: boolean, zone: string): EventFormValues {
  const from = allDay ? { date: dayOf(start), time: '09:00' } : toInputs(start, zone);
  const to = allDay ? { date: addDays(dayOf(end), -1), time: '10:00' } : toInputs(end, zone);
  return {
    ...NO_REPEAT,
    title: '',
    description: '',
    location: '',
    startDate: from.date,
    startTime: from.time,
    endDate: to.date < from.date ? from.date : to.date,
    endTime: to.time,
    allDay,
    category: 'meeting',
    visibility: 'attendees',
    attendees: [],
    links: [],
    reminders: [{ amount: 15, unit: 'minutes' }],
  };
}

/** The form of a stored event (its times in the zone shown). */
export function eventValues(event: EventView, zone: string): EventFormValues {
  const values = newEventValues(event.start, event.end, event.all_day, zone);
  return {
    ...values,
    ...fromRecurrence(event.recurrence),
    title: event.title,
    description: event.description,
    location: event.location,
    category: event.category,
    visibility: event.visibility,
    attendees: event.attendees.map((attendee) => attendee.user_id),
    links: event.links,
    reminders: event.reminders.map(reminderField),
  };
}

/** The span of the form's dates and times (seconds); null when a date or time does not read. */
export function spanOf(values: EventFormValues, zone: string): { start: number; end: number } | null {
  if (values.allDay) {
    const start = dayStart(values.startDate);
    const end = /^\d{4}-\d{2}-\d{2}$/.test(values.endDate) ? dayStart(addDays(values.endDate, 1)) : null;
    return start === null || end === null ? null : { start, end };
  }
  const start = fromInputs(values.startDate, values.startTime, zone);
  const end = fromInputs(values.endDate, values.endTime, zone);
  return start === null || end === null ? null : { start, end };
}

/** The browser's checks of the form, in the server's words. */
export function eventFormErrors(values: EventFormValues, zone: string): FormErrors<EventFormValues> {
  const errors: FormErrors<EventFormValues> = {};
  const title = values.title.trim();
  if (!title) errors.title = MESSAGES.TITLE_REQUIRED;
  else if (title.length > MAX_TITLE) errors.title = MESSAGES.TITLE_TOO_LONG;
  if (values.description.length > MAX_DESCRIPTION) errors.description = MESSAGES.DESCRIPTION_TOO_LONG;
  if (values.location.trim().length > MAX_LOCATION) errors.location = MESSAGES.LOCATION_TOO_LONG;
  const span = spanOf(values, zone);
  if (span === null) errors.endDate = 'Choose the start and the end';
  else if (span.end <= span.start) errors.endDate = MESSAGES.END_BEFORE_START;
  else if (span.end - span.start > MAX_DAYS * 86400) errors.endDate = MESSAGES.TOO_LONG;
  if (values.attendees.length > MAX_ATTENDEES) errors.attendees = MESSAGES.TOO_MANY_ATTENDEES;
  if (values.links.length > MAX_LINKS) errors.links = MESSAGES.TOO_MANY_LINKS;
  const minutes = values.reminders.map(reminderMinutes);
  if (minutes.length > MAX_REMINDERS) errors.reminders = MESSAGES.TOO_MANY_REMINDERS;
  else if (
    minutes.some((value) => !Number.isInteger(value) || value < 0 || value > MAX_REMINDER_MINUTES) ||
    new Set(minutes).size !== minutes.length
  ) {
    errors.reminders = MESSAGES.REMINDER_INVALID;
  }
  return { ...errors, ...repeatErrors(values, values.startDate) };
}

/** The API's body of a checked form. */
export function toEventInput(values: EventFormValues, zone: string): EventInput {
  const span = spanOf(values, zone) ?? { start: 0, end: 0 };
  return {
    title: values.title.trim(),
    description: values.description,
    location: values.location.trim(),
    start: span.start,
    end: span.end,
    all_day: values.allDay,
    time_zone: zone,
    category: values.category,
    visibility: values.visibility,
    attendees: values.attendees,
    links: values.links,
    recurrence: toRecurrence(values),
    reminders: values.reminders.map(reminderMinutes),
  };
}

/** The field each server message is about (shown under it); the rest show above the buttons. */
const FIELD_OF_MESSAGE: Partial<Record<string, keyof EventFormValues>> = {
  [MESSAGES.TITLE_REQUIRED]: 'title',
  [MESSAGES.TITLE_TOO_LONG]: 'title',
  [MESSAGES.DESCRIPTION_TOO_LONG]: 'description',
  [MESSAGES.LOCATION_TOO_LONG]: 'location',
  [MESSAGES.END_BEFORE_START]: 'endDate',
  [MESSAGES.TOO_LONG]: 'endDate',
  [MESSAGES.TIME_INVALID]: 'endDate',
  [MESSAGES.UNKNOWN_TIME_ZONE]: 'endDate',
  [MESSAGES.ALL_DAY_MIDNIGHT]: 'endDate',
  [MESSAGES.TOO_MANY_ATTENDEES]: 'attendees',
  [MESSAGES.UNKNOWN_PERSON]: 'attendees',
  [MESSAGES.TOO_MANY_LINKS]: 'links',
  [MESSAGES.LINK_INVALID]: 'links',
  [MESSAGES.INTERVAL_INVALID]: 'interval',
  [MESSAGES.COUNT_INVALID]: 'count',
  [MESSAGES.UNTIL_AND_COUNT]: 'until',
  [MESSAGES.UNTIL_INVALID]: 'until',
  [MESSAGES.WEEKDAYS_WEEKLY_ONLY]: 'weekdays',
  [MESSAGES.TOO_MANY_REMINDERS]: 'reminders',
  [MESSAGES.REMINDER_INVALID]: 'reminders',
};

export const fieldOfMessage = (message: string): keyof EventFormValues | undefined => FIELD_OF_MESSAGE[message];
