import { defineConfig } from 'vitest/config';

import { COMMON_ALIAS } from './remote.config.mjs';

export default defineConfig({
  // As in the build: the linked web SDK resolves its imports (react) from here, not from ../sdk/web.
  resolve: { preserveSymlinks: true, dedupe: ['react', 'react-dom'], alias: COMMON_ALIAS },
  // Also for the SDK's TSX, which vite sees under node_modules and so without a tsconfig.
  esbuild: { jsx: 'automatic' },
  test: {
    // The remotes' pure logic: plain node, no DOM.
    include: ['*/src/**/*.test.ts', 'common/**/*.test.ts'],
    environment: 'node',
    // West of UTC, so that a day taken as UTC where the local one was meant (or back) shows.
    env: { TZ: 'America/Los_Angeles' },
  },
});
