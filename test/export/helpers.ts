// A real emulator on an OS-chosen port, and the real CLI pointed at it over HTTP. Shared by the
// drift and export tests. The key goes in through the environment, as in CI.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { parse } from 'yaml';
import { EmClient } from '../../src/api/client.js';
import { loadConfig } from '../../src/config/index.js';
import type { DesiredConfig } from '../../src/core/model.js';
import { EXAMPLE_FIXTURE_PATH, checkFixtureData, generateFixture, startEmulator, type Fixture, type RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl, type CliResult } from '../helpers/cli.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

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

/**
 * One emulator for all the tests of a file: started before the first, stopped after the last.
 * Call at the top of the file; the returned function gives the running service.
 */
export function serviceForFile(fixture: () => Fixture = acmeFixture): () => TestService {
  let service: TestService | undefined;
  beforeAll(async () => {
    service = await startService(fixture());
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error('the service starts in beforeAll: call this inside a test');
    return service;
  };
}

/** The config loads with no error (the loader's view, every diagnostic at once); returns it. */
export async function expectLoads(configPath: string): Promise<DesiredConfig> {
  const loaded = await loadConfig(configPath, CONFIG_CHECKS);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return loaded.config!;
}

/** `emctl validate` accepts it: offline, schema and cross-references. */
export async function expectValid(configPath: string): Promise<void> {
  const r = await runEmctl(['validate', '-c', configPath]);
  expect(r.stderr).not.toMatch(/error/i);
  expect(r.code).toBe(0);
}

/** The round-trip guarantee: planning `configPath` against the service shows no changes. */
export async function expectNoChanges(service: TestService, configPath: string, globalArgs: string[] = []): Promise<void> {
  const plan = await service.emctl([...globalArgs, 'plan', '-c', configPath, '--detailed-exitcode']);
  expect(plan.stdout).toContain('No changes.');
  expect(plan.code).toBe(0);
}
