import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As in the build: the linked web SDK resolves react from here, not from ../sdk/web.
  resolve: { preserveSymlinks: true },
  // Also for the SDK's TSX, which vite sees under node_modules and so without a tsconfig.
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    restoreMocks: true,
  },
});
