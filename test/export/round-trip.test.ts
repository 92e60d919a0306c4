// The export round trip on the Acme example organization: export, then plan the export against
// the same emulator: no changes. The same for --split (a directory config) and --fixture (an
// emulator started from the snapshot exports the same config).

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import { loadFixtureFile } from '../../src/emulator/index.js';
import { parseDocument, type Scalar, type YAMLMap } from 'yaml';
import { runEmctl } from '../helpers/cli.js';
import { expectLoads, expectNoChanges, expectValid, startService, tempDir, type TestService } from './helpers.js';

let service: TestService;
let dir: string;

beforeAll(async () => {
  service = await startService();
  dir = tempDir('export');
});
afterAll(async () => {
  await service.close();
});

/** The teams of an exported file as [key, id pin], in file order. */
function exportedTeams(text: string): [string, number][] {
  const teams = (parseDocument(text).get('teams') as YAMLMap<Scalar<string>, YAMLMap>).items;
  return teams.map((pair) => [pair.key.value, pair.value!.get('id') as number]);
}

async function exportTo(name: string, ...args: string[]): Promise<string> {
  const path = join(dir, name);
  const r = await service.emctl(['export', '--out', path, ...args]);
  expect(r.stderr).toMatch(/^Exported /m);
  expect(r.code).toBe(0);
  return path;
}

describe('emctl export on the Acme organization', () => {
  it('writes a config that loads without errors and plans with no changes', async () => {
    const path = await exportTo('acme.yaml');
    await expectLoads(path);
    await expectValid(path);
    await expectNoChanges(service, path);

    const text = readFileSync(path, 'utf8');
    expect(text).toContain('acme-tracker: {id: 10} # Acme Tracker (tracker_a)');
    // Selected boards one per line, named, so a review sees what a diff line selects.
    expect(text).toContain('    boards:\n      - "101" # Payments board\n      - "102" # Checkout board\n');
    // acme/tools is on both Git integrations: the monitored one is written by id.
    expect(text).toMatch(/- 1218\n/);
    expect(text).not.toContain(service.key);
  });

  it('prints the same config on stdout as it writes with --out', async () => {
    const path = await exportTo('again.yaml');
    const r = await service.emctl(['export']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(path, 'utf8'));
  });

  it('--teams narrows the export to the teams given, and warns about ids the service does not know', async () => {
    const path = join(dir, 'with-teams.yaml');
    const r = await service.emctl(['export', '--teams', '48,49,999', '--out', path]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Warning: team 999 (from --teams) does not exist; left out.');
    expect(r.stderr).toContain('2 teams');
    await expectLoads(path);
    const text = readFileSync(path, 'utf8');
    expect(exportedTeams(text)).toEqual([
      ['Security', 48],
      ['Developer Experience', 49],
    ]);
    expect(text).toMatch(/\n {2}Security:\n {4}id: 48\n {4}parent: null\n/);
    // Developer Experience's parent, Platform, is not exported: it is named as the service names it.
    expect(text).toMatch(/\n {2}Developer Experience:\n {4}id: 49\n {4}parent: Platform\n/);
    expect(text).toContain('labels: [infra, tech-debt]');
    await expectValid(path);
    await expectNoChanges(service, path);
  });

  it('writes every listed team by name with its id, with or without a scope, but never the service\'s own two', async () => {
    const path = await exportTo('listed.yaml');
    await expectLoads(path);
    // 47 (no scope) and 49 (unscoped Kanban, the service default) are written too; All Teams (50) and All Contributors (51) are not.
    expect(exportedTeams(readFileSync(path, 'utf8'))).toEqual([
      ['Payments', 42],
      ['Checkout', 43],
      ['Platform', 44],
      ['Mobile', 45],
      ['Data', 46],
      ['Growth', 47],
      ['Security', 48],
      ['Developer Experience', 49],
    ]);
  });

  it('--split writes a directory config that loads as one and plans with no changes', async () => {
    const split = join(dir, 'split');
    const r = await service.emctl(['export', '--split', split]);
    expect(r.code).toBe(0);
    const files = readdirSync(split).sort();
    expect(files).toEqual(['git.yaml', 'integrations.yaml', ...[42, 43, 44, 45, 46, 47, 48, 49].map((id) => `team-${id}.yaml`)]);
    await expectLoads(split);
    expect(exportedTeams(readFileSync(join(split, 'team-43.yaml'), 'utf8'))).toEqual([['Checkout', 43]]);
    await expectValid(split);
    await expectNoChanges(service, split);
  });

  it('--fixture writes a snapshot: it loads, plans the export offline, and exports the same config', async () => {
    const configPath = await exportTo('config.yaml');
    const fixturePath = await exportTo('snapshot.yaml', '--fixture');
    expect(readFileSync(fixturePath, 'utf8')).not.toContain(service.key);
    const fixture = await loadFixtureFile(fixturePath);
    expect(fixture.repositories).toHaveLength(30);

    // The offline workflow: no service, no key; the in-process emulator serves the snapshot.
    const offline = await runEmctl(['--emulator', fixturePath, 'plan', '-c', configPath, '--detailed-exitcode']);
    expect(offline.stderr).toBe('');
    expect(offline.code).toBe(0);

    const fromSnapshot = await runEmctl(['--emulator', fixturePath, 'export']);
    expect(fromSnapshot.code).toBe(0);
    expect(fromSnapshot.stdout).toBe(readFileSync(configPath, 'utf8'));
  });

  it('sends only GET requests', async () => {
    const log = await service.client.admin<{ items: EmulatorRequestLogEntry[] }>('GET', '/_emulator/requests');
    const exportCalls = log.items.filter((q) => !q.path.startsWith('/_emulator/'));
    expect(exportCalls.length).toBeGreaterThan(0);
    expect(exportCalls.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('emctl export refuses', () => {
  it('--split together with --out or --fixture', async () => {
    const a = await service.emctl(['export', '--split', join(dir, 's'), '--out', join(dir, 'x.yaml')]);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain('--split and --out are exclusive');
    const b = await service.emctl(['export', '--split', join(dir, 's'), '--fixture']);
    expect(b.code).toBe(1);
  });

  it('team ids that are not positive integers (a part that is not a number is a team name: teams-by-name.test.ts)', async () => {
    const r = await service.emctl(['export', '--teams', '42,-1,0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"-1", "0"');
  });

  it('an unknown --repo-settings value', async () => {
    const r = await service.emctl(['export', '--repo-settings', 'some']);
    expect(r.code).toBe(1);
  });

  it('exits 1 when the output cannot be written', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const r = await service.emctl(['export', '--out', join(blocker, 'emctl.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write .*a-file\/emctl\.yaml: (a part of the path is not a directory|a directory is in the way)/);
  });

  it('exits 1 when the service cannot be reached', async () => {
    const r = await service.emctl(['export', '--base-url', 'https://emctl-test.invalid']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });
});
