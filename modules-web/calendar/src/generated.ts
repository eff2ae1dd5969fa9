// Generated from Rust types by the test in plugins/calendar/src/typescript.rs: do not edit. After changing the
// types, run UPDATE_TS_TYPES=1 cargo test -p module-calendar --lib generated_typescript_is_current

/**
 * What an event is about (its colour on the page).
 */
export type Category = "meeting" | "maintenance" | "deadline" | "training" | "other";

/**
 * Who sees an event besides its organiser and attendees: nobody, or the whole company.
 */
export type Visibility = "attendees" | "company";

export type Answer = "pending" | "accepted" | "declined" | "tentative";

export type LinkKind = "process" | "bot" | "ticket";

/**
 * Which occurrences of a series a change reaches.
 */
export type Scope = "this" | "following" | "all";

export type Frequency = "daily" | "weekly" | "monthly" | "yearly";

export type Weekday = "MO" | "TU" | "WE" | "TH" | "FR" | "SA" | "SU";

/**
 * A monthly series repeats on the start's day of month, or on its nth (or last) weekday.
 */
export type MonthlyBy = "date" | "weekday";

/**
 * Something an event is about, opened from it.
 */
export type Link = { kind: LinkKind, id: string, label: string, };

export type Recurrence = { freq: Frequency,
/**
 * 1..=99.
 */
interval: number,
/**
 * Weekly only; empty: the start's weekday.
 */
by_weekday: Array<Weekday>,
/**
 * Monthly only.
 */
monthly_by: MonthlyBy,
/**
 * The last day (inclusive), `YYYY-MM-DD`, in the event's zone.
 */
until: string | null,
/**
 * 1..=730; at most one of `until` and `count`.
 */
count: number | null, };

/**
 * `POST /events`, `PUT /events/{id}` (with `version`).
 */
export type EventInput = { title: string, description: string, location: string, start: number, end: number, all_day: boolean, time_zone: string, category: Category, visibility: Visibility,
/**
 * User ids of the company; the organiser is implied.
 */
attendees: Array<string>, links: Array<Link>, recurrence: Recurrence | null,
/**
 * Minutes before the start.
 */
reminders: Array<number>,
/**
 * The version read, for `PUT`.
 */
version?: number, };

export type Attendee = { user_id: string, name: string, email: string, answer: Answer, };

/**
 * One drawn occurrence.
 */
export type Occurrence = { event_id: string,
/**
 * The occurrence's original start: its id in the series.
 */
occurrence: number, start: number, end: number, all_day: boolean, title: string, location: string, category: Category, visibility: Visibility, organiser_id: string, recurring: boolean,
/**
 * Moved or edited on its own.
 */
changed: boolean,
/**
 * `null` for the organiser and people not invited.
 */
my_answer: Answer | null, can_edit: boolean, };

export type EventView = { id: string, version: number, title: string, description: string, location: string,
/**
 * This occurrence's, or the series' first when no occurrence was asked for.
 */
start: number, end: number, all_day: boolean, time_zone: string, category: Category, visibility: Visibility, organiser: Attendee, attendees: Array<Attendee>, links: Array<Link>, recurrence: Recurrence | null, reminders: Array<number>, occurrence: number | null, can_edit: boolean, my_answer: Answer | null, };

export type NonWorkingKind = "holiday" | "maintenance";

/**
 * A company holiday (whole days) or maintenance window (instants).
 */
export type NonWorking = { id: string, version: number, name: string, kind: NonWorkingKind, start: number, end: number, all_day: boolean, };

export type NonWorkingInput = { name: string, kind: NonWorkingKind, start: number, end: number, all_day: boolean, version?: number, };

/**
 * One run window of a bot.
 */
export type BotWindow = { bot: string, start: number, end: number, };

/**
 * A bot whose schedule is not in a form that can be drawn.
 */
export type Unscheduled = { bot: string, schedule: string, };

export type BotLayer = {
/**
 * False when Bot Profile is not installed, its bots are not granted, or the person's
 * rights do not open it.
 */
available: boolean, windows: Array<BotWindow>, unscheduled: Array<Unscheduled>, };

export type Range = { occurrences: Array<Occurrence>, non_working: Array<NonWorking>, };

export type LinkTarget = { kind: LinkKind, id: string, label: string, };

/**
 * The caller's private subscription URL.
 */
export type FeedView = {
/**
 * Only in the answer of `POST /feed`: the token is not kept, so it cannot be shown again.
 */
url: string | null,
/**
 * The caller has a feed (a URL was made and not revoked).
 */
active: boolean, };

/**
 * An iCalendar file for download.
 */
export type IcsFile = { filename: string, content: string, };

/**
 * `POST /import`.
 */
export type ImportInput = { content: string, };

export type ImportResult = { imported: number,
/**
 * `"<summary>: <why>"`.
 */
skipped: Array<string>, };

export type Person = { user_id: string, name: string, email: string, };

export type Done = { ok: boolean, };

/**
 * `POST /events/{id}/move`: a drag that moves or resizes.
 */
export type MoveInput = { occurrence: number | null, scope: Scope, start: number, end: number, };

/**
 * The answers an attendee may give.
 */
export type AnswerChoice = "accepted" | "declined" | "tentative";

/**
 * `POST /events/{id}/answer`.
 */
export type AnswerInput = { answer: AnswerChoice, };

/**
 * Realtime `calendar.changed`, to the people an event concerns.
 */
export type ChangedEvent = { event_id: string, };

/**
 * The most characters of a title.
 */
export const MAX_TITLE = 200;

/**
 * The most characters of a description.
 */
export const MAX_DESCRIPTION = 4000;

/**
 * The most characters of a location.
 */
export const MAX_LOCATION = 500;

/**
 * The most attendees of an event.
 */
export const MAX_ATTENDEES = 100;

/**
 * The most links of an event.
 */
export const MAX_LINKS = 10;

/**
 * The most reminders of an event.
 */
export const MAX_REMINDERS = 5;

/**
 * The most minutes a reminder comes before the start.
 */
export const MAX_REMINDER_MINUTES = 40320;

/**
 * The most occurrences of a series with a count.
 */
export const MAX_COUNT = 730;

/**
 * The largest interval of a series.
 */
export const MAX_INTERVAL = 99;

/**
 * The most characters of a non-working day's name.
 */
export const MAX_NAME = 120;

/**
 * The most days of a range.
 */
export const MAX_RANGE_DAYS = 100;

/**
 * The most days of an export.
 */
export const MAX_EXPORT_DAYS = 400;

/**
 * The most bytes of an imported file.
 */
export const MAX_IMPORT_BYTES = 1048576;

/**
 * The most events imported from one file.
 */
export const MAX_IMPORT_EVENTS = 1000;

/** The server's messages, by the names of its constants. */
export const MESSAGES = {
  TITLE_REQUIRED: "A title is required",
  TITLE_TOO_LONG: "A title may be at most 200 characters",
  DESCRIPTION_TOO_LONG: "A description may be at most 4,000 characters",
  LOCATION_TOO_LONG: "A location may be at most 500 characters",
  END_BEFORE_START: "The end must be after the start",
  TOO_LONG: "An event may last at most 14 days",
  TIME_INVALID: "Times are between the years 1970 and 9999",
  UNKNOWN_TIME_ZONE: "Unknown time zone",
  ALL_DAY_MIDNIGHT: "An all-day event starts and ends at midnight UTC",
  TOO_MANY_ATTENDEES: "An event may have at most 100 attendees",
  UNKNOWN_PERSON: "Someone chosen is not a member of the company",
  TOO_MANY_LINKS: "An event may have at most 10 links",
  LINK_INVALID: "A link needs an id and a label of at most 200 characters",
  INTERVAL_INVALID: "Repeat every 1 to 99 periods",
  COUNT_INVALID: "Repeat 1 to 730 times",
  UNTIL_AND_COUNT: "Choose an end date or a number of times, not both",
  UNTIL_INVALID: "The end date of a series is a day (YYYY-MM-DD) after its start",
  WEEKDAYS_WEEKLY_ONLY: "Weekdays apply to weekly series only",
  TOO_MANY_REMINDERS: "An event may have at most 5 reminders",
  REMINDER_INVALID: "A reminder is 0 to 40,320 minutes (4 weeks) before the start, each one once",
  EVENT_NOT_FOUND: "Event not found",
  OCCURRENCE_NOT_FOUND: "This occurrence is not part of the series",
  OCCURRENCE_REQUIRED: "Choose the occurrence to change",
  ORGANISER_ONLY: "Only the organiser can change this event",
  NOT_INVITED: "Only an invited person can answer",
  STALE: "Someone else changed this meanwhile; reload it and try again",
  RANGE_REQUIRED: "Give a range: from and to, in Unix seconds, to after from",
  RANGE_TOO_LONG: "A range may be at most 100 days",
  EXPORT_TOO_LONG: "An export may cover at most 400 days",
  NAME_REQUIRED: "A name is required",
  NAME_TOO_LONG: "A name may be at most 120 characters",
  NON_WORKING_ADMIN_ONLY: "Only a company admin can change non-working days",
  NON_WORKING_NOT_FOUND: "Non-working day not found",
  HOLIDAY_WHOLE_DAYS: "A holiday is whole days: all day, from midnight UTC to midnight UTC",
  IMPORT_TOO_BIG: "An import may be at most 1 MB",
  IMPORT_UNREADABLE: "This is not an iCalendar file",
  IMPORT_TOO_MANY: "at most 1,000 events are imported from one file",
  LINK_KIND_REQUIRED: "Choose the kind: process, bot or ticket",
  NOT_FOUND: "Not found",
} as const;
