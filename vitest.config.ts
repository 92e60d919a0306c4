import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang guards, not speed checks (no test asserts a wall-clock bound): generous enough that a
    // 2-core machine kept busy by other processes still passes; a test that hangs still ends.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // End-to-end tests start emulators on OS-chosen ports; files run in parallel workers.
    pool: 'forks',
  },
});
