// Measurements with the service's team and contributor lists (DESIGN.md section 13), the real CLI
// against the emulator over HTTP: every team named without a config, from one paged read of the
// team list beside the measurement calls; `--team NAME` resolved by the service's names, a config
// `name:` winning; `teams: all` (every listed team but All Teams and All Contributors); contributor
// names from the users list; an unknown name refused before any measurement call; the calls equal
// a bound computed here (the list's pages, read once per run however many reports need it).

import { describe, expect, it } from 'vitest';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';

/** 117 more teams, so the team list is three pages of 50 (120 teams and the service's two). */
const extra = Array.from({ length: 117 }, (_, i) => 100 + i);

const ON_SEPTEMBER_1 = 'first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T06:00:00Z"';
const FIXTURE = gitOrganization({
  teams: ['{ id: 42, name: Payments }', '{ id: 43, name: Checkout }', '{ id: 44, name: Platform, parent_id: 42 }', ...extra.map((id) => `{ id: ${id}, name: T${id} }`)],
  repositories: [repository(1234, 'acme/api')],
  contributors: ['{ id: 501, name: Ana, team_ids: [42] }', '{ id: 502, name: Ben, team_ids: [43] }', '{ id: 503, name: Chen, team_ids: [44] }'],
  pullRequests: [
    `{ id: 9001, repository_id: 1234, author_id: 501, branch: feature/a, ${ON_SEPTEMBER_1}, merged_at: "2026-09-02T00:00:00Z" }`,
    `{ id: 9002, repository_id: 1234, author_id: 502, branch: feature/b, ${ON_SEPTEMBER_1}, merged_at: "2026-09-03T00:00:00Z" }`,
    `{ id: 9003, repository_id: 1234, author_id: 503, branch: feature/c, ${ON_SEPTEMBER_1}, merged_at: "2026-09-03T00:00:00Z" }`,
  ],
});

const WINDOW = ['--after', '2026-09-01', '--before', '2026-09-08', '--format', 'csv'];
const BY_TEAM = ['measurements', '--metric', 'pr.merged', '--group-by', 'team', ...WINDOW];

const emulator = fixtureEmulator(FIXTURE, { reset: true });

async function emctl(args: string[]) {
  return emctlAgainst(emulator, args, { cwd: await tempDir('emctl-team-list-') });
}

/** Calls by kind: the team list, the users list, measurements, anything else by path. */
function kinds(requests: readonly EmulatorRequestLogEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const q of requests) {
    const kind = q.path.startsWith('/api/v2/measurements') ? 'measurements' : q.path;
    out[kind] = (out[kind] ?? 0) + 1;
  }
  return out;
}


describe('names from the team list', () => {
  it('names every team without a config: one read of the list, no scope or entity reads', async () => {
    const r = await emctl([...BY_TEAM, '--team', '42,43,44,150']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'after,before,team_id,team_name,pr.merged',
        '2026-09-01,2026-09-08,42,Payments,1',
        '2026-09-01,2026-09-08,43,Checkout,1',
        '2026-09-01,2026-09-08,44,Platform,1',
        '2026-09-01,2026-09-08,150,T150,',
        '',
      ].join('\n'),
    );
    expect(kinds(await apiRequests(emulator.url))).toEqual({ measurements: 1, '/api/v2/teams': 3 });
  });

  it('--team NAME resolves by the service names, before the measurement call', async () => {
    const r = await emctl([...BY_TEAM, '--team', 'Checkout,T150']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(1, 3)).toEqual(['2026-09-01,2026-09-08,43,Checkout,1', '2026-09-01,2026-09-08,150,T150,']);
    const requests = await apiRequests(emulator.url);
    // The list is read once: for the names to resolve and for the names to show.
    expect(kinds(requests)).toEqual({ measurements: 1, '/api/v2/teams': 3 });
    expect(requests.findIndex((q) => q.path.startsWith('/api/v2/measurements'))).toBeGreaterThan(requests.findIndex((q) => q.path === '/api/v2/teams'));
    expect(requests.find((q) => q.path.startsWith('/api/v2/measurements'))!.body).toMatchObject({ team_ids: [43, 150] });
  });

  it("a config `name:` wins over the service's: Checkout is the config's team 44", async () => {
    const config = await writeConfig('version: 1\nteams:\n  44:\n    name: Checkout\n', await tempDir('emctl-team-list-config-'));
    const r = await emctl([...BY_TEAM, '-c', config, '--team', 'Checkout']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe('2026-09-01,2026-09-08,44,Checkout,1');
    // Resolved and named by the config alone: no list read.
    expect(kinds(await apiRequests(emulator.url))).toEqual({ measurements: 1 });
  });

  it('an unknown name is refused with the closest listed name, before any measurement call', async () => {
    const r = await emctl([...BY_TEAM, '--team', 'Chekout,42']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no team named `Chekout` in the config or the service's team list; did you mean `Checkout`?");
    expect(kinds(await apiRequests(emulator.url))).toEqual({ '/api/v2/teams': 3 });
  });

  it('an unknown id is refused like an unknown name, before any measurement call; one the config writes needs no list', async () => {
    const r = await emctl([...BY_TEAM, '--team', '999999,42']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("no team with id 999999 in the config or the service's team list");
    expect(r.stderr).not.toContain('No data');
    expect(kinds(await apiRequests(emulator.url))).toEqual({ '/api/v2/teams': 3 });
    // A name and an id both unknown: both said at once.
    const both = await emctl([...BY_TEAM, '--team', '999999,Chekout']);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('999999');
    expect(both.stderr).toContain('Chekout');
  });

  it('contributor names come from the users list', async () => {
    const r = await emctl(['measurements', '--metric', 'pr.merged', '--group-by', 'contributor', ...WINDOW]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      'after,before,contributor_id,contributor_name,pr.merged',
      '2026-09-01,2026-09-08,501,Ana,1',
      '2026-09-01,2026-09-08,502,Ben,1',
      '2026-09-01,2026-09-08,503,Chen,1',
    ]);
    expect(kinds(await apiRequests(emulator.url))['/api/v1/users']).toBe(1);
  });
});

describe('teams: all', () => {
  it('is every listed team but All Teams and All Contributors, in calls of 50; the list read once for every report', async () => {
    const config = await writeConfig(
      [
        'version: 1',
        'reports:',
        '  everyone:',
        '    metrics: [pr.merged]',
        '    group_by: team',
        '    teams: all',
        '    after: "2026-09-01"',
        '    before: "2026-09-08"',
        '    format: csv',
        '    out: everyone.csv',
        '  payments:',
        '    metrics: [pr.merged]',
        '    teams: [Payments]',
        '    after: "2026-09-01"',
        '    before: "2026-09-08"',
        '    format: csv',
        '    out: payments.csv',
        '',
      ].join('\n'),
      await tempDir('emctl-team-list-all-'),
    );
    const r = await emctl(['measurements', '-c', config, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const requests = await apiRequests(emulator.url);
    // 120 teams: three calls of at most 50 for `all`, one for the Payments filter; three list pages in all.
    expect(kinds(requests)).toEqual({ measurements: 4, '/api/v2/teams': 3 });
    const bodies = requests.filter((q) => q.path === '/api/v2/measurements').map((q) => q.body as { team_ids: number[]; group_by?: string });
    const grouped = bodies.filter((b) => b.group_by === 'team').flatMap((b) => b.team_ids);
    expect(grouped).toHaveLength(120);
    expect(grouped).not.toContain(217);
    expect(grouped).not.toContain(218);
    expect(bodies.find((b) => b.group_by !== 'team')!.team_ids).toEqual([42]);
  });
});
