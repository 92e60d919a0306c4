// The export round trip of the org chart at size: a generated organization of 500 teams in a
// three-level hierarchy, with initials, colours and six members a team, exported as one file: every
// team by name with its id pinned, parents by name, members by email, read without the user list
// (the team list carries the emails); the file validates and plans with no changes.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateFixture } from '../../src/emulator/index.js';
import { countByRoute } from '../helpers/counted-run.js';
import { expectNoChanges, expectValid, serviceForFile, tempDir } from './helpers.js';

const fixture = () => generateFixture({ repos: 200, teams: 500, boards: 100, seed: 17 });
const service = serviceForFile(fixture);

interface ExportedTeamEntry {
  id?: number;
  parent?: string | number | null;
  initials?: string;
  color?: string;
  members?: (string | number)[];
}

it('exports 500 teams by name with their hierarchy and members, and plans with no changes', async () => {
  const org = fixture();
  const path = join(tempDir('export-500-teams'), 'emctl.yaml');
  const from = service().emulator.store.requests.length;
  const r = await service().emctl(['--concurrency', '16', 'export', '--out', path]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain('500 teams');
  const calls = countByRoute(service().emulator.store.requests.slice(from).filter((q) => !q.path.startsWith('/_emulator')));
  expect(calls['GET /api/v2/teams']).toBe(Math.ceil((500 + 2) / 50));
  expect(calls['GET /api/v1/users']).toBeUndefined();

  const teams = (parse(readFileSync(path, 'utf8')) as { teams: Record<string, ExportedTeamEntry> }).teams;
  expect(Object.keys(teams)).toHaveLength(500);
  const byId = new Map(org.teams!.map((t) => [t.id, t]));
  for (const [name, entry] of Object.entries(teams)) {
    const team = byId.get(entry.id!)!;
    expect(name).toBe(team.name);
    expect(entry.parent).toBe(team.parent_id === undefined ? null : byId.get(team.parent_id)!.name);
    expect(entry.initials).toBe(team.initials);
    expect(entry.color).toBe(team.color ?? '#348B83');
    expect(entry.members!.length).toBeGreaterThan(0);
    expect(entry.members!.every((m) => typeof m === 'string' && m.includes('@'))).toBe(true);
  }

  await expectValid(path);
  await expectNoChanges(service(), path, ['--concurrency', '16']);
});
