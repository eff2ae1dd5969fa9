import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As in the build: the linked web SDK resolves react (and, in its testing entry, Mantine, the
  // query client, the router and testing-library) from here, not from ../sdk/web: one copy of
  // each even when ../sdk/web has its own node_modules (its tests install them).
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
  },
  // Also for the SDK's TSX, which vite sees under node_modules and so without a tsconfig.
  esbuild: { jsx: 'automatic' },
  // Tests read the docs they keep true (`?raw` imports), besides this folder.
  server: { fs: { allow: ['.', '../docs'] } },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    restoreMocks: true,
  },
});
