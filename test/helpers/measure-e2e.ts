// The setup the measurement and goals end-to-end tests share: one emulator serving a fixture for
// the file (or describe), emctl run against it as a user would, and fresh stores dropped after use.

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { parseFixture, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { testStore, type EngineName, type TestStore } from '../measure/store/engines.js';
import { runEmctl, type CliResult, type RunOptions } from './cli.js';
import { against, startTestEmulator, TEST_KEY } from './emulator.js';

/**
 * An emulator serving `fixture` (fixture text) for the enclosing file or describe: started before
 * its tests, closed after them; with `reset`, back at the fixture state, its request log empty,
 * before each test. The handle is filled in when the tests start.
 */
export function fixtureEmulator(fixture: string, options: { reset?: boolean } & Omit<EmulatorOptions, 'fixture'> = {}): RunningEmulator {
  const { reset, ...emulatorOptions } = options;
  const handle = {} as RunningEmulator;
  beforeAll(async () => {
    Object.assign(handle, await startTestEmulator(parseFixture(fixture, 'fixture.yaml'), emulatorOptions));
  });
  afterAll(() => handle.close());
  if (reset === true) beforeEach(() => resetEmulator(handle));
  return handle;
}

/** Back at the fixture state, the request log emptied. */
export async function resetEmulator(emulator: RunningEmulator): Promise<void> {
  const response = await fetch(`${emulator.url}/_emulator/reset`, { method: 'POST', headers: { 'x-api-key': TEST_KEY } });
  if (!response.ok) throw new Error(`POST /_emulator/reset answered ${response.status}`);
}

/** emctl with `--base-url` of the emulator and the key in the environment (unless `options.env` replaces it). */
export function emctlAgainst(emulator: RunningEmulator, args: string[], options: RunOptions = {}): Promise<CliResult> {
  const a = against(emulator);
  return runEmctl([...a.args, ...args], { env: a.env, ...options });
}

/** A fresh store of `engine` for the enclosing describe (given its first rows by `prepare`), dropped after its tests. */
export function describeStore(engine: EngineName, prepare?: (store: TestStore) => Promise<void>): TestStore {
  const handle = {} as TestStore;
  beforeAll(async () => {
    Object.assign(handle, await testStore(engine));
    await prepare?.(handle);
  });
  afterAll(() => handle.drop());
  return handle;
}

/** Runs `body` on a fresh store of `engine`, dropped afterwards whether it passed or not. */
export async function withStore(engine: EngineName, body: (store: TestStore) => Promise<void>): Promise<void> {
  const store = await testStore(engine);
  try {
    await body(store);
  } finally {
    await store.drop();
  }
}
