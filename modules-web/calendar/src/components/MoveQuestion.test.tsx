// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { TEN, anEvent, anOccurrence, calendarServer } from '../testServer';
import type { Occurrence } from '../types';
import { useMoveFlow } from './MoveQuestion';

beforeAll(stubBrowser);
afterEach(cleanup);

const WEEK = 7 * 86400;
const DAY = 86400;

/** What the calendar does on a drop: the occurrence moved a day later. */
function Dropped({ occurrence, revert }: { occurrence: Occurrence; revert: () => void }) {
  const moves = useMoveFlow();
  return (
    <>
      <button
        onClick={() => moves.request({ occurrence, start: occurrence.start + DAY, end: occurrence.end + DAY, revert })}
      >
        Drop
      </button>
      {moves.question}
    </>
  );
}

function renderDrop(occurrence: Occurrence, server: FakeServer) {
  const revert = vi.fn();
  const shell = renderWithShell(<Dropped occurrence={occurrence} revert={revert} />, { server, moduleKey: 'calendar' });
  fireEvent.click(screen.getByRole('button', { name: 'Drop' }));
  return { ...shell, revert };
}

const moves = (server: FakeServer) => server.requestsTo('POST', '/api/m/calendar/events/e1/move');

describe('moving an occurrence', () => {
  const second = anOccurrence({ recurring: true, occurrence: TEN + WEEK, start: TEN + WEEK, end: TEN + WEEK + 3600 });

  it('asks which occurrences of a series move, then moves them', async () => {
    const server = calendarServer().on('POST', '/api/m/calendar/events/e1/move', anEvent());
    const { revert, notifications } = renderDrop(second, server);
    expect(await screen.findByRole('dialog', { name: 'Move recurring event' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Only this event' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All events' })).toBeTruthy();
    expect(moves(server)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'This and following' }));
    await waitFor(() => expect(moves(server)).toHaveLength(1));
    expect(moves(server)[0]!.body).toEqual({
      occurrence: TEN + WEEK,
      scope: 'following',
      start: TEN + WEEK + DAY,
      end: TEN + WEEK + 3600 + DAY,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications).toContainEqual({ message: 'Event moved', kind: 'success' });
    expect(revert).not.toHaveBeenCalled();
  });

  it('puts the occurrence back on Cancel and sends nothing', async () => {
    const server = calendarServer();
    const { revert } = renderDrop(second, server);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(revert).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(moves(server)).toHaveLength(0);
  });

  it('moves a one-off event without asking, and puts it back when refused', async () => {
    const server = calendarServer().on(
      'POST',
      '/api/m/calendar/events/e1/move',
      reply(403, { message: 'Only the organiser can change this event' }),
    );
    const { revert, notifications } = renderDrop(anOccurrence(), server);
    await waitFor(() => expect(revert).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(moves(server)[0]!.body).toEqual({ occurrence: null, scope: 'all', start: TEN + DAY, end: TEN + 3600 + DAY });
    expect(notifications).toContainEqual({ message: 'Only the organiser can change this event', kind: 'failure' });
  });
});
