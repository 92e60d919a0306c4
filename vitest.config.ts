import { availableParallelism } from 'node:os';
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
    // One worker more than the cores (vitest's default is one fewer: a single worker on 2 cores):
    // most files spend their time waiting on the processes they start (the CLI, an emulator with
    // a latency, npm), so a file that waits leaves its core to another. On 2 cores, four files
    // that wait took 71 s one at a time, 49 s two at a time and 40 s three at a time.
    maxWorkers: availableParallelism() + 1,
  },
});
