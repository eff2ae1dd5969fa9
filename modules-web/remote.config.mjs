// The rspack config of every module's federated remote. A remote's own
// `rspack.config.mjs` is one call:
//
//   import { remoteConfig } from '<path to>/modules-web/remote.config.mjs';
//   export default remoteConfig({ name: 'tickets', dir: import.meta.dirname,
//     exposes: { './TicketsPage': './src/TicketsPage.tsx' } });
//
// The shell provides React, Mantine (and its charts), the router, TanStack Query and the
// web SDK as singletons; a remote consumes them with `import: false`, so it never bundles
// or loads a second copy (a second React breaks hooks, a second SDK misses the shell's
// providers).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

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
 * The rspack config of one remote.
 * @param {{ name: string, dir: string, exposes: Record<string, string> }} options
 *   name: the Module Federation name, equal to `remote` in module.toml;
 *   dir: the remote's folder (sources under it, output in `<dir>/dist`);
 *   exposes: `./Name` → source path relative to `dir`, one per `component` / `widget` of module.toml.
 * @returns {import('@rspack/core').Configuration}
 */
export function remoteConfig({ name, dir, exposes }) {
  if (!/^[A-Za-z0-9_]+$/.test(name ?? '')) {
    throw new Error(`remote name '${name}' must be letters, digits and _ (module.toml's remote)`);
  }
  if (!dir || !path.isAbsolute(dir)) throw new Error('dir must be the remote folder, absolute (import.meta.dirname)');
  const exposed = Object.entries(exposes ?? {});
  if (exposed.length === 0) throw new Error('a remote exposes at least one component');
  for (const [key] of exposed) {
    if (!/^\.\/[A-Za-z0-9_]+$/.test(key)) throw new Error(`exposed name '${key}' must look like ./PageName`);
  }

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
        exposes: Object.fromEntries(exposed),
        shared: consumedShared(),
        manifest: true,
        dts: false,
      }),
    ],
    performance: { hints: false },
  };
}
