// The export round trip at size: a generated organization of 1,000 repositories and 100 teams,
// exported as one file. (--split and --fixture at this size: the two files beside this one, so
// each file stays well under the 30 s budget; the emulator costs ~2 ms a request in process.)

import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { runEmctl } from '../helpers/cli.js';
import { generatedOrg, startService, tempDir, type TestService } from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await startService(generatedOrg());
});
afterAll(async () => {
  await service.close();
});

it('exports 1,000 repositories and 100 teams to a config that plans with no changes', async () => {
  const configPath = join(tempDir('export-large'), 'emctl.yaml');
  const exported = await service.emctl(['--concurrency', '16', 'export', '--out', configPath]);
  expect(exported.code).toBe(0);
  expect(exported.stderr).toContain('100 teams, 1000 repositories');

  const loaded = await loadConfig(configPath);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(loaded.config!.teams).toHaveLength(100);
  expect(loaded.config!.git.monitoring!.include.length).toBeGreaterThan(0);

  const validate = await runEmctl(['validate', '-c', configPath]);
  expect(validate.code).toBe(0);

  const plan = await service.emctl(['--concurrency', '16', 'plan', '-c', configPath, '--detailed-exitcode']);
  expect(plan.stdout).toContain('No changes.');
  expect(plan.code).toBe(0);
});
