// emctl run against a test emulator with the requests that run made, counted by route: the
// end-to-end request-count tests compare these counts with the read bound (read-bound.ts).

import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { against, apiRequests, tempDir } from './emulator.js';
import { runEmctl } from './cli.js';
import { routeOf } from './read-bound.js';

export interface CountedRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The requests this run made (the emulator's log is kept across runs). */
  requests: EmulatorRequestLogEntry[];
}

/**
 * Runs emctl unpaced against `emulator`, in a temp dir (apply writes its journal under the working
 * directory, .emctl/, never into the checkout).
 */
export async function runCounted(emulator: RunningEmulator, args: string[]): Promise<CountedRun> {
  const before = (await apiRequests(emulator.url)).length;
  const target = against(emulator);
  const result = await runEmctl([...args, ...target.args, '--rate-limit', '0'], { env: target.env, cwd: await tempDir('emctl-count-') });
  const requests = (await apiRequests(emulator.url)).slice(before);
  return { ...result, requests };
}

/** How many requests went to each route (routeOf). */
export function countByRoute(requests: readonly Pick<EmulatorRequestLogEntry, 'method' | 'path' | 'query'>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of requests) {
    const route = routeOf(r);
    out[route] = (out[route] ?? 0) + 1;
  }
  return out;
}
