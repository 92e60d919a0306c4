// A fresh Acme emulator and working directory for each test of a file, with emctl and the service's
// own API aimed at them: for end-to-end tests that each write to the organization.

import { afterEach, beforeEach } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl, type CliResult } from './cli.js';
import { TEST_KEY, acmeFixture, against, startTestEmulator, tempDir } from './emulator.js';

export interface FreshAcme {
  /** This test's emulator (set by beforeEach). */
  readonly emulator: RunningEmulator;
  /** This test's working directory (set by beforeEach). */
  readonly dir: string;
  /** emctl against this test's emulator, unpaced, run in `cwd` (this test's directory by default). */
  emctl: (args: string[], cwd?: string) => Promise<CliResult>;
  /** A call to the emulator's API with the test key: the answer's JSON, undefined for an empty one; throws on a refusal. */
  api: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

/** Registers beforeEach (start an emulator on the example organization, make a directory named `prefix`…) and afterEach (close it). */
export function useFreshAcme(prefix: string): FreshAcme {
  let emulator: RunningEmulator | undefined;
  let dir: string | undefined;
  beforeEach(async () => {
    emulator = await startTestEmulator(await acmeFixture());
    dir = await tempDir(prefix);
  });
  afterEach(async () => {
    await emulator?.close();
  });
  const current = () => {
    if (emulator === undefined || dir === undefined) throw new Error('useFreshAcme: read outside a test');
    return { emulator, dir };
  };
  return {
    get emulator() {
      return current().emulator;
    },
    get dir() {
      return current().dir;
    },
    emctl: async (args, cwd) => {
      const target = against(current().emulator);
      return runEmctl([...args, ...target.args, '--rate-limit', '0'], { env: target.env, cwd: cwd ?? current().dir });
    },
    api: async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${current().emulator.url}${path}`, {
        method,
        headers: { 'x-api-key': TEST_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    },
  };
}
