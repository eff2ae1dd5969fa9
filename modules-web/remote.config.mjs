// The rspack config of every module's federated remote. A remote's own
// `rspack.config.mjs` is one call, naming its module's manifest:
//
//   import { remoteConfig } from '<path to>/modules-web/remote.config.mjs';
//   export default remoteConfig({ manifest: '../../plugins/tickets/module.toml', dir: import.meta.dirname });
//
// The Module Federation name is module.toml's `remote`; it exposes each `component` and
// `widget` of its `[[pages]]` (`./TicketsPage` from `<dir>/src/TicketsPage.tsx`).
//
// The shell provides React, Mantine (and its charts), the router, TanStack Query and the
// web SDK as singletons; a remote consumes them with `import: false`, so it never bundles
// or loads a second copy (a second React breaks hooks, a second SDK misses the shell's
// providers).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { parse as parseToml } from 'smol-toml';

const here = import.meta.dirname;
const ownPackage = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const sdkPackage = JSON.parse(readFileSync(path.join(here, '..', 'sdk', 'web', 'package.json'), 'utf8'));
const shellPackage = JSON.parse(readFileSync(path.join(here, '..', 'shell-web', 'package.json'), 'utf8'));

/** The remotes' shared code, imported by kind: `@common/ui/Pager`, `@common/domain/tickets`, `@common/lib/format` (also in tsconfig.json's paths and vitest's config). */
export const COMMON_ALIAS = { '@common': path.join(here, 'common') };

/** Each shared request and the package whose pinned version it must match. */
const SHARED_PACKAGES = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-router': 'react-router',
  '@mantine/core': '@mantine/core',
  '@mantine/hooks': '@mantine/hooks',
  '@mantine/charts': '@mantine/charts',
  recharts: 'recharts',
  '@tanstack/react-query': '@tanstack/react-query',
  '@autoscope/web-sdk': '@autoscope/web-sdk',
};

/**
 * The version of a shared package: the exact pin of package.json, which must be the shell's
 * (the shell provides it); the SDK's own version (it is installed by path).
 */
function pinnedVersion(packageName) {
  if (packageName === '@autoscope/web-sdk') return sdkPackage.version;
  const version = ownPackage.dependencies[packageName];
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) {
    throw new Error(`modules-web/package.json must pin ${packageName} to an exact version (found ${version})`);
  }
  const shellVersion = shellPackage.dependencies[packageName];
  if (shellVersion !== version) {
    throw new Error(
      `shell-web/package.json must pin ${packageName} to ${version}, as modules-web does (found ${shellVersion})`,
    );
  }
  return version;
}

/** The `shared` option of a remote: every singleton consumed from the shell, none bundled. */
export function consumedShared() {
  return Object.fromEntries(
    Object.entries(SHARED_PACKAGES).map(([request, packageName]) => [
      request,
      { singleton: true, import: false, requiredVersion: `^${pinnedVersion(packageName)}` },
    ]),
  );
}

/**
 * What a remote exposes, read from its module's manifest: the Module Federation name
 * (`remote`) and `./Name` → `./src/Name.tsx` for each page's `component` and `widget`.
 * @param {string} manifestPath module.toml, absolute
 * @param {string} dir the remote's folder, absolute
 * @returns {{ name: string, exposes: Record<string, string> }}
 */
export function remoteOfManifest(manifestPath, dir) {
  let text;
  try {
    text = readFileSync(manifestPath, 'utf8');
  } catch (err) {
    throw new Error(`cannot read the module's manifest ${manifestPath}: ${err.message}`, { cause: err });
  }
  let manifest;
  try {
    manifest = parseToml(text);
  } catch (err) {
    throw new Error(`${manifestPath} is not valid TOML: ${err.message}`, { cause: err });
  }
  const name = manifest.remote;
  if (name === undefined) throw new Error(`${manifestPath} has no \`remote\`: a module with a web remote names it`);
  if (typeof name !== 'string' || !/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(`${manifestPath}: \`remote\` must be the remote's name, letters, digits and _ (found ${name})`);
  }
  const pages = Array.isArray(manifest.pages) ? manifest.pages : [];
  const exposes = {};
  for (const page of pages) {
    for (const field of ['component', 'widget']) {
      const exposed = page[field];
      if (exposed === undefined) continue;
      if (typeof exposed !== 'string' || !/^\.\/[A-Za-z0-9_]+$/.test(exposed)) {
        throw new Error(`${manifestPath}: page ${page.route}: ${field} '${exposed}' must look like ./PageName`);
      }
      const source = `./src/${exposed.slice(2)}.tsx`;
      if (!existsSync(path.join(dir, source))) {
        throw new Error(
          `${manifestPath}: page ${page.route}: ${field} '${exposed}' needs its source ${source}, which is missing (${path.join(dir, source)})`,
        );
      }
      exposes[exposed] = source;
    }
  }
  if (Object.keys(exposes).length === 0) {
    throw new Error(`${manifestPath}: a remote exposes at least one component (no [[pages]] name one)`);
  }
  return { name, exposes };
}

/**
 * The rspack config of one remote.
 * @param {{ manifest: string, dir: string }} options
 *   manifest: the module's module.toml (absolute, or relative to `dir`), which names the
 *   remote and the components it exposes;
 *   dir: the remote's folder (sources under `<dir>/src`, output in `<dir>/dist`).
 * @returns {import('@rspack/core').Configuration}
 */
export function remoteConfig({ manifest, dir }) {
  if (!dir || !path.isAbsolute(dir)) throw new Error('dir must be the remote folder, absolute (import.meta.dirname)');
  if (typeof manifest !== 'string' || manifest === '') {
    throw new Error("manifest must be the path of the module's module.toml");
  }
  const { name, exposes } = remoteOfManifest(path.resolve(dir, manifest), dir);

  return {
    mode: 'production',
    context: dir,
    // The container entry is the only entry: the plugin adds it.
    entry: {},
    target: 'web',
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      // Resolved from the manifest's URL at run time: /modules/<key>/<version>/.
      publicPath: 'auto',
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      // Remotes outside modules-web (the test remotes) resolve from its node_modules too.
      modules: ['node_modules', path.join(here, 'node_modules')],
      alias: COMMON_ALIAS,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        // `*.module.css` are CSS modules (class names local to the remote); the shell owns global CSS.
        // Default-imported (`import classes from './X.module.css'`), as Mantine's docs write it.
        { test: /\.css$/, type: 'css/auto', parser: { namedExports: false } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: consumedShared(),
        manifest: true,
        dts: false,
      }),
    ],
    performance: { hints: false },
  };
}
