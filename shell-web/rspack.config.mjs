// The web shell's build: `npm run build` (production) and `npm run dev` (development
// build, rebuilt on change; the host serves dist/ and the API on one origin). No Module Federation build plugin: remotes are
// loaded after sign-in with the federation runtime (src/modules/federation.ts), so the
// login page carries nothing of it.
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Text files worth compressing: what a page loads, not the source maps. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of at least
 * 1 KB, at the highest levels: the host serves them to browsers that accept them, so the
 * shell is never compressed per request, and tighter than a per-request level could be.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('Precompress', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'Precompress', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            const bytes = source.buffer();
            if (!COMPRESSIBLE.test(name) || bytes.length < 1024) continue;
            const brotli = brotliCompressSync(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(bytes, { level: 9 })));
          }
        },
      );
    });
  }
}

/**
 * The configuration shared by the shell and the size baseline (rspack.baseline.config.mjs).
 * @param {{ entry: string, outDir: string, production: boolean, title?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createConfig({ entry, outDir, production, title = 'Autoscope' }) {
  return {
    context: here,
    mode: production ? 'production' : 'development',
    entry: { main: entry },
    output: {
      path: `${here}${outDir}`,
      publicPath: '/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      symlinks: false,
      // The web SDK is linked from ../sdk/web, which has its own node_modules once its
      // tests ran: its imports of react must still find the shell's one copy.
      alias: {
        react: `${here}node_modules/react`,
        'react-dom': `${here}node_modules/react-dom`,
      },
    },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // Our sources, and the web SDK, which ships TypeScript source.
          exclude: /node_modules[\\/](?!@autoscope[\\/])/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        // Flags of world-countries: one small file per country, fetched only when shown.
        {
          test: /world-countries[\\/]data[\\/][a-z]{3}\.svg$/,
          type: 'asset/resource',
          generator: { filename: 'flags/[name].[contenthash:8][ext]' },
        },
        // world-countries is 1.4 MB of JSON; the shell needs a few fields of it.
        {
          test: /world-countries[\\/]countries\.json$/,
          loader: `${here}loaders/world-countries-slim.cjs`,
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: `${here}src/index.html`, title }),
      new rspack.DefinePlugin({
        'process.env.AUTOSCOPE_SUPPORT_EMAIL': JSON.stringify(process.env.AUTOSCOPE_SUPPORT_EMAIL ?? ''),
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: { splitChunks: { chunks: 'all' } },
    performance: { hints: false },
  };
}

export default (_env, argv) =>
  createConfig({ entry: './src/index.tsx', outDir: 'dist', production: argv.mode !== 'development' });
