// Builds module remotes and packs each module with the host's CLI (`autoscope module pack`):
// <out>/<name>/ (the package folder) and <out>/<name>.tar.gz (for POST /api/admin/modules
// or `autoscope module install`). Used by plugins/build-packages.mjs (the product modules)
// and tests/modules/build-test-packages.mjs (the test modules).
//
// AUTOSCOPE_BIN names the host binary (default: the debug build under CARGO_TARGET_DIR);
// AUTOSCOPE_MODULE_SIGNING_KEY signs the packages.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

import { buildRemotes, sizeReport } from './build.mjs';

export const targetDir = process.env.CARGO_TARGET_DIR || path.join(homedir(), '.cache', 'autoscope', 'target');

/** The plugin `make modules` builds for crate `crateName`. */
export function builtPlugin(crateName) {
  return path.join(targetDir, 'wasm32-unknown-unknown', 'plugin', `${crateName.replaceAll('-', '_')}.wasm`);
}

function need(file, hint) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: ${hint}`);
    process.exit(1);
  }
}

/**
 * @param {{ name: string, manifest: string, wasm: string, remote?: string }[]} modules
 *   name: the package's file name; remote: the folder of its rspack.config.mjs, if it has pages.
 * @param {string} out the folder the packages are written to
 */
export async function buildAndPack(modules, out) {
  const bin = process.env.AUTOSCOPE_BIN || path.join(targetDir, 'debug', 'autoscope');
  need(bin, 'build the host (cargo build -p autoscope) or set AUTOSCOPE_BIN');
  for (const module of modules) need(module.wasm, 'run `make modules`');
  // The sizes are reported here; `npm run build` (build.mjs) is what fails above the limit.
  sizeReport(await buildRemotes(modules.flatMap((module) => (module.remote ? [module.remote] : []))));
  mkdirSync(out, { recursive: true });
  for (const module of modules) {
    const args = ['module', 'pack', '--manifest', module.manifest, '--wasm', module.wasm];
    if (module.remote) args.push('--web', path.join(module.remote, 'dist'));
    args.push('--out', path.join(out, module.name), '--archive', path.join(out, `${module.name}.tar.gz`));
    const packed = spawnSync(bin, args, { stdio: 'inherit' });
    if (packed.status !== 0) process.exit(packed.status ?? 1);
  }
}
