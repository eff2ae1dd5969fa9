// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { newEventValues } from '../eventForm';
import { TEN, ZONE, calendarServer } from '../testServer';
import { MESSAGES } from '../types';
import { EventForm } from './EventForm';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderForm(server: FakeServer = calendarServer()) {
  const onClose = vi.fn();
  const shell = renderWithShell(
    <EventForm opened onClose={onClose} initial={newEventValues(TEN, TEN + 3600, false, ZONE)} zone={ZONE} />,
    { server, moduleKey: 'calendar' },
  );
  return { ...shell, onClose, dialog: screen.getByRole('dialog', { name: 'New event' }) };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('EventForm', () => {
  it('says what is missing and sends nothing', async () => {
    const { server } = renderForm();
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '09:00' } });
    create();
    expect(await screen.findByText(MESSAGES.TITLE_REQUIRED)).toBeTruthy();
    expect(screen.getByText(MESSAGES.END_BEFORE_START)).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/calendar/events')).toHaveLength(0);
  });

  it('sends a weekly series with its weekdays, end and reminders in the shown zone', async () => {
    const server = calendarServer().on('POST', '/api/m/calendar/events', { id: 'e9' });
    const { onClose, notifications } = renderForm(server);
    fireEvent.change(field('Title'), { target: { value: 'Team sync' } });
    fireEvent.change(field('Location or meeting link'), { target: { value: 'https://meet.example/sync' } });
    choose('Repeat', 'Weekly');
    // The start's weekday (Tuesday) is chosen; add Thursday.
    expect((screen.getByRole('checkbox', { name: 'Tuesday' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    choose('Ends', 'After a number of times');
    fireEvent.change(screen.getByRole('textbox', { name: 'Times' }), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    create();

    await waitFor(() => expect(server.requestsTo('POST', '/api/m/calendar/events')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/m/calendar/events')[0]!.body).toEqual({
      title: 'Team sync',
      description: '',
      location: 'https://meet.example/sync',
      start: TEN,
      end: TEN + 3600,
      all_day: false,
      time_zone: ZONE,
      category: 'meeting',
      visibility: 'attendees',
      attendees: [],
      links: [],
      recurrence: { freq: 'weekly', interval: 1, by_weekday: ['TU', 'TH'], monthly_by: 'date', until: null, count: 6 },
      reminders: [15, 60],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notifications).toContainEqual({ message: 'Event created', kind: 'success' });
  });

  it('sends a monthly series by nth weekday until a day, and a link found by name', async () => {
    const server = calendarServer().on('POST', '/api/m/calendar/events', { id: 'e9' });
    renderForm(server);
    fireEvent.change(field('Title'), { target: { value: 'Patch day' } });
    choose('Repeat', 'Monthly');
    choose('On', 'The first Tuesday');
    choose('Ends', 'On a day');
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Find a process' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Invoice intake' }));
    expect(screen.getByText('Process: Invoice intake')).toBeTruthy();
    create();

    await waitFor(() => expect(server.requestsTo('POST', '/api/m/calendar/events')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/m/calendar/events')[0]!.body).toMatchObject({
      links: [{ kind: 'process', id: 'p1', label: 'Invoice intake' }],
      recurrence: {
        freq: 'monthly',
        interval: 1,
        by_weekday: [],
        monthly_by: 'weekday',
        until: '2026-12-31',
        count: null,
      },
    });
  });

  it('submits on Enter in a one-line field, not in the description', async () => {
    const server = calendarServer().on('POST', '/api/m/calendar/events', { id: 'e9' });
    renderForm(server);
    fireEvent.change(field('Title'), { target: { value: 'Lunch' } });
    const description = field('Description');
    fireEvent.keyDown(description, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requestsTo('POST', '/api/m/calendar/events')).toHaveLength(0);

    fireEvent.keyDown(field('Title'), { key: 'Enter' });
    await waitFor(() => expect(server.requestsTo('POST', '/api/m/calendar/events')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/m/calendar/events')[0]!.body).toMatchObject({ title: 'Lunch' });
  });

  it('shows the server refusal under its field and keeps the input', async () => {
    const server = calendarServer().on(
      'POST',
      '/api/m/calendar/events',
      reply(400, { message: MESSAGES.UNKNOWN_PERSON }),
    );
    const { dialog, onClose } = renderForm(server);
    fireEvent.change(field('Title'), { target: { value: 'Board meeting' } });
    create();
    expect(await within(dialog).findByText(MESSAGES.UNKNOWN_PERSON)).toBeTruthy();
    expect(field('Title').value).toBe('Board meeting');
    expect(onClose).not.toHaveBeenCalled();
  });
});
