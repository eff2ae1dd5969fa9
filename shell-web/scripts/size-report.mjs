// Builds the shell and the baseline for production and compares the JavaScript the
// signed-out login page loads, gzipped: the shell's entry chunks plus the chunks of its
// login route, against every entry chunk of the baseline (a plain app rendering the same
// login screen). Ends with `shell/baseline js_gz=<ratio>`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import shellConfig from '../rspack.config.mjs';
import baselineConfig from '../rspack.baseline.config.mjs';

/** The login route's chunk name (webpackChunkName in src/router.tsx). */
const LOGIN_CHUNK = 'login';

function build(config) {
  return new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats.toJson({ all: false, entrypoints: true, chunkGroups: true, outputPath: true }));
    });
  });
}

function jsFiles(group, what) {
  if (!group) throw new Error(`The build has no chunk group ${what}`);
  return group.assets
    .map((asset) => (typeof asset === 'string' ? asset : asset.name))
    .filter((name) => name.endsWith('.js'));
}

function measure(outputPath, files) {
  const rows = [...new Set(files)].map((file) => {
    const bytes = readFileSync(join(outputPath, file));
    return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  });
  return { rows, gz: rows.reduce((sum, row) => sum + row.gz, 0), raw: rows.reduce((sum, row) => sum + row.raw, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title, { rows, gz, raw }) {
  console.log(`${title}: ${kb(gz)} gzipped (${kb(raw)} raw) in ${rows.length} files`);
  for (const row of rows.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(row.gz).padStart(9)}  ${row.file}`);
}

const shellStats = await build(shellConfig({}, { mode: 'production' }));
const shell = measure(shellStats.outputPath, [
  ...jsFiles(shellStats.entrypoints.main, 'main'),
  ...jsFiles(shellStats.namedChunkGroups[LOGIN_CHUNK], LOGIN_CHUNK),
]);

const baselineStats = await build(baselineConfig());
const baseline = measure(
  baselineStats.outputPath,
  Object.entries(baselineStats.entrypoints).flatMap(([name, group]) => jsFiles(group, name)),
);

report('shell, signed-out / (entry + login route)', shell);
report('baseline (plain app, same login screen)', baseline);
console.log(`shell/baseline js_gz=${(shell.gz / baseline.gz).toFixed(2)}`);
