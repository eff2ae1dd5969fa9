/**
 * What the calendar plugin's API answers and takes (`/api/m/calendar/...`, plugins/calendar/src/views.rs),
 * and its messages and limits. Times are Unix seconds (UTC); days are `YYYY-MM-DD`. Written by hand
 * from the contract, with the names of the plugin's generated types (./generated.ts), until that
 * file exists; then this file is `export * from './generated'`.
 */

export type Category = 'meeting' | 'maintenance' | 'deadline' | 'training' | 'other';
export type Visibility = 'attendees' | 'company';
export type Answer = 'pending' | 'accepted' | 'declined' | 'tentative';
export type LinkKind = 'process' | 'bot' | 'ticket';
export type Scope = 'this' | 'following' | 'all';
export type Frequency = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type Weekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

export interface Link {
  kind: LinkKind;
  id: string;
  label: string;
}
export type MonthlyBy = 'date' | 'weekday';
export interface Recurrence {
  freq: Frequency;
  interval: number;
  by_weekday: Weekday[];
  monthly_by: MonthlyBy;
  until: string | null;
  count: number | null;
}
export interface EventInput {
  title: string;
  description: string;
  location: string;
  start: number;
  end: number;
  all_day: boolean;
  time_zone: string;
  category: Category;
  visibility: Visibility;
  attendees: string[];
  links: Link[];
  recurrence: Recurrence | null;
  reminders: number[];
  /** The version read, for `PUT`. */
  version?: number;
}
export interface Attendee {
  user_id: string;
  name: string;
  email: string;
  answer: Answer;
}
export interface Occurrence {
  event_id: string;
  occurrence: number;
  start: number;
  end: number;
  all_day: boolean;
  title: string;
  location: string;
  category: Category;
  visibility: Visibility;
  organiser_id: string;
  recurring: boolean;
  changed: boolean;
  my_answer: Answer | null;
  can_edit: boolean;
}
export interface EventView {
  id: string;
  version: number;
  title: string;
  description: string;
  location: string;
  start: number;
  end: number;
  all_day: boolean;
  time_zone: string;
  category: Category;
  visibility: Visibility;
  organiser: Attendee;
  attendees: Attendee[];
  links: Link[];
  recurrence: Recurrence | null;
  reminders: number[];
  occurrence: number | null;
  can_edit: boolean;
  my_answer: Answer | null;
}
export type NonWorkingKind = 'holiday' | 'maintenance';
export interface NonWorking {
  id: string;
  version: number;
  name: string;
  kind: NonWorkingKind;
  start: number;
  end: number;
  all_day: boolean;
}
export interface NonWorkingInput {
  name: string;
  kind: NonWorkingKind;
  start: number;
  end: number;
  all_day: boolean;
  version?: number;
}
export interface BotWindow {
  bot: string;
  start: number;
  end: number;
}
export interface Unscheduled {
  bot: string;
  schedule: string;
}
export interface BotLayer {
  available: boolean;
  windows: BotWindow[];
  unscheduled: Unscheduled[];
}
export interface Range {
  occurrences: Occurrence[];
  non_working: NonWorking[];
}
export interface LinkTarget {
  kind: LinkKind;
  id: string;
  label: string;
}
/** `url` only in POST /feed's answer (only its hash is stored); `active`: the caller has a feed not revoked. */
export interface FeedView {
  url: string | null;
  active: boolean;
}
export interface IcsFile {
  filename: string;
  content: string;
}
export interface ImportInput {
  content: string;
}
export interface ImportResult {
  imported: number;
  skipped: string[];
}
export interface Person {
  user_id: string;
  name: string;
  email: string;
}
export interface Done {
  ok: boolean;
}
export interface MoveInput {
  occurrence: number | null;
  scope: Scope;
  start: number;
  end: number;
}
export type AnswerChoice = 'accepted' | 'declined' | 'tentative';
export interface AnswerInput {
  answer: AnswerChoice;
}
/** The payload of `calendar.changed`. */
export interface ChangedEvent {
  event_id: string;
}

/** The server's messages, by the names of its constants (plugins/calendar/src/validate.rs). */
export const MESSAGES = {
  TITLE_REQUIRED: 'A title is required',
  TITLE_TOO_LONG: 'A title may be at most 200 characters',
  DESCRIPTION_TOO_LONG: 'A description may be at most 4,000 characters',
  LOCATION_TOO_LONG: 'A location may be at most 500 characters',
  END_BEFORE_START: 'The end must be after the start',
  TOO_LONG: 'An event may last at most 14 days',
  TIME_INVALID: 'Times are between the years 1970 and 9999',
  UNKNOWN_TIME_ZONE: 'Unknown time zone',
  ALL_DAY_MIDNIGHT: 'An all-day event starts and ends at midnight UTC',
  TOO_MANY_ATTENDEES: 'An event may have at most 100 attendees',
  UNKNOWN_PERSON: 'Someone chosen is not a member of the company',
  TOO_MANY_LINKS: 'An event may have at most 10 links',
  LINK_INVALID: 'A link needs an id and a label of at most 200 characters',
  INTERVAL_INVALID: 'Repeat every 1 to 99 periods',
  COUNT_INVALID: 'Repeat 1 to 730 times',
  UNTIL_AND_COUNT: 'Choose an end date or a number of times, not both',
  UNTIL_INVALID: 'The end date of a series is a day (YYYY-MM-DD) after its start',
  WEEKDAYS_WEEKLY_ONLY: 'Weekdays apply to weekly series only',
  TOO_MANY_REMINDERS: 'An event may have at most 5 reminders',
  REMINDER_INVALID: 'A reminder is 0 to 40,320 minutes (4 weeks) before the start, each one once',
  STALE: 'The event was changed by someone else; reload it and try again',
  EXPORT_TOO_LONG: 'An export may cover at most 400 days',
  NAME_REQUIRED: 'A name is required',
  NAME_TOO_LONG: 'A name may be at most 120 characters',
  IMPORT_TOO_BIG: 'An import may be at most 1 MB',
} as const;

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 4000;
export const MAX_LOCATION = 500;
export const MAX_ATTENDEES = 100;
export const MAX_LINKS = 10;
export const MAX_REMINDERS = 5;
export const MAX_REMINDER_MINUTES = 40320;
export const MAX_COUNT = 730;
export const MAX_INTERVAL = 99;
export const MAX_NAME = 120;
export const MAX_RANGE_DAYS = 100;
export const MAX_EXPORT_DAYS = 400;
export const MAX_IMPORT_BYTES = 1024 * 1024;
