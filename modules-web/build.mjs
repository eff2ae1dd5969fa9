// Builds module remotes for production, one after the other (lean on a small machine), and
// reports their sizes.
//
//   node build.mjs                 every remote of modules-web (<key>/rspack.config.mjs)
//   node build.mjs <dir> [...]     the remotes in these folders (e.g. tests/modules/crud/remote)
//
// Each lands in <dir>/dist. The report gives each remote's JavaScript, gzipped: its
// remoteEntry.js (mostly the federation runtime, the same in every remote) and its own
// JavaScript (its chunks: the exposed components and what they bundle). It exits non-zero
// when a remote's own JavaScript is above OWN_JS_LIMIT (or its own in OWN_JS_LIMITS).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { rspack } from '@rspack/core';

const here = import.meta.dirname;

/** The folders of modules-web that hold a remote. */
export function ownRemoteDirs() {
  return readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => path.join(here, entry.name))
    .filter((dir) => existsSync(path.join(dir, 'rspack.config.mjs')));
}

function compile(config) {
  return new Promise((resolve, reject) => {
    rspack(config).run((err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolve(stats);
    });
  });
}

/** Gzipped sizes of a built remote's JavaScript: remoteEntry.js and everything else. */
export function gzippedSizes(dist) {
  let entry = 0;
  let chunks = 0;
  for (const file of readdirSync(dist)) {
    if (!file.endsWith('.js')) continue;
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    if (file === 'remoteEntry.js') entry += size;
    else chunks += size;
  }
  return { entry, chunks };
}

/** A remote's own JavaScript, gzipped, at most this: share what it bundles or split lazily loaded parts. */
export const OWN_JS_LIMIT = 60 * 1024;

/** Remotes allowed more, each for a reason that no sharing or splitting removes. */
export const OWN_JS_LIMITS = {
  // FullCalendar (80 KB: month, week, day and agenda views, drag and resize) and luxon for
  // its named time zones (23 KB), in a chunk loaded when the calendar first shows; the page
  // itself is about 15 KB. No lighter calendar does drag, resize and named zones.
  calendar: 120 * 1024,
  // Chart.js (about 58 KB: its core, the bar, line, doughnut and scatter charts, legend and
  // tooltip), in the charts' chunk loaded after the page's figures (common/ui/CanvasChart).
  // It draws a chart on a canvas in about 10–25 ms (one chart per task), where the SVG
  // charts it replaced (@mantine/charts and recharts, about 180 KB, shared by the shell)
  // took 60–140 ms each and built hundreds of nodes.
  business_insight: 80 * 1024,
  ranking: 80 * 1024,
  rpa_insight: 80 * 1024,
  support_insight: 80 * 1024,
};

const limitOf = (dir) => OWN_JS_LIMITS[path.basename(path.resolve(dir))] ?? OWN_JS_LIMIT;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Builds the remote in each folder; rejects at the first that fails.
 * @returns {Promise<{ dir: string, entry: number, chunks: number }[]>} the gzipped sizes of each
 */
export async function buildRemotes(dirs) {
  const built = [];
  for (const dir of dirs) {
    const configFile = path.resolve(dir, 'rspack.config.mjs');
    const config = (await import(pathToFileURL(configFile).href)).default;
    const started = Date.now();
    await compile(config);
    console.log(`built ${path.relative(process.cwd(), config.output.path) || '.'} in ${Date.now() - started} ms`);
    built.push({ dir, ...gzippedSizes(config.output.path) });
  }
  return built;
}

/** Prints the size of every remote; returns those whose own JavaScript is above OWN_JS_LIMIT. */
export function sizeReport(built) {
  const names = built.map(({ dir }) => path.relative(process.cwd(), dir) || '.');
  const width = Math.max('remote'.length, ...names.map((name) => name.length));
  console.log(`\n${'remote'.padEnd(width)}  remoteEntry.js  own js  (gzipped; own js at most ${kb(OWN_JS_LIMIT)})`);
  const over = [];
  built.forEach(({ dir, entry, chunks }, index) => {
    const tooBig = chunks > limitOf(dir);
    if (tooBig) over.push(names[index]);
    console.log(
      `${names[index].padEnd(width)}  ${kb(entry).padStart(14)}  ${kb(chunks).padStart(8)}${tooBig ? '  ABOVE THE LIMIT' : ''}`,
    );
  });
  return over;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ownRemoteDirs();
  if (dirs.length === 0) console.log('no remotes to build');
  const over = sizeReport(await buildRemotes(dirs));
  if (over.length > 0) {
    console.error(
      `\nown JavaScript above its limit (${kb(OWN_JS_LIMIT)} gzipped unless OWN_JS_LIMITS says): ${over.join(', ')}`,
    );
    process.exitCode = 1;
  }
}
