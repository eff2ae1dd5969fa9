import { afterEach, describe, expect, it, vi } from 'vitest';

import { RESET_EVENT, RealtimeConnection, RealtimeHub, moduleChannel, type RealtimeGap } from '../src/realtime';
import { fakeRealtimeServer, settle } from '../testing';

const FAST = { initialDelayMs: 5, maxDelayMs: 20, random: () => 1 };

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeConnection', () => {
  it('opens one stream with the bearer token for all subscribers and dispatches by channel', async () => {
    const server = fakeRealtimeServer();
    const connection = new RealtimeConnection('tok-1', { ...FAST, fetch: server.fetch });
    const first: unknown[] = [];
    const second: unknown[] = [];
    const other: unknown[] = [];
    const notifications: unknown[] = [];
    connection.subscribe('process.updates', (payload) => first.push(payload));
    connection.subscribe('process.updates', (payload, message) => second.push([message.channel, payload]));
    connection.subscribe('process.other', (payload) => other.push(payload));
    connection.subscribe('notifications', (payload) => notifications.push(payload));

    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.calls).toBe(1);
    const stream = server.streams[0]!;
    expect(stream.url).toBe('/api/realtime');
    expect(stream.headers.Authorization).toBe('Bearer tok-1');
    expect(stream.headers.Accept).toBe('text/event-stream');

    stream.send(': keep-alive\n\nevent: process.updates\ndata: {"id":1}\n\nevent: support.tickets\ndata: {"id":9}\n\n');
    stream.send('event: process.other\nda');
    stream.send(
      'ta: "plain"\n\nevent: notifications\ndata: {"message":"Hello","createdAt":"2024-01-01T00:00:00Z"}\n\n',
    );
    await vi.waitFor(() => expect(notifications).toHaveLength(1));

    expect(first).toEqual([{ id: 1 }]);
    expect(second).toEqual([['process.updates', { id: 1 }]]);
    expect(other).toEqual(['plain']);
    expect(notifications).toEqual([{ message: 'Hello', createdAt: '2024-01-01T00:00:00Z' }]);
    expect(connection.state).toBe('open');
    connection.close();
  });

  it('reconnects after the stream ends and tells subscribers messages may be missed', async () => {
    const server = fakeRealtimeServer();
    const connection = new RealtimeConnection('tok', { ...FAST, fetch: server.fetch });
    const got: unknown[] = [];
    const gaps: RealtimeGap[] = [];
    connection.subscribe('m.c', (payload) => got.push(payload), { onGap: (gap) => gaps.push(gap) });
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]!.send('event: m.c\ndata: 1\n\n');
    await vi.waitFor(() => expect(got).toEqual([1]));

    server.streams[0]!.end();
    await vi.waitFor(() => expect(server.streams).toHaveLength(2));
    server.streams[1]!.send('event: m.c\ndata: 2\n\n');
    await vi.waitFor(() => expect(got).toEqual([1, 2]));
    expect(gaps).toEqual([{ reason: 'reconnected' }]);
    connection.close();
  });

  it('reconnects after an error answer, and reports a lagged stream as a gap', async () => {
    const server = fakeRealtimeServer();
    server.statuses.push(503, 502);
    const connection = new RealtimeConnection('tok', { ...FAST, fetch: server.fetch });
    const gaps: RealtimeGap[] = [];
    connection.subscribe('m.c', () => undefined, { onGap: (gap) => gaps.push(gap) });
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.calls).toBe(3);
    // The first stream that opened is no reconnection for its subscribers.
    expect(gaps).toEqual([]);
    server.streams[0]!.send('event: lagged\ndata: 12\n\n');
    await vi.waitFor(() => expect(gaps).toEqual([{ reason: 'lagged', missed: 12 }]));
    connection.close();
  });

  it('sends the last event id when it reconnects, and reports no gap when the host resumes', async () => {
    const server = fakeRealtimeServer();
    const connection = new RealtimeConnection('tok', { ...FAST, fetch: server.fetch });
    const got: unknown[] = [];
    const gaps: RealtimeGap[] = [];
    connection.subscribe('m.c', (payload) => got.push(payload), { onGap: (gap) => gaps.push(gap) });
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0]!.headers['Last-Event-ID']).toBeUndefined();
    // The host opens with the latest id alone (no data: not dispatched, but remembered).
    server.streams[0]!.send('id: e1-4\n\n');
    await vi.waitFor(() => expect(connection.lastEventId).toBe('e1-4'));
    server.streams[0]!.send('id: e1-5\nevent: m.c\ndata: 5\n\nid: e1-6\nevent: other.c\ndata: 6\n\n');
    await vi.waitFor(() => expect(got).toEqual([5]));
    expect(connection.lastEventId).toBe('e1-6');

    server.streams[0]!.end();
    await vi.waitFor(() => expect(server.streams).toHaveLength(2));
    expect(server.streams[1]!.headers['Last-Event-ID']).toBe('e1-6');
    server.streams[1]!.send('id: e1-7\nevent: m.c\ndata: 7\n\n');
    await vi.waitFor(() => expect(got).toEqual([5, 7]));
    expect(gaps).toEqual([]);
    connection.close();
    expect(connection.lastEventId).toBe('');
  });

  it('reports reset and overloaded as gaps, and resumes after being dropped', async () => {
    const server = fakeRealtimeServer();
    const connection = new RealtimeConnection('tok', { ...FAST, fetch: server.fetch });
    const gaps: RealtimeGap[] = [];
    const resets: unknown[] = [];
    connection.subscribe('m.c', () => undefined, { onGap: (gap) => gaps.push(gap) });
    connection.subscribe(RESET_EVENT, (payload) => resets.push(payload));
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]!.send('event: reset\nid: e2-40\ndata: Messages are no longer available\n\n');
    await vi.waitFor(() => expect(gaps).toEqual([{ reason: 'reset' }]));
    expect(resets).toEqual(['Messages are no longer available']);

    server.streams[0]!.send('event: overloaded\ndata: The connection fell too far behind\n\n');
    server.streams[0]!.end();
    await vi.waitFor(() => expect(server.streams).toHaveLength(2));
    expect(gaps).toEqual([{ reason: 'reset' }, { reason: 'overloaded' }]);
    expect(server.streams[1]!.headers['Last-Event-ID']).toBe('e2-40');
    connection.close();
  });

  it.each([
    ['new rights', 'refresh', 'Your rights changed'],
    ['its shutdown', 'restarting', 'The server is restarting'],
  ])('reconnects at once, resuming, when the host ends the stream for %s', async (_why, event, reason) => {
    const server = fakeRealtimeServer();
    // A backoff far longer than the test: only an immediate reconnection makes the second stream.
    const connection = new RealtimeConnection('tok', { initialDelayMs: 60_000, fetch: server.fetch });
    const gaps: RealtimeGap[] = [];
    connection.subscribe('session', () => undefined, { onGap: (gap) => gaps.push(gap) });
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]!.send(`id: e3-8\n\nevent: ${event}\ndata: ${reason}\n\n`);
    server.streams[0]!.end();
    await vi.waitFor(() => expect(server.streams).toHaveLength(2));
    expect(server.streams[1]!.headers['Last-Event-ID']).toBe('e3-8');
    expect(gaps).toEqual([]);
    connection.close();
  });

  it('closes the stream when the last subscriber leaves, and does not reconnect', async () => {
    const server = fakeRealtimeServer();
    const connection = new RealtimeConnection('tok', { ...FAST, fetch: server.fetch });
    const a = connection.subscribe('m.a', () => undefined);
    const b = connection.subscribe('m.b', () => undefined);
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));

    a();
    await settle(30);
    expect(server.streams[0]!.closedByClient).toBe(false);
    b();
    b(); // a second call changes nothing
    await vi.waitFor(() => expect(server.streams[0]!.closedByClient).toBe(true));
    await settle(60);
    expect(server.calls).toBe(1);
    expect(connection.state).toBe('idle');
    expect(connection.subscriberCount).toBe(0);
  });

  it('stops for good on 401 and calls onUnauthorized once', async () => {
    const server = fakeRealtimeServer();
    server.statuses.push(401);
    const onUnauthorized = vi.fn();
    const connection = new RealtimeConnection('expired', { ...FAST, fetch: server.fetch, onUnauthorized });
    connection.subscribe('m.c', () => undefined);
    connection.subscribe('notifications', () => undefined);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    await settle(60);
    expect(server.calls).toBe(1);
    expect(connection.state).toBe('unauthorized');
    // A later subscriber does not revive a dead token.
    connection.subscribe('m.d', () => undefined);
    await settle(30);
    expect(server.calls).toBe(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('backs off exponentially up to the cap', async () => {
    vi.useFakeTimers();
    const server = fakeRealtimeServer();
    server.statuses.push(...Array<number>(20).fill(503));
    const connection = new RealtimeConnection('tok', {
      fetch: server.fetch,
      initialDelayMs: 100,
      maxDelayMs: 400,
      random: () => 1,
      maxAttemptsPerWindow: 100,
    });
    connection.subscribe('m.c', () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toBe(1); // t=0
    await vi.advanceTimersByTimeAsync(99);
    expect(server.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toBe(2); // t=100
    await vi.advanceTimersByTimeAsync(199);
    expect(server.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toBe(3); // t=300
    await vi.advanceTimersByTimeAsync(400);
    expect(server.calls).toBe(4); // t=700
    await vi.advanceTimersByTimeAsync(400);
    expect(server.calls).toBe(5); // t=1100: capped at 400
    await vi.advanceTimersByTimeAsync(400);
    expect(server.calls).toBe(6);
    connection.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toBe(6);
  });

  it('makes at most maxAttemptsPerWindow attempts in a window', async () => {
    vi.useFakeTimers();
    const server = fakeRealtimeServer();
    server.statuses.push(...Array<number>(20).fill(500));
    const connection = new RealtimeConnection('tok', {
      fetch: server.fetch,
      initialDelayMs: 1,
      maxDelayMs: 1,
      random: () => 1,
      maxAttemptsPerWindow: 3,
      windowMs: 1000,
    });
    connection.subscribe('m.c', () => undefined);
    await vi.advanceTimersByTimeAsync(50);
    expect(server.calls).toBe(3);
    await vi.advanceTimersByTimeAsync(949); // t=999: the window still holds 3 attempts
    expect(server.calls).toBe(3);
    await vi.advanceTimersByTimeAsync(1); // t=1000: the first attempt left the window
    expect(server.calls).toBe(4);
    await vi.advanceTimersByTimeAsync(990); // a sliding window: never more than 3 in any second
    expect(server.calls).toBe(6);
    connection.close();
  });

  it('keeps delivering to other subscribers when a handler throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = fakeRealtimeServer();
    const connection = new RealtimeConnection('tok', { ...FAST, fetch: server.fetch });
    const got: unknown[] = [];
    connection.subscribe('m.c', () => {
      throw new Error('boom');
    });
    connection.subscribe('m.c', (payload) => got.push(payload));
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]!.send('event: m.c\ndata: 1\n\nevent: m.c\ndata: 2\n\n');
    await vi.waitFor(() => expect(got).toEqual([1, 2]));
    expect(error).toHaveBeenCalledTimes(2);
    expect(server.calls).toBe(1);
    connection.close();
  });
});

describe('RealtimeHub', () => {
  it('shares one connection per token and drops it when its last subscriber leaves', async () => {
    const server = fakeRealtimeServer();
    const hub = new RealtimeHub(FAST);
    const a = hub.subscribe('t1', 'm.a', () => undefined, { fetch: server.fetch });
    const b = hub.subscribe('t1', 'm.b', () => undefined, { fetch: server.fetch });
    const c = hub.subscribe('t2', 'm.a', () => undefined, { fetch: server.fetch });
    await vi.waitFor(() => expect(server.streams).toHaveLength(2));
    expect(hub.size).toBe(2);
    expect(server.streams.map((s) => s.headers.Authorization).sort()).toEqual(['Bearer t1', 'Bearer t2']);

    a();
    b();
    expect(hub.connection('t1')).toBeUndefined();
    expect(hub.size).toBe(1);
    c();
    expect(hub.size).toBe(0);
    await vi.waitFor(() => expect(server.streams.every((s) => s.closedByClient)).toBe(true));
  });

  it('keeps the stream through a quick unsubscribe and resubscribe when idleCloseMs is set', async () => {
    const server = fakeRealtimeServer();
    const hub = new RealtimeHub({ ...FAST, idleCloseMs: 40 });
    const got: unknown[] = [];
    const first = hub.subscribe('t', 'm.a', () => undefined, { fetch: server.fetch });
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    first();
    const second = hub.subscribe('t', 'm.a', (payload) => got.push(payload), { fetch: server.fetch });
    server.streams[0]!.send('event: m.a\ndata: 5\n\n');
    await vi.waitFor(() => expect(got).toEqual([5]));
    expect(server.calls).toBe(1);
    second();
    await vi.waitFor(() => expect(server.streams[0]!.closedByClient).toBe(true));
    expect(hub.size).toBe(0);
  });
});

describe('moduleChannel', () => {
  it("prefixes the module key, except for the host's own channels", () => {
    expect(moduleChannel('process', 'updates')).toBe('process.updates');
    expect(moduleChannel('process', 'notifications')).toBe('notifications');
    for (const channel of ['notifications', 'session', 'directory']) {
      expect(moduleChannel(null, channel)).toBe(channel);
    }
    expect(() => moduleChannel(null, 'updates')).toThrow(/ModuleProvider/);
    expect(() => moduleChannel(null, 'toString')).toThrow(/ModuleProvider/);
  });
});
