/**
 * The realtime client: one connection per session token to the host's `GET /api/realtime`
 * (server-sent events), shared by every subscriber, with the events dispatched by channel.
 *
 * `EventSource` cannot send an Authorization header, so the stream is read with `fetch`
 * and a streaming reader through `SseParser`. The connection opens with the first
 * subscriber, reconnects with capped exponential backoff (and at most a few attempts a
 * minute) while anyone is subscribed, closes when the last one leaves, and stops for good
 * on 401 (after calling `onUnauthorized`).
 *
 * The host numbers its events (`id:`); the connection keeps the last id and sends it as
 * `Last-Event-ID` when it reconnects, so the host replays what was missed. When it cannot
 * (the id left its window), it sends `reset`, and subscribers hear of a gap to refetch.
 */

import type { HostChannel } from './generated';
import { SseParser, type SseEvent } from './sse';

/** The host's channel of the user's own bell notifications. */
export const NOTIFICATIONS_CHANNEL: HostChannel = 'notifications';
/** The host's own channels, each named as is (a module's are `<moduleKey>.<channel>`). */
const HOST_CHANNELS: Readonly<Record<HostChannel, true>> = { notifications: true, session: true, directory: true };

function isHostChannel(channel: string): channel is HostChannel {
  return Object.hasOwn(HOST_CHANNELS, channel);
}
/** The event an older host sent when this stream fell behind and missed messages. */
export const LAGGED_EVENT = 'lagged';
/** The host cannot replay what this stream missed: what it shows must be reloaded. */
export const RESET_EVENT = 'reset';
/** The host dropped this stream because it did not keep up; it reconnects and resumes. */
export const OVERLOADED_EVENT = 'overloaded';
/** The host ended this stream because its session ended; the reconnection then answers 401. */
export const ENDED_EVENT = 'ended';
/** The host ended this stream because the user's rights changed; it reconnects at once with them and resumes. */
export const REFRESH_EVENT = 'refresh';
/** The host is shutting down; it reconnects at once (to another instance behind the proxy) and resumes or resets. */
export const RESTARTING_EVENT = 'restarting';
/** Where the host serves the stream. */
export const REALTIME_PATH = '/api/realtime';

/**
 * Why messages may have been missed: the stream lagged, it reconnected without an id to
 * resume from, the host could not replay what it missed (`reset`), or the host dropped it
 * for not keeping up (`overloaded`; the reconnection usually replays what was missed).
 */
export type RealtimeGap =
  { reason: 'lagged'; missed: number } | { reason: 'reconnected' } | { reason: 'reset' } | { reason: 'overloaded' };

export interface RealtimeMessage {
  channel: string;
  /** The raw `data:` text (the payload's JSON). */
  data: string;
}

export type RealtimeHandler<T = unknown> = (payload: T, message: RealtimeMessage) => void;

export interface SubscribeOptions {
  /** Called when messages may have been missed: refetch what the channel keeps fresh. */
  onGap?: (gap: RealtimeGap) => void;
}

export type RealtimeState = 'idle' | 'connecting' | 'open' | 'waiting' | 'unauthorized';

export interface RealtimeTransportOptions {
  /** Origin prefix, '' for same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called once when the host answers 401; the connection then stays down. */
  onUnauthorized?: () => void;
}

export interface RealtimeOptions extends RealtimeTransportOptions {
  /** First reconnect delay (ms); doubles on each failure. Default 1000. */
  initialDelayMs?: number;
  /** Longest reconnect delay (ms). Default 30000. */
  maxDelayMs?: number;
  /** At most this many connection attempts in any window of `windowMs`. Default 10. */
  maxAttemptsPerWindow?: number;
  /** The attempts window (ms). Default 60000 (a minute). */
  windowMs?: number;
  /** Source of jitter in [0, 1); the delay is scaled by 0.5 + random() / 2. */
  random?: () => number;
  /**
   * How long (ms) the stream stays open after its last subscriber leaves, so that moving
   * from one page to the next does not reconnect. Default 0: it closes at once.
   */
  idleCloseMs?: number;
  /** Called when the stream has closed for want of subscribers. */
  onIdle?: () => void;
  /** Where failures are reported (default: nowhere); a handler's exception goes to console.error. */
  onError?: (error: unknown) => void;
}

interface Subscription {
  handler: RealtimeHandler<never>;
  onGap?: (gap: RealtimeGap) => void;
}

/** `again`: the host asked for an immediate reconnection (new rights, or its shutdown). */
type Outcome = 'ended' | 'again' | 'failed' | 'unauthorized';

/** One stream for one token. Usually reached through `RealtimeHub`. */
export class RealtimeConnection {
  readonly token: string;
  private options: RealtimeOptions;
  private readonly channels = new Map<string, Set<Subscription>>();
  /** Bumped on every stop: a running loop of an older generation winds down. */
  private generation = 0;
  private runningGeneration: number | null = null;
  private controller: AbortController | null = null;
  private wake: (() => void) | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private attempts: number[] = [];
  private openedBefore = false;
  /** The id of the last event the host numbered, sent back on reconnecting. */
  private lastId = '';
  private currentState: RealtimeState = 'idle';
  /** Connection attempts made so far (for tests and diagnostics). */
  connects = 0;

  constructor(token: string, options: RealtimeOptions = {}) {
    this.token = token;
    this.options = options;
  }

  get state(): RealtimeState {
    return this.currentState;
  }

  /** The id of the last event received ('' before any). */
  get lastEventId(): string {
    return this.lastId;
  }

  get subscriberCount(): number {
    let count = 0;
    for (const set of this.channels.values()) count += set.size;
    return count;
  }

  /** Replaces the transport options (fetch, base URL, 401 hook) for later attempts. */
  configure(options: RealtimeTransportOptions): void {
    this.options = { ...this.options, ...definedOnly(options) };
  }

  /** Listens to `channel` (the exact event name, e.g. `process.updates`); returns the unsubscribe. */
  subscribe<T = unknown>(channel: string, handler: RealtimeHandler<T>, options: SubscribeOptions = {}): () => void {
    const subscription: Subscription = { handler: handler as RealtimeHandler<never>, onGap: options.onGap };
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(subscription);
    if (this.idleTimer !== null) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    this.start();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.channels.get(channel);
      current?.delete(subscription);
      if (current && current.size === 0) this.channels.delete(channel);
      if (this.channels.size === 0) this.becameIdle();
    };
  }

  /** Drops every subscriber and closes the stream now. */
  close(): void {
    this.channels.clear();
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.stop();
    this.options.onIdle?.();
  }

  private becameIdle(): void {
    const linger = this.options.idleCloseMs ?? 0;
    if (linger <= 0) {
      this.close();
      return;
    }
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.channels.size === 0) this.close();
    }, linger);
  }

  private start(): void {
    if (this.currentState === 'unauthorized') return;
    if (this.runningGeneration === this.generation) return;
    const generation = this.generation;
    this.runningGeneration = generation;
    void this.run(generation).finally(() => {
      if (this.runningGeneration === generation) this.runningGeneration = null;
    });
  }

  private stop(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = null;
    this.wake?.();
    this.wake = null;
    this.failures = 0;
    this.attempts = [];
    this.openedBefore = false;
    // A new start listens from now: its subscribers load their state afresh.
    this.lastId = '';
    if (this.currentState !== 'unauthorized') this.currentState = 'idle';
  }

  /** Whether a loop of `generation` should go on (every stop starts a new generation). */
  private live(generation: number): boolean {
    return generation === this.generation;
  }

  private async run(generation: number): Promise<void> {
    while (this.live(generation)) {
      await this.waitForAttemptSlot(generation);
      if (!this.live(generation)) return;
      this.attempts.push(Date.now());
      this.connects++;
      this.currentState = 'connecting';
      const controller = new AbortController();
      this.controller = controller;
      let outcome: Outcome;
      try {
        outcome = await this.connectOnce(generation, controller.signal);
      } catch (err) {
        outcome = 'failed';
        if (this.live(generation)) this.options.onError?.(err);
      }
      if (this.controller === controller) this.controller = null;
      if (!this.live(generation)) return;
      if (outcome === 'unauthorized') {
        this.currentState = 'unauthorized';
        this.generation++;
        this.options.onUnauthorized?.();
        return;
      }
      // New rights, or the host stopping: back at once, resuming where the stream was.
      if (outcome === 'again') continue;
      this.currentState = 'waiting';
      const delay = this.nextDelay();
      this.failures++;
      await this.sleep(delay, generation);
    }
  }

  private nextDelay(): number {
    const initial = this.options.initialDelayMs ?? 1000;
    const max = this.options.maxDelayMs ?? 30_000;
    const base = Math.min(max, initial * 2 ** Math.min(this.failures, 30));
    const random = this.options.random ?? Math.random;
    return Math.round(base * (0.5 + random() / 2));
  }

  /** Waits until fewer than `maxAttemptsPerWindow` attempts fall in the last window. */
  private async waitForAttemptSlot(generation: number): Promise<void> {
    const max = Math.max(1, this.options.maxAttemptsPerWindow ?? 10);
    const windowMs = this.options.windowMs ?? 60_000;
    for (;;) {
      const now = Date.now();
      this.attempts = this.attempts.filter((at) => now - at < windowMs);
      if (this.attempts.length < max) return;
      const oldest = this.attempts[0] ?? now;
      this.currentState = 'waiting';
      await this.sleep(oldest + windowMs - now, generation);
      if (!this.live(generation)) return;
    }
  }

  private sleep(ms: number, generation: number): Promise<void> {
    if (!this.live(generation)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      const wake = () => {
        clearTimeout(timer);
        done();
      };
      function done() {
        resolve();
      }
      this.wake = wake;
    });
  }

  private async connectOnce(generation: number, signal: AbortSignal): Promise<Outcome> {
    const doFetch = this.options.fetch ?? globalThis.fetch;
    const baseUrl = (this.options.baseUrl ?? '').replace(/\/+$/, '');
    const resumeFrom = this.lastId;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.token}`,
      Accept: 'text/event-stream',
      'Cache-Control': 'no-cache',
    };
    if (resumeFrom) headers['Last-Event-ID'] = resumeFrom;
    const response = await doFetch(baseUrl + REALTIME_PATH, {
      method: 'GET',
      headers,
      cache: 'no-store',
      signal,
    });
    if (response.status === 401) {
      await response.body?.cancel().catch(() => undefined);
      return 'unauthorized';
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      this.options.onError?.(new Error(`The realtime stream answered ${response.status}`));
      return 'failed';
    }
    if (!this.live(generation)) {
      await response.body.cancel().catch(() => undefined);
      return 'ended';
    }
    this.currentState = 'open';
    // With an id the host replays what was missed, or says `reset`.
    if (this.openedBefore && !resumeFrom) this.gap({ reason: 'reconnected' });
    this.openedBefore = true;

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    let again = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || !this.live(generation)) break;
        // Bytes arrived (even a keep-alive): the connection is healthy again.
        this.failures = 0;
        const events = parser.push(decoder.decode(value, { stream: true }));
        // An event with only an id (no data) moves the last id too.
        if (parser.lastEventId) this.lastId = parser.lastEventId;
        for (const event of events) {
          if (!this.live(generation)) break;
          if (event.event === REFRESH_EVENT || event.event === RESTARTING_EVENT) again = true;
          this.dispatch(event);
        }
      }
      if (this.live(generation)) {
        for (const event of parser.push(decoder.decode())) this.dispatch(event);
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    return again ? 'again' : 'ended';
  }

  private dispatch(event: SseEvent): void {
    if (event.event === LAGGED_EVENT) {
      const missed = Number.parseInt(event.data, 10);
      this.gap({ reason: 'lagged', missed: Number.isFinite(missed) ? missed : 0 });
    } else if (event.event === RESET_EVENT) {
      this.gap({ reason: 'reset' });
    } else if (event.event === OVERLOADED_EVENT) {
      this.gap({ reason: 'overloaded' });
    }
    const set = this.channels.get(event.event);
    if (!set || set.size === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      payload = event.data;
    }
    const message: RealtimeMessage = { channel: event.event, data: event.data };
    for (const subscription of [...set]) {
      try {
        (subscription.handler as RealtimeHandler)(payload, message);
      } catch (err) {
        console.error(`A realtime handler of ${event.event} failed`, err);
      }
    }
  }

  private gap(gap: RealtimeGap): void {
    const seen = new Set<(gap: RealtimeGap) => void>();
    for (const set of this.channels.values()) {
      for (const subscription of set) {
        if (!subscription.onGap || seen.has(subscription.onGap)) continue;
        seen.add(subscription.onGap);
        try {
          subscription.onGap(gap);
        } catch (err) {
          console.error('A realtime gap handler failed', err);
        }
      }
    }
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The connections by token: every subscriber with the same token shares one stream.
 * A connection is dropped from the hub when its last subscriber leaves.
 */
export class RealtimeHub {
  private readonly connections = new Map<string, RealtimeConnection>();
  private readonly defaults: RealtimeOptions;

  constructor(defaults: RealtimeOptions = {}) {
    this.defaults = defaults;
  }

  subscribe<T = unknown>(
    token: string,
    channel: string,
    handler: RealtimeHandler<T>,
    options: SubscribeOptions & RealtimeTransportOptions = {},
  ): () => void {
    let connection = this.connections.get(token);
    if (!connection) {
      const created: RealtimeConnection = new RealtimeConnection(token, {
        ...this.defaults,
        onIdle: () => {
          if (this.connections.get(token) === created) this.connections.delete(token);
          this.defaults.onIdle?.();
        },
      });
      connection = created;
      this.connections.set(token, connection);
    }
    connection.configure({ fetch: options.fetch, baseUrl: options.baseUrl, onUnauthorized: options.onUnauthorized });
    return connection.subscribe(channel, handler, { onGap: options.onGap });
  }

  /** The live connection of a token, if any. */
  connection(token: string): RealtimeConnection | undefined {
    return this.connections.get(token);
  }

  get size(): number {
    return this.connections.size;
  }

  /** Closes every connection (e.g. on sign-out). */
  closeAll(): void {
    for (const connection of [...this.connections.values()]) connection.close();
    this.connections.clear();
  }
}

/** The hub the hooks use. The SDK is a Module Federation singleton, so this is one per page. */
export const realtimeHub = new RealtimeHub({ idleCloseMs: 2000 });

/**
 * The full channel name a module's `channel` is published on: `<moduleKey>.<channel>`, or
 * one of the host's own (`notifications`, `session`, `directory`) as is.
 */
export function moduleChannel(moduleKey: string | null, channel: string): string {
  if (isHostChannel(channel)) return channel;
  if (!channel) throw new Error('A realtime channel name is required');
  if (!moduleKey)
    throw new Error(`useRealtime('${channel}') needs a <ModuleProvider> (only the host's channels do not)`);
  return `${moduleKey}.${channel}`;
}
