/**
 * What the calendar plugin's API answers and takes (`/api/m/calendar/...`, plugins/calendar/src/views.rs).
 * Times are Unix seconds (UTC); days are `YYYY-MM-DD`. Written by hand from the contract until the
 * plugin's generated types (./generated.ts) exist; then this file re-exports them.
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
export interface Recurrence {
  freq: Frequency;
  interval: number;
  by_weekday: Weekday[];
  monthly_by: 'date' | 'weekday';
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
export interface NonWorking {
  id: string;
  version: number;
  name: string;
  kind: 'holiday' | 'maintenance';
  start: number;
  end: number;
  all_day: boolean;
}
export interface NonWorkingInput {
  name: string;
  kind: 'holiday' | 'maintenance';
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
export interface BotLayer {
  available: boolean;
  windows: BotWindow[];
  unscheduled: { bot: string; schedule: string }[];
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
export interface FeedView {
  url: string | null;
}
export interface IcsFile {
  filename: string;
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
export interface AnswerInput {
  answer: Exclude<Answer, 'pending'>;
}
/** `PUT /events/{id}`: the input with the version it was read at (409 when stale). */
export type EventUpdate = EventInput & { version: number };
