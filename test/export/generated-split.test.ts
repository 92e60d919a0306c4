// --split at size: 1,000 repositories and 100 teams as a directory config (one file per team).

import { readdirSync } from 'node:fs';
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

it('writes one file per team plus shared files, which load as one config and plan with no changes', async () => {
  const split = join(tempDir('split-large'), 'config');
  const exported = await service.emctl(['--concurrency', '16', 'export', '--split', split]);
  expect(exported.code).toBe(0);
  const files = readdirSync(split);
  expect(files.filter((f) => /^team-\d+\.yaml$/.test(f))).toHaveLength(100);
  expect(files).toContain('integrations.yaml');
  expect(files).toContain('git.yaml');

  const loaded = await loadConfig(split);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(loaded.config!.files).toHaveLength(102);

  const validate = await runEmctl(['validate', '-c', split]);
  expect(validate.code).toBe(0);

  const plan = await service.emctl(['--concurrency', '16', 'plan', '-c', split, '--detailed-exitcode']);
  expect(plan.stdout).toContain('No changes.');
  expect(plan.code).toBe(0);
});
