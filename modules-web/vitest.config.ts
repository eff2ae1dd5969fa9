import { defineConfig } from 'vitest/config';

import { COMMON_ALIAS } from './remote.config.mjs';

export default defineConfig({
  // As in the build: the linked web SDK resolves its imports (react; Mantine, the query client, the
  // router and testing-library in its testing entry) from here, not from ../sdk/web: one copy of each.
  resolve: {
    preserveSymlinks: true,
    dedupe: [
      'react',
      'react-dom',
      '@mantine/core',
      '@mantine/hooks',
      '@tanstack/react-query',
      'react-router',
      '@testing-library/react',
    ],
    alias: COMMON_ALIAS,
  },
  // Also for the SDK's TSX, which vite sees under node_modules and so without a tsconfig.
  esbuild: { jsx: 'automatic' },
  test: {
    // The remotes' logic in plain node; component tests (*.test.tsx) say `// @vitest-environment jsdom`.
    include: ['*/src/**/*.test.{ts,tsx}', 'common/**/*.test.{ts,tsx}'],
    environment: 'node',
    // West of UTC, so that a day taken as UTC where the local one was meant (or back) shows.
    env: { TZ: 'America/Los_Angeles' },
  },
});
