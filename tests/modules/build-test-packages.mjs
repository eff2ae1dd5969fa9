// Builds the web remotes of the test modules and packs each module with the host's CLI,
// for the browser tests to install through POST /api/admin/modules:
//
//   node tests/modules/build-test-packages.mjs <out dir>
//
// writes <out dir>/<name>/ (the package folder) and <out dir>/<name>.tar.gz for `crud`
// (rights key `process`, open to every community user) and `premium` (rights key
// `databaseIntegration`, disabled for community companies). Needs `make modules` (the
// plugins), the host binary and modules-web's packages (`npm ci` in modules-web).
import path from 'node:path';

import { buildAndPack, builtPlugin } from '../../modules-web/pack.mjs';

/** The test modules with a web remote: tests/modules/<name>/{module.toml,remote/}. */
export const TEST_PACKAGES = ['crud', 'premium'];

const out = process.argv[2];
if (!out) {
  console.error('usage: node tests/modules/build-test-packages.mjs <out dir>');
  process.exit(2);
}
const here = import.meta.dirname;
await buildAndPack(
  TEST_PACKAGES.map((name) => ({
    name,
    manifest: path.join(here, name, 'module.toml'),
    wasm: builtPlugin(`test_module_${name}`),
    remote: path.join(here, name, 'remote'),
  })),
  path.resolve(out),
);
