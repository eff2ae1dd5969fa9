// Builds module remotes for production, one after the other (lean on a small machine).
//
//   node build.mjs                 every remote of modules-web (<key>/rspack.config.mjs)
//   node build.mjs <dir> [...]     the remotes in these folders (e.g. tests/modules/crud/remote)
//
// Each lands in <dir>/dist; the sizes printed are the remote's own JavaScript, gzipped:
// its remoteEntry.js (mostly the federation runtime) and the rest (its chunks).
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

/** Builds the remote in each folder; rejects at the first that fails. */
export async function buildRemotes(dirs) {
  for (const dir of dirs) {
    const configFile = path.resolve(dir, 'rspack.config.mjs');
    const config = (await import(pathToFileURL(configFile).href)).default;
    const started = Date.now();
    await compile(config);
    const { entry, chunks } = gzippedSizes(config.output.path);
    console.log(
      `built ${path.relative(process.cwd(), config.output.path) || '.'} in ${Date.now() - started} ms: ` +
        `remoteEntry.js ${entry} B gz, other js ${chunks} B gz`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ownRemoteDirs();
  if (dirs.length === 0) console.log('no remotes to build');
  await buildRemotes(dirs);
}
