// Builds the web remotes of the test modules and packs each module with the host's CLI,
// for the browser tests to install through POST /api/admin/modules:
//
//   node tests/modules/build-test-packages.mjs <out dir>
//
// writes <out dir>/<name>/ (the package folder) and <out dir>/<name>.tar.gz for `crud`
// (rights key `process`, open to every community user) and `premium` (rights key
// `databaseIntegration`, disabled for community companies). Needs `make modules` (the
// plugins), the host binary and modules-web's packages (`npm ci` in modules-web).
// AUTOSCOPE_BIN names the host binary; CARGO_TARGET_DIR is where both builds are.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

import { buildRemotes } from '../../modules-web/build.mjs';

/** The test modules with a web remote: tests/modules/<name>/{module.toml,remote/}. */
export const TEST_PACKAGES = ['crud', 'premium'];

const here = import.meta.dirname;
const targetDir = process.env.CARGO_TARGET_DIR || path.join(homedir(), '.cache', 'autoscope', 'target');
const bin = process.env.AUTOSCOPE_BIN || path.join(targetDir, 'debug', 'autoscope');

function need(file, hint) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: ${hint}`);
    process.exit(1);
  }
}

const outArg = process.argv[2];
if (!outArg) {
  console.error('usage: node tests/modules/build-test-packages.mjs <out dir>');
  process.exit(2);
}
const out = path.resolve(outArg);
need(bin, 'build the host (cargo build -p autoscope) or set AUTOSCOPE_BIN');
const wasmOf = (name) => path.join(targetDir, 'wasm32-unknown-unknown', 'plugin', `test_module_${name}.wasm`);
for (const name of TEST_PACKAGES) need(wasmOf(name), 'run `make modules`');

await buildRemotes(TEST_PACKAGES.map((name) => path.join(here, name, 'remote')));

mkdirSync(out, { recursive: true });
for (const name of TEST_PACKAGES) {
  const dir = path.join(here, name);
  const packed = spawnSync(
    bin,
    [
      'module', 'pack',
      '--manifest', path.join(dir, 'module.toml'),
      '--wasm', wasmOf(name),
      '--web', path.join(dir, 'remote', 'dist'),
      '--out', path.join(out, name),
      '--archive', path.join(out, `${name}.tar.gz`),
    ],
    // The CLI reads the host's configuration first; a throwaway secret keeps it from
    // creating one under ./data. Unsigned unless AUTOSCOPE_MODULE_SIGNING_KEY is set.
    { stdio: 'inherit', env: { ...process.env, AUTOSCOPE_SECRET: 'test-packages-only-'.padEnd(40, '0') } },
  );
  if (packed.status !== 0) process.exit(packed.status ?? 1);
}
