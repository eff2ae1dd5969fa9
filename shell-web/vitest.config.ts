import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As in the build: the linked web SDK resolves react from here, not from ../sdk/web.
  // One React even when ../sdk/web has its own node_modules (its tests install them).
  resolve: { preserveSymlinks: true, dedupe: ['react', 'react-dom'] },
  // Also for the SDK's TSX, which vite sees under node_modules and so without a tsconfig.
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    restoreMocks: true,
  },
});
