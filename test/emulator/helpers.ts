// Starts an emulator on an OS-chosen port for a test file and talks to it with plain fetch (for
// protocol-level requests a typed client cannot make). Close it in afterAll/afterEach.

import { readFileSync } from 'node:fs';
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

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One request with the test key (or `key`); bodies are JSON unless `raw` is given. */
export async function call<T = any>(
  emulator: { url: string },
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; key?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers['x-api-key'] = key;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(emulator.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}
