// A real emulator on an OS-chosen port, and the real CLI pointed at it over HTTP. Shared by the
// drift and export tests. The key goes in through the environment, as in CI.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { EmClient } from '../../src/api/client.js';
import { EXAMPLE_FIXTURE_PATH, checkFixtureData, generateFixture, startEmulator, type Fixture, type RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl, type CliResult } from '../helpers/cli.js';

export interface TestService {
  emulator: RunningEmulator;
  key: string;
  /** A full client, for changes made "by someone else" directly through the API. */
  client: EmClient;
  /** Runs emctl against this emulator, rate limit off (the emulator has none). */
  emctl(args: string[], cwd?: string): Promise<CliResult>;
  close(): Promise<void>;
}

/** The bundled Acme organization, checked, a fresh copy each call. */
export function acmeFixture(): Fixture {
  return checkFixtureData(parse(readFileSync(EXAMPLE_FIXTURE_PATH, 'utf8')), EXAMPLE_FIXTURE_PATH);
}

export async function startService(fixture: Fixture = acmeFixture()): Promise<TestService> {
  const emulator = await startEmulator({ fixture, port: 0, host: '127.0.0.1' });
  const key = fixture.api_keys[0]!;
  const client = new EmClient({ baseUrl: emulator.url, apiKey: key, rateLimit: 0, maxTries: 1 });
  return {
    emulator,
    key,
    client,
    emctl: (args, cwd) =>
      runEmctl(['--base-url', emulator.url, '--rate-limit', '0', ...args], { env: { EMCTL_API_KEY: key }, ...(cwd ? { cwd } : {}) }),
    close: () => emulator.close(),
  };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `emctl-${prefix}-`));
}

/** The generated organization of the size tests: 1,000 repositories, 100 teams (deterministic). */
export function generatedOrg(): Fixture {
  return generateFixture({ repos: 1000, teams: 100, boards: 200, seed: 7 });
}
