// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { EventTarget } from '../api';
import { TEN, ZONE, anEvent, calendarServer } from '../testServer';
import { MESSAGES } from '../types';
import { EditEvent } from './EditEvent';

beforeAll(stubBrowser);
afterEach(cleanup);

const WEEK = 7 * 86400;
const series = anEvent({
  version: 4,
  can_edit: true,
  my_answer: null,
  recurrence: { freq: 'weekly', interval: 1, by_weekday: ['TU'], monthly_by: 'date', until: null, count: null },
});

function renderEdit(target: EventTarget) {
  const server = calendarServer()
    .on('GET', '/api/m/calendar/events/e1', ({ query }) =>
      query.get('occurrence')
        ? { ...series, start: TEN + WEEK, end: TEN + WEEK + 3600, occurrence: TEN + WEEK }
        : series,
    )
    .on('PUT', '/api/m/calendar/events/e1', series);
  const onClose = vi.fn();
  const shell = renderWithShell(<EditEvent opened onClose={onClose} target={target} zone={ZONE} />, {
    server,
    moduleKey: 'calendar',
  });
  return { ...shell, onClose };
}

const title = () => screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
const puts = (shell: ReturnType<typeof renderEdit>) => shell.server.requestsTo('PUT', '/api/m/calendar/events/e1');

describe('EditEvent', () => {
  it('edits the whole series from its first occurrence, with the version read', async () => {
    const shell = renderEdit({ id: 'e1', scope: 'all', occurrence: null });
    await waitFor(() => expect(title().value).toBe('Weekly review'));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-03-03');
    fireEvent.change(title(), { target: { value: 'Weekly business review' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(shell)).toHaveLength(1));
    const [request] = puts(shell);
    expect(Object.fromEntries(request!.query)).toEqual({ scope: 'all' });
    expect(request!.body).toMatchObject({
      title: 'Weekly business review',
      start: TEN,
      version: 4,
      recurrence: series.recurrence,
    });
    await waitFor(() => expect(shell.onClose).toHaveBeenCalled());
  });

  it('edits one occurrence: its times and texts only', async () => {
    const shell = renderEdit({ id: 'e1', scope: 'this', occurrence: TEN + WEEK });
    await waitFor(() => expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-03-10'));
    expect(screen.queryByRole('combobox', { name: 'Repeat' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '11:00' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(shell)).toHaveLength(1));
    const [request] = puts(shell);
    expect(Object.fromEntries(request!.query)).toEqual({ scope: 'this', occurrence: String(TEN + WEEK) });
    expect(request!.body).toMatchObject({ start: TEN + WEEK + 3600, end: TEN + WEEK + 7200 });
  });

  it('says when someone else changed the event first, keeping the input', async () => {
    const shell = renderEdit({ id: 'e1', scope: 'all', occurrence: null });
    shell.server.on('PUT', '/api/m/calendar/events/e1', reply(409, { message: MESSAGES.STALE }));
    await waitFor(() => expect(title().value).toBe('Weekly review'));
    fireEvent.change(title(), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MESSAGES.STALE);
    expect(title().value).toBe('Renamed');
    expect(shell.onClose).not.toHaveBeenCalled();
  });
});
