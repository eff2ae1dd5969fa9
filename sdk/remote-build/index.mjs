// The rspack configuration of an Autoscope module's federated remote. A remote's
// `rspack.config.mjs` is one call, naming its module's manifest:
//
//   import { remoteConfig } from '@autoscope/remote-build';
//   export default remoteConfig({ manifest: '../module.toml', dir: import.meta.dirname });
//
// The Module Federation name is module.toml's `remote`; it exposes each `component` and
// `widget` of its `[[pages]]` (`./NotesPage` from `<dir>/src/NotesPage.tsx`).
//
// The shell provides React, Mantine (and its charts), the router, TanStack Query and the
// web SDK as singletons; a remote consumes them with `import: false`, so it never bundles
// or loads a second copy (a second React breaks hooks, a second SDK misses the shell's
// providers). Their versions are the remote's package.json pins, which must be the
// shell's of the portal it is built for (`autoscope module new` writes them).
//
// The build tools (rspack, Module Federation, the TOML parser) are the remote's own
// dependencies, resolved from its folder: this package brings none, so it can be linked
// from a checkout as it is.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Each shared request and the package whose pinned version it must match. */
export const SHARED_PACKAGES = {
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

const SDK = '@autoscope/web-sdk';

/** The nearest folder from `dir` upwards with a package.json. */
function packageDirOf(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) throw new Error(`no package.json in ${dir} or above`);
  }
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The `shared` option of a remote: every singleton consumed from the shell, none bundled.
 * Each version is the exact pin of `packageDir`'s package.json (dependencies or
 * devDependencies); the web SDK's is the installed one's.
 * @param {string} packageDir the remote's package folder, absolute
 */
export function consumedShared(packageDir) {
  const own = readJson(path.join(packageDir, 'package.json'));
  const pins = { ...own.devDependencies, ...own.dependencies };
  const require = createRequire(path.join(packageDir, 'package.json'));
  const version = (packageName) => {
    if (packageName === SDK) return readJson(require.resolve(`${SDK}/package.json`)).version;
    const pinned = pins[packageName];
    if (!/^\d+\.\d+\.\d+$/.test(pinned ?? '')) {
      throw new Error(
        `${path.join(packageDir, 'package.json')} must pin ${packageName} to an exact version, the shell's (found ${pinned})`,
      );
    }
    return pinned;
  };
  return Object.fromEntries(
    Object.entries(SHARED_PACKAGES)
      .filter(([, packageName]) => packageName === SDK || packageName in pins)
      .map(([request, packageName]) => [
        request,
        { singleton: true, import: false, requiredVersion: `^${version(packageName)}` },
      ]),
  );
}

/**
 * What a remote exposes, read from its module's manifest: the Module Federation name
 * (`remote`) and `./Name` → `./src/Name.tsx` for each page's `component` and `widget`.
 * @param {string} manifestPath module.toml, absolute
 * @param {string} dir the remote's folder, absolute
 * @param {(text: string) => any} parseToml the TOML parser
 * @returns {{ name: string, exposes: Record<string, string> }}
 */
export function remoteOfManifest(manifestPath, dir, parseToml) {
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
 * @param {{ manifest: string, dir: string, packageDir?: string, alias?: Record<string, string> }} options
 *   manifest: the module's module.toml (absolute, or relative to `dir`), which names the
 *   remote and the components it exposes;
 *   dir: the remote's folder (sources under `<dir>/src`, output in `<dir>/dist`);
 *   packageDir: the folder whose package.json pins the shared packages and whose
 *   node_modules hold the build tools (default: the nearest from `dir` upwards);
 *   alias: import aliases (shared code of several remotes, say).
 * @returns {import('@rspack/core').Configuration}
 */
export function remoteConfig({ manifest, dir, packageDir, alias = {} }) {
  if (!dir || !path.isAbsolute(dir)) throw new Error('dir must be the remote folder, absolute (import.meta.dirname)');
  if (typeof manifest !== 'string' || manifest === '') {
    throw new Error("manifest must be the path of the module's module.toml");
  }
  const packages = packageDir ?? packageDirOf(dir);
  const require = createRequire(path.join(packages, 'package.json'));
  const { parse: parseToml } = require('smol-toml');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
  const { name, exposes } = remoteOfManifest(path.resolve(dir, manifest), dir, parseToml);

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
      // A remote outside its package folder (the portal's test remotes) resolves from it too.
      modules: ['node_modules', path.join(packages, 'node_modules')],
      alias,
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
        shared: consumedShared(packages),
        manifest: true,
        dts: false,
      }),
    ],
    performance: { hints: false },
  };
}
