// The export round trip at size: a generated organization of 1,000 repositories and 100 teams,
// exported as one file. (--split and --fixture at this size: the two files beside this one, so
// each file stays well under the 30 s budget; the emulator costs ~2 ms a request in process.)

import { join } from 'node:path';
import { expect, it } from 'vitest';
import { expectLoads, expectNoChanges, expectValid, generatedOrg, serviceForFile, tempDir } from './helpers.js';

const service = serviceForFile(generatedOrg);

it('exports 1,000 repositories and 100 teams to a config that plans with no changes', async () => {
  const configPath = join(tempDir('export-large'), 'emctl.yaml');
  const exported = await service().emctl(['--concurrency', '16', 'export', '--out', configPath]);
  expect(exported.code).toBe(0);
  expect(exported.stderr).toContain('100 teams, 1000 repositories');

  const config = await expectLoads(configPath);
  expect(config.teams).toHaveLength(100);
  expect(config.git.monitoring!.include.length).toBeGreaterThan(0);
  await expectValid(configPath);
  await expectNoChanges(service(), configPath, ['--concurrency', '16']);
});
