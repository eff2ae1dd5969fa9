import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Timers and streams are real in these tests; keep a hung stream from stalling the run.
    testTimeout: 10_000,
    restoreMocks: true,
  },
});
