// Starts an emulator on an OS-chosen port for a test file and talks to it with plain fetch (for
// protocol-level requests a typed client cannot make). Close it in afterAll/afterEach.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE_FIXTURE_PATH, checkFixtureData, startEmulator, type EmulatorOptions, type Fixture, type RunningEmulator } from '../../src/emulator/index.js';

export const KEY = 'dev-key';

/** The bundled Acme fixture, checked, as a fresh object each call (tests may edit their copy). */
export function acmeFixture(): Fixture {
  return checkFixtureData(parse(readFileSync(EXAMPLE_FIXTURE_PATH, 'utf8')), EXAMPLE_FIXTURE_PATH);
}

export async function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<RunningEmulator> {
  return startEmulator({ fixture: options.fixture ?? acmeFixture(), ...options });
}

/**
 * One emulator for a whole test file, back at the fixture state before each test. The handle is
 * filled in when the file's tests start, so it can be taken at the top of the file.
 */
export function sharedEmulator(options: Partial<EmulatorOptions> = {}): RunningEmulator {
  const handle = {} as RunningEmulator;
  beforeAll(async () => {
    Object.assign(handle, await startTestEmulator(options));
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await reset(handle);
  });
  return handle;
}

// Tests read an answer's fields freely; each asserts the shape it relies on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One request with the test key (or `key`); bodies are JSON unless `raw` is given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  emulator: { url: string },
  method: string,
  path: string,
  options: { body?: unknown; raw?: string | Uint8Array; key?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers['x-api-key'] = key;
  let body: string | Uint8Array | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(emulator.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A typed client for the emulator (no pacing, no retries: each test sees exactly one try). */
export async function clientFor(emulator: { url: string }, apiKey = KEY) {
  const { EmClient } = await import('../../src/api/client.js');
  return new EmClient({ baseUrl: emulator.url, apiKey, rateLimit: 0, maxTries: 1 });
}

/** Restores the fixture state (and clears the logs) between tests. */
export async function reset(emulator: { url: string }): Promise<void> {
  const r = await call(emulator, 'POST', '/_emulator/reset');
  if (r.status !== 200) throw new Error(`reset failed: ${r.status}`);
}

/** True when a body is the Pydantic validation shape naming `loc` (a prefix of one item's loc). */
export function hasIssueAt(body: { detail?: unknown }, loc: (string | number)[]): boolean {
  return Array.isArray(body.detail) && body.detail.some((d: { loc: unknown[] }) => loc.every((p, i) => d.loc[i] === p));
}
