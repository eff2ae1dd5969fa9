/** The event form's values: from a stored event or a chosen span, their checks, and the API's `EventInput`. */

import type { FormErrors } from '@common/lib/forms';
import { NO_REPEAT, fromRecurrence, repeatErrors, toRecurrence, type RepeatForm } from './recurrence';
import { addDays, dayOf, dayStart, fromInputs, toInputs } from './time';
import type { Category, EventInput, EventView, Link, Visibility } from './types';

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

export const LIMITS = {
  title: 200,
  description: 4000,
  location: 500,
  attendees: 100,
  links: 10,
  reminders: 5,
  reminderMinutes: 40320,
  days: 14,
};

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

/** The browser's checks of the form, with the server's messages where it has the same rule. */
export function eventFormErrors(values: EventFormValues, zone: string): FormErrors<EventFormValues> {
  const errors: FormErrors<EventFormValues> = {};
  const title = values.title.trim();
  if (!title) errors.title = 'Title is required';
  else if (title.length > LIMITS.title) errors.title = `Title is at most ${LIMITS.title} characters`;
  if (values.description.length > LIMITS.description) {
    errors.description = `Description is at most ${LIMITS.description} characters`;
  }
  if (values.location.trim().length > LIMITS.location) {
    errors.location = `Location is at most ${LIMITS.location} characters`;
  }
  const span = spanOf(values, zone);
  if (span === null) {
    errors.endDate = 'Choose the start and the end';
  } else if (span.end <= span.start) {
    errors.endDate = 'The end must be after the start';
  } else if (span.end - span.start > LIMITS.days * 86400) {
    errors.endDate = `An event is at most ${LIMITS.days} days long`;
  }
  if (values.attendees.length > LIMITS.attendees) errors.attendees = `At most ${LIMITS.attendees} attendees`;
  if (values.links.length > LIMITS.links) errors.links = `At most ${LIMITS.links} links`;
  const minutes = values.reminders.map(reminderMinutes);
  if (minutes.length > LIMITS.reminders) errors.reminders = `At most ${LIMITS.reminders} reminders`;
  else if (minutes.some((value) => !Number.isInteger(value) || value < 0 || value > LIMITS.reminderMinutes)) {
    errors.reminders = 'A reminder is from 0 minutes to 4 weeks before the start';
  } else if (new Set(minutes).size !== minutes.length) errors.reminders = 'Each reminder must be different';
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

/** The field a server message is about (shown under it); undefined for the rest. */
export function fieldOfMessage(message: string): keyof EventFormValues | undefined {
  const text = message.toLowerCase();
  if (text.includes('title')) return 'title';
  if (text.includes('description')) return 'description';
  if (text.includes('location')) return 'location';
  if (text.includes('attendee')) return 'attendees';
  if (text.includes('link')) return 'links';
  if (text.includes('reminder')) return 'reminders';
  if (text.includes('interval') || text.includes('repeat')) return 'interval';
  if (text.includes('until') || text.includes('last day')) return 'until';
  if (text.includes('count') || text.includes('times')) return 'count';
  if (text.includes('start') || text.includes('end') || text.includes('time zone') || text.includes('long')) {
    return 'endDate';
  }
  return undefined;
}
