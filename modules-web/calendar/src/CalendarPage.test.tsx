// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEST_USER, mediaQueries, renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import CalendarPage from './CalendarPage';
import { TEN, anEvent, anOccurrence, calendarServer } from './testServer';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOW = new Date();
const TODAY_TEN = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate(), 10) / 1000;

function pageServer(): FakeServer {
  return calendarServer()
    .on('GET', '/api/m/calendar/range', {
      occurrences: [anOccurrence({ start: TODAY_TEN, end: TODAY_TEN + 3600, occurrence: TODAY_TEN })],
      non_working: [],
    })
    .on('GET', '/api/m/calendar/bots', { available: false, windows: [], unscheduled: [] });
}

function renderPage(server = pageServer(), timeZone = 'UTC', url = '/Calendar') {
  return renderWithShell(<CalendarPage />, {
    server,
    moduleKey: 'calendar',
    url,
    user: { ...TEST_USER, timeZone },
  });
}

describe('CalendarPage', () => {
  it('loads the visible range and draws its events', async () => {
    const { server } = renderPage();
    expect(await screen.findByText('Weekly review', {}, { timeout: 5000 })).toBeTruthy();
    const [range] = server.requestsTo('GET', '/api/m/calendar/range');
    const from = Number(range!.query.get('from'));
    const to = Number(range!.query.get('to'));
    expect(from).toBeLessThan(TODAY_TEN);
    expect(to).toBeGreaterThan(TODAY_TEN);
    expect(server.requestsTo('GET', '/api/m/calendar/bots')[0]!.query.get('tz')).toBe('UTC');
    expect(screen.getByText('Times in UTC')).toBeTruthy();
    expect((screen.getByRole('switch', { name: /^Bot schedules/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('draws times in the person zone', async () => {
    renderPage(pageServer(), 'Asia/Tokyo');
    expect(await screen.findByText('Weekly review', {}, { timeout: 5000 })).toBeTruthy();
    // 10:00 UTC is 19:00 in Tokyo.
    expect(screen.getByText('19:00')).toBeTruthy();
    expect(screen.getByText('Times in Asia/Tokyo')).toBeTruthy();
  });

  it('opens the agenda on a phone and says when a period is empty', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(mediaQueries((query) => query.includes('max-width')));
    const server = pageServer().on('GET', '/api/m/calendar/range', { occurrences: [], non_working: [] });
    renderPage(server);
    expect(await screen.findByText('No events in this period', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Agenda' }) as HTMLInputElement).checked).toBe(true);
  });

  it('reads the range again when an event changes elsewhere', async () => {
    const { server } = renderPage();
    await screen.findByText('Weekly review', {}, { timeout: 5000 });
    const before = server.requestsTo('GET', '/api/m/calendar/range').length;
    await waitFor(() => expect(server.realtime.streams.length).toBeGreaterThan(0));
    server.realtime.streams[0]!.send('event: calendar.changed\ndata: {"event_id":"e2"}\n\n');
    await waitFor(() => expect(server.requestsTo('GET', '/api/m/calendar/range').length).toBeGreaterThan(before));
  });

  it('draws the bots layer when switched on, and opens an event on click', async () => {
    const server = pageServer()
      .on('GET', '/api/m/calendar/bots', {
        available: true,
        windows: [{ bot: 'Invoice bot', start: TODAY_TEN + 7200, end: TODAY_TEN + 9000 }],
        unscheduled: [],
      })
      .on('GET', '/api/m/calendar/events/e1', anEvent({ start: TODAY_TEN, end: TODAY_TEN + 3600 }));
    renderPage(server);
    await screen.findByText('Weekly review', {}, { timeout: 5000 });
    const toggle = screen.getByRole('switch', { name: /^Bot schedules/ }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.queryByText('Bot: Invoice bot')).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByText('Bot: Invoice bot')).toBeTruthy();

    fireEvent.click(screen.getByText('Weekly review'));
    expect(await screen.findByRole('dialog', { name: 'Event' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Your answer' })).toBeTruthy();
  });

  it('opens the view, period and bots layer the URL names, and keeps them there as they change', async () => {
    const server = pageServer().on('GET', '/api/m/calendar/bots', {
      available: true,
      windows: [{ bot: 'Invoice bot', start: TEN + 7200, end: TEN + 9000 }],
      unscheduled: [],
    });
    const shell = renderPage(server, 'UTC', '/Calendar?view=week&date=2026-03-03&bots=1');
    expect(await screen.findByText('Bot: Invoice bot', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Week' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /^Bot schedules/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { name: /Mar 2 – 8, 2026/ })).toBeTruthy();
    const [range] = server.requestsTo('GET', '/api/m/calendar/range');
    expect(Number(range!.query.get('from'))).toBeLessThan(TEN);
    expect(Number(range!.query.get('to'))).toBeGreaterThan(TEN);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shell.location().search).toBe('?view=week&date=2026-03-09&bots=1'));
    fireEvent.click(screen.getByRole('switch', { name: /^Bot schedules/ }));
    await waitFor(() => expect(shell.location().search).toBe('?view=week&date=2026-03-09'));
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(shell.location().search).toBe('?view=week'));
  });

  it('opens the event a link names (a reminder mail), and the link leaves the URL', async () => {
    const server = pageServer().on(
      'GET',
      '/api/m/calendar/events/e1',
      anEvent({ start: TODAY_TEN, end: TODAY_TEN + 3600 }),
    );
    const shell = renderPage(server, 'UTC', `/Calendar?event=e1&occurrence=${TODAY_TEN}`);
    expect(await screen.findByRole('dialog', { name: 'Event' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Your answer' })).toBeTruthy();
    const reads = server.requestsTo('GET', '/api/m/calendar/events/e1');
    expect(reads.map((request) => request.query.get('occurrence'))).toContain(String(TODAY_TEN));
    await waitFor(() => expect(shell.location().search).toBe(''));
  });

  it('opens a new event form from the title bar', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New event' }));
    expect(await screen.findByRole('dialog', { name: 'New event' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy());
  });
});
