/** A fake `/api/realtime` endpoint: a fetch that answers streams the test writes to. */

export interface FakeStream {
  url: string;
  headers: Record<string, string>;
  /** Writes text to the stream (as UTF-8 bytes). */
  send(text: string): void;
  /** Ends the stream as the server closing it would. */
  end(): void;
  /** Whether the client aborted or cancelled it. */
  readonly closedByClient: boolean;
}

export interface FakeServer {
  fetch: typeof fetch;
  /** Every stream opened, in order. */
  streams: FakeStream[];
  /** Statuses to answer next (one is used per call; 200 when empty). */
  statuses: number[];
  calls: number;
}

export function fakeRealtimeServer(): FakeServer {
  const encoder = new TextEncoder();
  const server: FakeServer = {
    streams: [],
    statuses: [],
    calls: 0,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      server.calls++;
      const status = server.statuses.shift() ?? 200;
      if (status !== 200) {
        return new Response(JSON.stringify({ message: `status ${status}` }), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let closedByClient = false;
      let open = true;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
        cancel() {
          closedByClient = true;
          open = false;
        },
      });
      init?.signal?.addEventListener('abort', () => {
        closedByClient = true;
        if (open) {
          open = false;
          controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        }
      });
      const stream: FakeStream = {
        url: String(input),
        headers: { ...(init?.headers as Record<string, string>) },
        send(text) {
          if (open) controller.enqueue(encoder.encode(text));
        },
        end() {
          if (open) {
            open = false;
            controller.close();
          }
        },
        get closedByClient() {
          return closedByClient;
        },
      };
      server.streams.push(stream);
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch,
  };
  return server;
}

/** Lets pending promise callbacks and zero-delay timers run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
