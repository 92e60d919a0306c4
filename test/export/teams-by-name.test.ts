// `emctl export --teams` by name as well as by id (DESIGN.md section 14), the real CLI against the
// emulator over HTTP. A name is the service's spelling, case counting (`data` and `Data` are two
// teams); a name no team has is refused with the closest listed names, one two teams share is
// refused with their ids, the service's own teams are refused, every problem in one error, exit 1,
// and nothing is read past the team list. The reads are counted: naming teams reads what giving
// their ids reads, and no more.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import type { Fixture } from '../../src/emulator/index.js';
import { countByRoute } from '../helpers/counted-run.js';
import { startService, type TestService } from './helpers.js';

function namesFixture(): Fixture {
  return {
    organization: { id: 1, name: 'Acme' },
    api_keys: ['names-key'],
    integrations: [],
    teams: [
      { id: 40, name: 'Engineering', initials: 'ENG', members: [] },
      { id: 41, name: 'Payments', parent_id: 40, initials: 'PAY', members: [] },
      { id: 42, name: 'Test Automation', parent_id: 40, members: [] },
      { id: 43, name: 'data', members: [] },
      { id: 44, name: 'Data', members: [] },
      // Two teams of one name (the service's list can hold them: teams made before its uniqueness check).
      { id: 45, name: 'Platform', members: [] },
      { id: 46, name: 'Platform', members: [] },
      { id: 47, name: '2024 Plan', members: [] },
    ],
    activity: { contributors: [] },
  };
}

describe('export --teams by name', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService(namesFixture());
  });
  afterAll(() => service.close());

  /** Runs export and returns its result with the requests it made, counted by route. */
  async function exportCounted(args: string[]): Promise<{ code: number; stdout: string; stderr: string; calls: Record<string, number> }> {
    const from = service.emulator.store.requests.length;
    const r = await service.emctl(['export', ...args]);
    const requests: EmulatorRequestLogEntry[] = service.emulator.store.requests.slice(from).filter((q) => !q.path.startsWith('/_emulator'));
    return { ...r, calls: countByRoute(requests) };
  }

  it('takes names and ids together: the same export, and the same reads, as the ids alone', async () => {
    const byName = await exportCounted(['--teams', 'Payments, 42,data']);
    expect(byName.code, byName.stderr).toBe(0);
    const byId = await exportCounted(['--teams', '41,42,43']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byName.stdout).toBe(byId.stdout);
    expect(byName.stdout).toContain('\n  Payments:\n    id: 41\n');
    expect(byName.stdout).toContain('\n  Test Automation:\n    id: 42\n');
    expect(byName.stdout).not.toContain('Engineering:');
    expect(byName.stderr).toContain('3 teams');
    expect(byName.calls).toEqual(byId.calls);
    // The team list once (10 teams, one page), two scope reads per team named, nothing per name.
    expect(byName.calls['GET /api/v2/teams']).toBe(1);
    expect(byName.calls['GET /api/v1/pm/config/teams/{team_id}/scope']).toBe(3);
    expect(byName.calls['GET /api/v1/git/config/teams/{team_id}/scope']).toBe(3);
    expect(byName.calls['GET /api/v1/users']).toBeUndefined();
  });

  it('matches a name exactly, case counting, and takes a name with spaces or digits', async () => {
    const r = await exportCounted(['--teams', 'Data,2024 Plan']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 teams');
    // Both are keyed by id (a name shared case aside; a digit first), their names in a comment.
    expect(r.stdout).toContain('# Data: keyed by id');
    expect(r.stdout).toContain('# 2024 Plan: keyed by id');
    expect(r.stdout).not.toContain('# data: keyed by id');
  });

  it('refuses a name no team has, with the closest, before any other read; exit 1', async () => {
    const r = await exportCounted(['--teams', 'Paymnts']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--teams: no team named `Paymnts` in the service's team list; did you mean `Payments`?");
    expect(r.stdout).toBe('');
    // A wrong case is not the name: the closest is the service's spelling.
    const lower = await exportCounted(['--teams', 'payments']);
    expect(lower.code).toBe(1);
    expect(lower.stderr).toContain('no team named `payments` in the service\'s team list; did you mean `Payments`?');
    for (const run of [r, lower]) {
      expect(Object.keys(run.calls).sort()).toEqual(['GET /api/v1/integrations', 'GET /api/v2/teams']);
    }
  });

  it('refuses a name two teams share (give the id) and the service\'s own teams; every problem at once', async () => {
    const r = await exportCounted(['--teams', 'Platform,All Teams,Enginering,41']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--teams: 3 teams could not be resolved');
    expect(r.stderr).toContain('team name `Platform` is the name of 2 teams in the service (45, 46): name the team by id');
    expect(r.stderr).not.toContain('`name:` in the config');
    expect(r.stderr).toContain("no team named `Enginering` in the service's team list; did you mean `Engineering`?");
    expect(r.stderr).toMatch(/`All Teams` is the service's own team \(id \d+\): export never writes it/);
    expect(Object.keys(r.calls).sort()).toEqual(['GET /api/v1/integrations', 'GET /api/v2/teams']);
    // By id, one of the two is exported.
    const one = await exportCounted(['--teams', '46']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain('1 teams');
  });

  it('still refuses an id that is not a positive integer, offline', async () => {
    const r = await exportCounted(['--teams', 'Payments,0,-3']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"0", "-3"');
    expect(r.calls).toEqual({});
  });
});
