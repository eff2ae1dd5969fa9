// Builds and packs every product module: plugins/<key>/ (module.toml and the crate
// `module-<key>`, built by `make modules`) with its remote modules-web/<key>/, if any.
//
//   node plugins/build-packages.mjs <out dir>
//
// writes <out dir>/<key>/ and <out dir>/<key>.tar.gz for each (see modules-web/pack.mjs).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { buildAndPack, builtPlugin } from '../modules-web/pack.mjs';

const out = process.argv[2];
if (!out) {
  console.error('usage: node plugins/build-packages.mjs <out dir>');
  process.exit(2);
}
const here = import.meta.dirname;
const remotes = path.join(here, '..', 'modules-web');
const keys = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(here, entry.name, 'module.toml')))
  .map((entry) => entry.name)
  .sort();
await buildAndPack(
  keys.map((key) => ({
    name: key,
    manifest: path.join(here, key, 'module.toml'),
    wasm: builtPlugin(`module-${key}`),
    remote: existsSync(path.join(remotes, key, 'rspack.config.mjs')) ? path.join(remotes, key) : undefined,
  })),
  path.resolve(out),
);
