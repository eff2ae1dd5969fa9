// The rspack config of every product module's federated remote: the SDK's remote build
// (sdk/remote-build, the package a remote outside this repository installs) with this
// folder's pinned packages, its build tools and the remotes' shared code. A remote's own
// `rspack.config.mjs` is one call, naming its module's manifest:
//
//   import { remoteConfig } from '<path to>/modules-web/remote.config.mjs';
//   export default remoteConfig({ manifest: '../../plugins/tickets/module.toml', dir: import.meta.dirname });
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { SHARED_PACKAGES, remoteConfig as sdkRemoteConfig } from '../sdk/remote-build/index.mjs';

const here = import.meta.dirname;

/** The remotes' shared code, imported by kind: `@common/ui/Pager`, `@common/domain/tickets`, `@common/lib/format` (also in tsconfig.json's paths and vitest's config). */
export const COMMON_ALIAS = { '@common': path.join(here, 'common') };

/**
 * Throws unless every shared package the remotes use is pinned here exactly as the shell (which
 * provides it) pins it. One they do not use (the charts since they draw on a canvas) is not consumed.
 */
function checkPinsAreTheShells() {
  const read = (file) => JSON.parse(readFileSync(path.join(here, file), 'utf8')).dependencies;
  const [own, shell] = [read('package.json'), read('../shell-web/package.json')];
  for (const packageName of new Set(Object.values(SHARED_PACKAGES))) {
    if (packageName === '@autoscope/web-sdk' || !(packageName in own)) continue;
    if (own[packageName] !== shell[packageName]) {
      throw new Error(
        `shell-web/package.json must pin ${packageName} to ${own[packageName]}, as modules-web does (found ${shell[packageName]})`,
      );
    }
  }
}

/**
 * The rspack config of one remote (see sdk/remote-build).
 * @param {{ manifest: string, dir: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function remoteConfig({ manifest, dir }) {
  checkPinsAreTheShells();
  return sdkRemoteConfig({ manifest, dir, packageDir: here, alias: COMMON_ALIAS });
}
