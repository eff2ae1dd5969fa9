// The idle streams of the chat benchmark's memory phase (host/benches/chat_vs_node): a
// process of its own, so that the clients' memory is not counted in the host's RSS.
//
//   node tests/bench/chat/idle.mjs <config.json>
//
// The config (JSON): stream_url, tokens (round-robin, `Authorization: Bearer`), stages,
// timeout_s. Opens `stages[0]` server-sent event streams (each counts once its first bytes
// arrived: the hub has it), prints {"open":n}, waits for a line on standard input, opens
// more up to `stages[1]`, and so on; after the last stage it waits for standard input to
// close (or a line), closes everything and prints {"done":true}.
//
// Only loopback; every wait is bounded: the whole run ends after `timeout_s` seconds at most.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const TIMEOUT_MS = (config.timeout_s ?? 120) * 1000;
/** Connections being opened at once. */
const OPENING = 200;

const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const fail = (message) => {
  out({ error: message });
  process.exit(1);
};
setTimeout(() => fail(`timed out after ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS).unref();

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** Streams ended by the host (overloaded, ended, a closed connection): none is expected. */
const endings = {};

/** Opens one stream; resolves with its response once its first bytes arrived. */
const openStream = (token) =>
  new Promise((resolve, reject) => {
    const request = http.get(
      config.stream_url,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${config.stream_url} answered ${res.statusCode}`));
          return;
        }
        res.once('data', () => resolve(res));
        res.on('end', () => {
          endings.closed = (endings.closed ?? 0) + 1;
        });
        res.on('error', () => {});
      },
    );
    request.on('error', reject);
  });

/** Opens streams `from`..`to`, OPENING at a time. */
const open = async (from, to) => {
  const handles = [];
  let next = from;
  const worker = async () => {
    while (next < to) {
      const client = next++;
      handles.push(await openStream(config.tokens[client % config.tokens.length]));
    }
  };
  await Promise.all(Array.from({ length: OPENING }, worker));
  return handles;
};

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
  out({ open: opened, endings });
  await nextLine();
}
for (const res of handles) res.destroy();
out({ done: true });
process.exit(0);
