import { describe, expect, it } from 'vitest';

import { eventFormErrors, eventValues, fieldOfMessage, newEventValues, reminderField, toEventInput } from './eventForm';
import type { EventView } from './types';

const ZONE = 'Europe/Berlin';
const TEN = Date.UTC(2026, 2, 3, 9) / 1000; // 10:00 in Berlin

describe('event form', () => {
  it('makes the API body of a timed event in the zone shown', () => {
    const values = { ...newEventValues(TEN, TEN + 3600, false, ZONE), title: '  Review  ' };
    expect(values).toMatchObject({
      startDate: '2026-03-03',
      startTime: '10:00',
      endDate: '2026-03-03',
      endTime: '11:00',
    });
    expect(toEventInput(values, ZONE)).toEqual({
      title: 'Review',
      description: '',
      location: '',
      start: TEN,
      end: TEN + 3600,
      all_day: false,
      time_zone: ZONE,
      category: 'meeting',
      visibility: 'attendees',
      attendees: [],
      links: [],
      recurrence: null,
      reminders: [15],
    });
  });

  it('sends all-day days as 00:00 UTC with an exclusive end', () => {
    const day = Date.UTC(2026, 2, 3) / 1000;
    const values = { ...newEventValues(day, day + 2 * 86400, true, ZONE), title: 'Offsite' };
    expect(values).toMatchObject({ startDate: '2026-03-03', endDate: '2026-03-04' });
    expect(toEventInput(values, ZONE)).toMatchObject({ start: day, end: day + 2 * 86400, all_day: true });
  });

  it('checks the title, the times and the reminders', () => {
    const values = newEventValues(TEN, TEN + 3600, false, ZONE);
    expect(eventFormErrors({ ...values, endTime: '09:00' }, ZONE)).toEqual({
      title: 'A title is required',
      endDate: 'The end must be after the start',
    });
    expect(eventFormErrors({ ...values, title: 'x', endDate: '2026-03-20' }, ZONE)).toEqual({
      endDate: 'An event may last at most 14 days',
    });
    expect(
      eventFormErrors(
        {
          ...values,
          title: 'x',
          reminders: [
            { amount: 60, unit: 'minutes' },
            { amount: 1, unit: 'hours' },
          ],
        },
        ZONE,
      ),
    ).toEqual({ reminders: 'A reminder is 0 to 40,320 minutes (4 weeks) before the start, each one once' });
  });

  it('reads a stored event back into the form', () => {
    const view: EventView = {
      id: 'e1',
      version: 3,
      title: 'Standup',
      description: 'Daily',
      location: 'https://meet.example/x',
      start: TEN,
      end: TEN + 900,
      all_day: false,
      time_zone: ZONE,
      category: 'training',
      visibility: 'company',
      organiser: { user_id: 'user-1', name: 'Ann', email: 'ann@acme.test', answer: 'accepted' },
      attendees: [{ user_id: 'u2', name: 'Grace', email: 'g@acme.test', answer: 'pending' }],
      links: [],
      recurrence: { freq: 'daily', interval: 1, by_weekday: [], monthly_by: 'date', until: null, count: 5 },
      reminders: [1440, 30],
      occurrence: null,
      can_edit: true,
      my_answer: null,
    };
    expect(eventValues(view, ZONE)).toMatchObject({
      title: 'Standup',
      startTime: '10:00',
      endTime: '10:15',
      attendees: ['u2'],
      freq: 'daily',
      ends: 'after',
      count: 5,
      reminders: [reminderField(1440), reminderField(30)],
    });
  });

  it('puts a server message under its field', () => {
    expect(fieldOfMessage('A title is required')).toBe('title');
    expect(fieldOfMessage('Unknown time zone')).toBe('endDate');
    expect(fieldOfMessage('The event was changed by someone else; reload it and try again')).toBeUndefined();
  });
});
