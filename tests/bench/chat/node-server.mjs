// The chat benchmark's baseline (host/benches/chat_vs_node.rs): the same fan-out as the
// host's Chat module, written the usual Node.js way with `ws`. `POST /channels/<id>/messages`
// {text} appends the message to the channel's in-memory list, answers 201 with it, and
// sends it, serialised once, to every WebSocket client of the channel (`/channels/<id>`).
// The frame has the shape and size of the host's server-sent event: the SSE id, the event
// name and `{"event":"created","message":<MessageView>}`.
//
//   node tests/bench/chat/node-server.mjs
//
// listens on 127.0.0.1 on a free port, prints {"port":<port>} and serves until its standard
// input closes (or for 10 minutes at most).
import { randomBytes } from 'node:crypto';
import http from 'node:http';

import { WebSocketServer } from 'ws';

const LIFETIME_MS = 10 * 60 * 1000;
const MAX_BODY = 64 * 1024;

/** channel id -> { messages: [], clients: Set<WebSocket> } */
const channels = new Map();
const channel = (id) => {
  let found = channels.get(id);
  if (!found) {
    found = { messages: [], clients: new Set() };
    channels.set(id, found);
  }
  return found;
};
const epoch = randomBytes(4).toString('hex');
let companySeq = 0;
const newId = () => randomBytes(16).toString('hex');

const server = http.createServer((req, res) => {
  const match = /^\/channels\/([^/]+)\/messages$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let text;
    try {
      ({ text } = JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (typeof text !== 'string' || text.length === 0) {
      res.writeHead(400).end();
      return;
    }
    const target = channel(match[1]);
    const now = Math.floor(Date.now() / 1000);
    const message = {
      id: newId(),
      channel_id: match[1],
      seq: target.messages.length + 1,
      author_id: newId(),
      text,
      parent_id: null,
      reply_count: 0,
      last_reply_at: null,
      mentions: [],
      reactions: [],
      file: null,
      edited: false,
      deleted: false,
      created_at: now,
      updated_at: now,
    };
    target.messages.push(message);
    companySeq += 1;
    const frame = JSON.stringify({
      id: `${epoch}-${companySeq}`,
      event: 'chat.message',
      data: { event: 'created', message },
    });
    for (const client of target.clients) {
      if (client.readyState === 1) client.send(frame);
    }
    const body = JSON.stringify(message);
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
server.on('upgrade', (req, socket, head) => {
  const match = /^\/channels\/([^/]+)$/.exec(req.url ?? '');
  if (!match) {
    socket.destroy();
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    const target = channel(match[1]);
    target.clients.add(ws);
    ws.on('close', () => target.clients.delete(ws));
    ws.on('error', () => target.clients.delete(ws));
  });
});

server.listen(0, '127.0.0.1', 4096, () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});

const stop = () => process.exit(0);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
setTimeout(stop, LIFETIME_MS).unref();
