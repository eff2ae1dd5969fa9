// Child processes of a browser-test run: every one is registered when spawned and
// stopped by stopAll(), which the runner calls on success, failure and signals alike.

import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

const running = new Set();

/** Starts `command` with its output appended to `logFile`; registered for stopAll(). */
export function start(name, command, args, { env, logFile, stdin = 'ignore' } = {}) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { env, stdio: [stdin, 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const entry = { name, child, logFile, exited: new Promise((resolve) => child.once('exit', resolve)) };
  entry.exited.then(() => {
    running.delete(entry);
    log.end();
  });
  running.add(entry);
  return entry;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stop(entry, graceMs = 5000) {
  const { child, exited } = entry;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...running].map((entry) => stop(entry)));
}

/** Kills what is left without waiting: for process exit paths that cannot await. */
export function killAllNow() {
  for (const { child } of running) child.kill('SIGKILL');
}

/** A loopback port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `check` until it returns a truthy value; fails after `timeoutMs` with `what`,
 * or at once when `entry` (a started process) exits first.
 */
export async function waitFor(what, check, { timeoutMs = 20000, intervalMs = 100, entry } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (entry && (entry.child.exitCode !== null || entry.child.signalCode !== null)) {
      throw new Error(`${entry.name} exited (${entry.child.exitCode ?? entry.child.signalCode}) before ${what}; see ${entry.logFile}`);
    }
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** fetch with a time limit, so no request of the harness can hang the run. */
export function fetchWithin(url, init = {}, timeoutMs = 10000) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
