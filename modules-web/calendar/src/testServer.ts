/** The fake host of the calendar remote's component tests; imported by nothing the remote builds. */

import { fakeServer, type FakeServer } from '@autoscope/web-sdk/testing';

import type { EventView, Occurrence, Person } from './types';

export const ZONE = 'Europe/Berlin';
/** Tue 3 Mar 2026, 10:00 in Berlin. */
export const TEN = Date.UTC(2026, 2, 3, 9) / 1000;

export const PEOPLE: Person[] = [
  { user_id: 'user-1', name: 'Ann Archer', email: 'ann@acme.test' },
  { user_id: 'u2', name: 'Grace Hopper', email: 'grace@acme.test' },
  { user_id: 'u3', name: 'Ada Lovelace', email: 'ada@acme.test' },
];

export function anOccurrence(changes: Partial<Occurrence> = {}): Occurrence {
  return {
    event_id: 'e1',
    occurrence: TEN,
    start: TEN,
    end: TEN + 3600,
    all_day: false,
    title: 'Weekly review',
    location: '',
    category: 'meeting',
    visibility: 'attendees',
    organiser_id: 'user-1',
    recurring: false,
    changed: false,
    my_answer: null,
    can_edit: true,
    ...changes,
  };
}

export function anEvent(changes: Partial<EventView> = {}): EventView {
  return {
    id: 'e1',
    version: 1,
    title: 'Weekly review',
    description: '',
    location: '',
    start: TEN,
    end: TEN + 3600,
    all_day: false,
    time_zone: ZONE,
    category: 'meeting',
    visibility: 'attendees',
    organiser: { user_id: 'u2', name: 'Grace Hopper', email: 'grace@acme.test', answer: 'accepted' },
    attendees: [{ user_id: 'user-1', name: 'Ann Archer', email: 'ann@acme.test', answer: 'pending' }],
    links: [],
    recurrence: null,
    reminders: [],
    occurrence: null,
    can_edit: false,
    my_answer: 'pending',
    ...changes,
  };
}

/** The routes the calendar's forms read. */
export function calendarServer(): FakeServer {
  return fakeServer()
    .on('GET', '/api/m/calendar/people', PEOPLE)
    .on('GET', '/api/m/calendar/link-targets', ({ query }) =>
      query.get('kind') === 'process' ? [{ kind: 'process', id: 'p1', label: 'Invoice intake' }] : [],
    );
}
