// --fixture at size: the snapshot of 1,000 repositories and 100 teams loads, and an emulator
// started from it exports the same config as the organization it was taken from.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadFixtureFile } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { generatedOrg, serviceForFile, tempDir } from './helpers.js';

const service = serviceForFile(generatedOrg);

it('snapshots the organization into a fixture that re-exports the same config', async () => {
  const dir = tempDir('fixture-large');
  const configPath = join(dir, 'emctl.yaml');
  const fixturePath = join(dir, 'snapshot.yaml');
  const [config, fixture] = await Promise.all([
    service().emctl(['--concurrency', '16', 'export', '--out', configPath]),
    service().emctl(['--concurrency', '16', 'export', '--fixture', '--out', fixturePath]),
  ]);
  expect(config.code).toBe(0);
  expect(fixture.code).toBe(0);

  const loaded = await loadFixtureFile(fixturePath);
  expect(loaded.repositories).toHaveLength(1000);
  expect(loaded.teams).toHaveLength(100);
  expect(readFileSync(fixturePath, 'utf8')).not.toContain(service().key);

  const again = await runEmctl(['--emulator', fixturePath, '--concurrency', '16', 'export']);
  expect(again.code).toBe(0);
  expect(again.stdout).toBe(readFileSync(configPath, 'utf8'));
});
