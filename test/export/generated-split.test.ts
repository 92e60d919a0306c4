// --split at size: 1,000 repositories and 100 teams as a directory config (one file per team).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { expectLoads, expectNoChanges, expectValid, generatedOrg, serviceForFile, tempDir } from './helpers.js';

const service = serviceForFile(generatedOrg);

it('writes one file per team plus shared files, which load as one config and plan with no changes', async () => {
  const split = join(tempDir('split-large'), 'config');
  const exported = await service().emctl(['--concurrency', '16', 'export', '--split', split]);
  expect(exported.code).toBe(0);
  const files = readdirSync(split);
  expect(files.filter((f) => /^team-\d+\.yaml$/.test(f))).toHaveLength(100);
  expect(files).toContain('integrations.yaml');
  expect(files).toContain('git.yaml');

  expect((await expectLoads(split)).files).toHaveLength(102);
  await expectValid(split);
  await expectNoChanges(service(), split, ['--concurrency', '16']);
});
