// Test support for reading live state: the example organization served by a real emulator on a
// free port, with a distinctive API key (so a test can prove it never shows up in any output), and
// the emulator's own log of the requests it answered.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import { EXAMPLE_FIXTURE_PATH, loadFixtureFile, startEmulator, type EmulatorOptions, type Fixture, type RunningEmulator } from '../../src/emulator/index.js';

/** Looks like a real key and appears nowhere else, so finding it in output is always a leak. */
export const TEST_KEY = 'emk_live_7Qx2ZpT9vR4mW8sLkN3c';

export async function acmeFixture(): Promise<Fixture> {
  const fixture = await loadFixtureFile(EXAMPLE_FIXTURE_PATH);
  return { ...fixture, api_keys: [TEST_KEY] };
}

export async function startTestEmulator(fixture: Fixture, options: Omit<EmulatorOptions, 'fixture'> = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, ...options, fixture: { ...fixture, api_keys: [TEST_KEY] } });
}

/** Every API request the emulator answered, oldest first (admin routes left out). */
export async function apiRequests(url: string): Promise<EmulatorRequestLogEntry[]> {
  const response = await fetch(`${url}/_emulator/requests`, { headers: { 'x-api-key': TEST_KEY } });
  if (!response.ok) throw new Error(`GET /_emulator/requests answered ${response.status}`);
  const body = (await response.json()) as { items: EmulatorRequestLogEntry[] };
  return body.items.filter((r) => !r.path.startsWith('/_emulator'));
}

export async function tempDir(prefix = 'emctl-plan-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Writes `text` as emctl.yaml in a fresh directory; returns the file's path. */
export async function writeConfig(text: string, dir?: string): Promise<string> {
  const where = dir ?? (await tempDir());
  const path = join(where, 'emctl.yaml');
  await writeFile(path, text, 'utf8');
  return path;
}

/** `--base-url URL` plus the key in the environment, as a user would run it. */
export function against(emulator: RunningEmulator): { args: string[]; env: Record<string, string> } {
  return { args: ['--base-url', emulator.url], env: { EMCTL_API_KEY: TEST_KEY } };
}
