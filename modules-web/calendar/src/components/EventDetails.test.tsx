// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { TEN, ZONE, anEvent, calendarServer } from '../testServer';
import type { EventView } from '../types';
import { EventDetails, type OpenEvent } from './EventDetails';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderDetails(event: EventView, open: OpenEvent = { id: 'e1', occurrence: null }, server?: FakeServer) {
  const fake = (server ?? calendarServer()).on('GET', '/api/m/calendar/events/e1', event);
  const onEdit = vi.fn();
  const shell = renderWithShell(<EventDetails opened onClose={vi.fn()} open={open} zone={ZONE} onEdit={onEdit} />, {
    server: fake,
    moduleKey: 'calendar',
    url: '/Calendar',
  });
  return { ...shell, onEdit };
}

describe('EventDetails', () => {
  it('shows the event in the person zone, its meeting link, text and links', async () => {
    const { location } = renderDetails(
      anEvent({
        location: 'https://meet.example/review',
        description: '<b>Agenda</b>\nFigures',
        links: [{ kind: 'bot', id: 'b7', label: 'Invoice bot' }],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Weekly review' })).toBeTruthy();
    expect(screen.getByText('Tue 3 Mar 2026, 10:00 – 11:00')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'https://meet.example/review' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Text, never HTML.
    expect(screen.getByText(/<b>Agenda<\/b>/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bot: Invoice bot' }));
    expect(location().pathname + location().search).toBe('/BotProfile?bot=b7');
  });

  it('lets an invited person answer', async () => {
    const server = calendarServer().on('POST', '/api/m/calendar/events/e1/answer', () =>
      anEvent({ my_answer: 'accepted' }),
    );
    const { notifications } = renderDetails(anEvent(), undefined, server);
    const answers = await screen.findByRole('group', { name: 'Your answer' });
    expect(within(answers).getByRole('button', { name: 'Accept' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    fireEvent.click(within(answers).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(server.requestsTo('POST', '/api/m/calendar/events/e1/answer')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/m/calendar/events/e1/answer')[0]!.body).toEqual({ answer: 'accepted' });
    expect(notifications).toContainEqual({ message: 'Answered: Accepted', kind: 'success' });
  });

  it('shows the organiser every answer and asks which occurrences a change reaches', async () => {
    const series = anEvent({
      organiser: { user_id: 'user-1', name: 'Ann Archer', email: 'ann@acme.test', answer: 'accepted' },
      attendees: [
        { user_id: 'u2', name: 'Grace Hopper', email: 'grace@acme.test', answer: 'declined' },
        { user_id: 'u3', name: 'Ada Lovelace', email: 'ada@acme.test', answer: 'tentative' },
      ],
      recurrence: { freq: 'weekly', interval: 1, by_weekday: [], monthly_by: 'date', until: null, count: null },
      occurrence: TEN,
      can_edit: true,
      my_answer: null,
    });
    const server = calendarServer().on('DELETE', '/api/m/calendar/events/e1', { ok: true });
    const { onEdit, notifications } = renderDetails(series, { id: 'e1', occurrence: TEN }, server);
    expect(await screen.findByText('Every week on Tue')).toBeTruthy();
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.getByText('Tentative')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Your answer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Only this event' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 'e1', scope: 'this', occurrence: TEN });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete recurring event' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'This and following' }));
    await waitFor(() => expect(server.requestsTo('DELETE', '/api/m/calendar/events/e1')).toHaveLength(1));
    const request = server.requestsTo('DELETE', '/api/m/calendar/events/e1')[0]!;
    expect(Object.fromEntries(request.query)).toEqual({ scope: 'following', occurrence: String(TEN) });
    await waitFor(() => expect(notifications).toContainEqual({ message: 'Event deleted', kind: 'success' }));
  });
});
