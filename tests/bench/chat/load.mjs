// The chat benchmark's load generator (host/benches/chat_vs_node.rs), the same for the host
// and for the Node.js baseline (node-server.mjs) so that the two are measured alike.
//
//   node tests/bench/chat/load.mjs <config.json>
//
// The config (JSON):
//   mode        "sse": N server-sent event streams (`GET stream_url`, `Authorization: Bearer`
//               round-robin over `tokens`), as the host's realtime clients;
//               "ws": N WebSocket clients of `stream_url` (the baseline);
//               "idle": server-sent event streams opened in `stages` and held, for memory.
//   stream_url, post_url, tokens, poster_tokens, clients, messages, posters, event,
//   stages, timeout_s
//
// sse/ws: opens `clients` connections, then `posters` concurrent posters each POST
// `messages / posters` messages to `post_url` one after another (`{"text": "bench <poster>-<n>
// t=<hrtime at the post's start>"}`) after one warm-up message each. Every client parses every
// frame (`event`'s data as JSON) and records its latency: the time it read it minus the post's
// start written in the text (one process, one clock). Prints one JSON line: deliveries per
// second (deliveries / first post's start to last delivery), the deliveries' p50/p99/max, the
// posts' p50/p99, and what was missing, duplicated or ended.
//
// idle: opens `stages[0]` streams, prints {"open":n}, waits for a line on standard input, opens
// more up to `stages[1]`, and so on; after the last stage it waits for standard input to close
// (or a line), closes everything and prints {"done":true}.
//
// Only loopback; every wait is bounded: the whole run ends after `timeout_s` seconds at most.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';

import WebSocket from 'ws';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const TIMEOUT_MS = (config.timeout_s ?? 120) * 1000;
/** Connections being opened at once. */
const OPENING = 200;
/** How long after the last post the deliveries may still come. */
const DRAIN_MS = 20_000;
const WARM_UP_MS = 15_000;

const now = () => process.hrtime.bigint();
const millis = (nanos) => Number(nanos) / 1e6;
const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const fail = (message) => {
  out({ error: message });
  process.exit(1);
};
setTimeout(() => fail(`timed out after ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS).unref();

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const TEXT = /^bench (warm-)?(\d+)-(\d+) t=(\d+)$/;

/** What one run saw. */
const seen = {
  perClient: [], // Uint8Array per client: how often each measured message arrived
  warm: [], // Set per client of the warm-up messages received
  latencies: [],
  deliveries: 0,
  warmDeliveries: 0,
  lastDelivery: 0n,
  otherEvents: 0,
  endings: {}, // SSE ending events (overloaded, ended, refresh, reset) and closed connections
};
const ended = (what) => {
  seen.endings[what] = (seen.endings[what] ?? 0) + 1;
};

/** A frame's message: counts it for `client` when it is one of ours. */
const deliver = (client, message, at) => {
  const match = TEXT.exec(message?.text ?? '');
  if (!match) {
    seen.otherEvents += 1;
    return;
  }
  const [, warm, poster, n, started] = match;
  if (warm) {
    seen.warm[client].add(poster);
    seen.warmDeliveries += 1;
    return;
  }
  seen.latencies.push(millis(at - BigInt(started)));
  seen.perClient[client][Number(poster) * perPoster + Number(n)] += 1;
  seen.deliveries += 1;
  seen.lastDelivery = at;
};

/** Opens one server-sent event stream; resolves once its first event arrived (the hub has
 * the stream), with the response to close it. */
const openStream = (client, token) =>
  new Promise((resolve, reject) => {
    const request = http.get(
      config.stream_url,
      { agent: streamAgent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${config.stream_url} answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        res.on('data', (chunk) => {
          const at = now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data += (data ? '\n' : '') + line.slice(5).replace(/^ /, '');
            }
            if (event === config.event) deliver(client, JSON.parse(data).message, at);
            else if (['overloaded', 'ended', 'refresh', 'reset'].includes(event)) ended(event);
            else if (data) seen.otherEvents += 1;
          }
          if (!opened) {
            opened = true;
            resolve(res);
          }
        });
        res.on('end', () => opened && ended('closed'));
        res.on('error', () => {});
      },
    );
    request.on('error', reject);
  });

const openSocket = (client) =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(config.stream_url, { perMessageDeflate: false });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
    ws.on('close', () => ended('closed'));
    ws.on('message', (frame) => {
      const at = now();
      const parsed = JSON.parse(frame.toString('utf8'));
      if (parsed.event === config.event) deliver(client, parsed.data.message, at);
      else seen.otherEvents += 1;
    });
  });

/** Opens clients `from`..`to` (OPENING at a time); answers their handles. */
const open = async (from, to) => {
  const handles = [];
  let next = from;
  const worker = async () => {
    while (next < to) {
      const client = next++;
      seen.perClient[client] = new Uint8Array(config.messages ?? 0);
      seen.warm[client] = new Set();
      handles.push(
        await (config.mode === 'ws'
          ? openSocket(client)
          : openStream(client, config.tokens[client % config.tokens.length])),
      );
    }
  };
  await Promise.all(Array.from({ length: OPENING }, worker));
  return handles;
};

const postAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** POSTs one message; answers the time it took, in milliseconds. */
const post = (token, text) =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ text });
    const started = now();
    const request = http.request(
      config.post_url,
      {
        method: 'POST',
        agent: postAgent,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(millis(now() - started))
            : reject(new Error(`POST ${config.post_url} answered ${res.statusCode}`)),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`POST ${config.post_url} timed out`)));
    request.on('error', reject);
    request.end(body);
  });

const until = async (done, ms) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  return done();
};

const percentile = (values, q) => {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};

const perPoster = Math.ceil((config.messages ?? 0) / (config.posters ?? 1));

if (config.mode === 'idle') {
  const lines = readline.createInterface({ input: process.stdin });
  const nextLine = () =>
    new Promise((resolve) => {
      lines.once('line', resolve);
      lines.once('close', resolve);
    });
  const handles = [];
  let opened = 0;
  for (const stage of config.stages) {
    try {
      handles.push(...(await open(opened, stage)));
    } catch (error) {
      fail(`opening streams ${opened + 1} to ${stage}: ${error.message}`);
    }
    opened = stage;
    out({ open: opened, endings: seen.endings });
    await nextLine();
  }
  for (const res of handles) res.destroy();
  out({ done: true });
  process.exit(0);
}

const connectStarted = now();
let handles;
try {
  handles = await open(0, config.clients);
} catch (error) {
  fail(`opening ${config.clients} connections: ${error.message}`);
}
const connectSeconds = millis(now() - connectStarted) / 1000;

const posters = config.posters;
const posterToken = (p) => config.poster_tokens[p % config.poster_tokens.length];
try {
  // Warm-up (instances, caches, connections): one message per poster, not measured.
  await Promise.all(Array.from({ length: posters }, (_, p) => post(posterToken(p), `bench warm-${p}-0 t=${now()}`)));
} catch (error) {
  fail(`warm-up: ${error.message}`);
}
const warmedUp = await until(() => seen.warm.every((received) => received.size === posters), WARM_UP_MS);

const postTimes = [];
const firstPost = now();
try {
  await Promise.all(
    Array.from({ length: posters }, async (_, p) => {
      for (let n = 0; n < perPoster && p * perPoster + n < config.messages; n++) {
        postTimes.push(await post(posterToken(p), `bench ${p}-${n} t=${now()}`));
      }
    }),
  );
} catch (error) {
  fail(`posting: ${error.message}`);
}
const lastPosted = now();
const expected = config.clients * config.messages;
await until(() => seen.deliveries >= expected, DRAIN_MS);

let missing = 0;
let duplicates = 0;
for (const counts of seen.perClient) {
  for (const count of counts) {
    if (count === 0) missing += 1;
    else duplicates += count - 1;
  }
}
const spanSeconds = millis((seen.lastDelivery > firstPost ? seen.lastDelivery : now()) - firstPost) / 1000;
out({
  mode: config.mode,
  clients: config.clients,
  messages: config.messages,
  posters,
  connect_s: connectSeconds,
  warmed_up: warmedUp,
  expected,
  deliveries: seen.deliveries,
  missing,
  duplicates,
  other_events: seen.otherEvents,
  endings: seen.endings,
  posting_s: millis(lastPosted - firstPost) / 1000,
  span_s: spanSeconds,
  deliveries_per_s: seen.deliveries / spanSeconds,
  p50_ms: percentile(seen.latencies, 0.5),
  p99_ms: percentile(seen.latencies, 0.99),
  max_ms: percentile(seen.latencies, 1),
  post_p50_ms: percentile(postTimes, 0.5),
  post_p99_ms: percentile(postTimes, 0.99),
});
for (const handle of handles) (handle.terminate ?? handle.destroy).call(handle);
process.exit(0);
