// What the lists are made of: the fixture's `service_teams` (pinned ids, kept across a fixture
// round trip) and their checks, the team tree and merged identities refused when they cannot be
// (file:line:column), the generated organization's hierarchy and contributors, and the metric
// engine counting the service's own teams.

import { describe, expect, test } from 'vitest';
import { EmulatorStore, generateFixture, parseFixture, startEmulator } from '../../../src/emulator/index.js';
import { call } from '../helpers.js';
import { fixtureRefusal } from '../../helpers/measure-fixture.js';

const BASE = `organization: { id: 1, name: Acme }
api_keys: [dev-key]
integrations:
  - { id: 20, type: git, provider: host_a, name: C, state: ok, auth_type: app }
teams: [{ id: 42, name: Payments }, { id: 43, name: Checkout, parent_id: 42 }, { id: 44, name: Platform }]
repositories: [{ id: 1234, provider_id: R1, name: acme/api, integration_id: 20, state: monitored }]
`;

describe('service_teams', () => {
  test('given ids are listed and written back; without them, the two ids above the highest team id', () => {
    const pinned = new EmulatorStore(parseFixture(`${BASE}service_teams: { all_teams: 1, all_contributors: 9000 }\n`, 'f.yaml'));
    expect(pinned.state.serviceTeams).toEqual({ allTeams: 1, allContributors: 9000, pinned: true });
    expect(pinned.toFixture().service_teams).toEqual({ all_teams: 1, all_contributors: 9000 });
    const derived = new EmulatorStore(parseFixture(BASE, 'f.yaml'));
    expect(derived.state.serviceTeams).toEqual({ allTeams: 45, allContributors: 46, pinned: false });
    expect(derived.toFixture().service_teams).toBeUndefined();
    // One given: the other takes the next id above the teams that is not taken.
    expect(new EmulatorStore(parseFixture(`${BASE}service_teams: { all_contributors: 45 }\n`, 'f.yaml')).state.serviceTeams).toMatchObject({ allTeams: 46, allContributors: 45 });
  });

  test.each([
    ['an id of a fixture team', 'service_teams: { all_teams: 42 }\n', 'f.yaml:7:29: service_teams.all_teams: team 42 is a team of the fixture'],
    ['one id for both', 'service_teams: { all_teams: 7, all_contributors: 7 }\n', 'service_teams.all_contributors: All Teams and All Contributors are two teams'],
    ['an unknown field', 'service_teams: { everyone: 7 }\n', 'service_teams.everyone: is not a known field'],
  ])('%s is refused', (_name, text, message) => {
    expect(fixtureRefusal(BASE + text)).toContain(message);
  });
});

describe('fixture checks', () => {
  test('a parent chain that comes back to a team is refused, located', () => {
    const text = BASE.replace('{ id: 42, name: Payments }', '{ id: 42, name: Payments, parent_id: 43 }');
    expect(fixtureRefusal(text)).toContain('f.yaml:5:46: teams[0].parent_id: the parents of team 42 come back to team 42: teams form a tree');
  });

  test.each([
    ['merged into an unknown contributor', '[{ id: 501, name: Ana, merged_into: 502 }]', 'activity.contributors[0].merged_into: contributor 502 is not in activity.contributors'],
    ['merged into itself', '[{ id: 501, name: Ana, merged_into: 501 }]', 'a contributor cannot be merged into itself'],
    ['merged into a merged one', '[{ id: 501, name: A }, { id: 502, name: B, merged_into: 501 }, { id: 503, name: C, merged_into: 502 }]', 'activity.contributors[2].merged_into: contributor 502 is merged into 501 itself'],
    ['an empty email', '[{ id: 501, name: Ana, email: "" }]', 'activity.contributors[0].email'],
  ])('%s is refused', (_name, contributors, message) => {
    expect(fixtureRefusal(`${BASE}activity:\n  contributors: ${contributors}\n`)).toContain(message);
  });
});

describe('generated organizations', () => {
  const fixture = generateFixture({ repos: 100, teams: 25, boards: 20, seed: 3 });

  test('teams form three levels in blocks of ten; every tenth team has a Git scope and no PM scope', () => {
    const parent = new Map(fixture.teams!.map((t) => [t.id, t.parent_id]));
    const depth = (id: number): number => (parent.get(id) === undefined ? 1 : 1 + depth(parent.get(id)!));
    expect(fixture.teams!.slice(0, 10).map((t) => depth(t.id))).toEqual([1, 2, 2, 2, 3, 3, 3, 3, 3, 3]);
    expect(fixture.teams![4]!.parent_id).toBe(fixture.teams![1]!.id);
    const gitOnly = fixture.teams!.filter((_, n) => n % 10 === 9).map((t) => t.id);
    expect(gitOnly).toHaveLength(2);
    const pmTeams = new Set(fixture.team_pm_scopes!.map((s) => s.team_id));
    for (const id of gitOnly) expect(pmTeams.has(id)).toBe(false);
    expect(fixture.team_pm_scopes!.length).toBeGreaterThan(0);
    const gitTeams = new Map(fixture.team_git_scopes!.map((s) => [s.team_id, s]));
    for (const id of gitOnly) expect(gitTeams.get(id)!.repository_ids!.length).toBeGreaterThan(0);
  });

  test('contributors without pull requests unless prs is given; the team list holds them', async () => {
    expect(fixture.activity).toEqual({ generate: { seed: 3, prs: 0, months: 6 } });
    const emulator = await startEmulator({ fixture, port: 0 });
    try {
      expect(emulator.store.activityIndex.size).toBe(0);
      const users = await call(emulator, 'GET', '/api/v1/users?page_size=1');
      expect(users.body.total).toBe(150);
      const teams = await call(emulator, 'GET', '/api/v2/teams?offset=0&page_size=50');
      expect(teams.body.total).toBe(27);
      const first = teams.body.items.find((t: { id: number }) => t.id === fixture.teams![0]!.id);
      expect(first.contributors.length).toBeGreaterThanOrEqual(6);
      expect(teams.body.items.filter((t: { parent_id: number | null }) => t.parent_id === null).map((t: { name: string }) => t.name)).toEqual(['All Teams', 'All Contributors']);
    } finally {
      await emulator.close();
    }
  });
});

describe('the metric engine and the service teams', () => {
  test('All Contributors counts every pull request; All Teams those of contributors in a team', async () => {
    const text = `${BASE}activity:
  contributors: [{ id: 501, name: Ana, team_ids: [42] }, { id: 502, name: Ben }]
  pull_requests:
    - { id: 1, repository_id: 1234, author_id: 501, branch: a, first_commit_at: "2026-01-05T10:00:00Z", opened_at: "2026-01-05T11:00:00Z" }
    - { id: 2, repository_id: 1234, author_id: 502, branch: b, first_commit_at: "2026-01-06T10:00:00Z", opened_at: "2026-01-06T11:00:00Z" }
`;
    const emulator = await startEmulator({ fixture: parseFixture(text, 'f.yaml'), port: 0 });
    try {
      const body = { requested_metrics: [{ name: 'pr.new' }], time_ranges: [{ after: '2026-01-01', before: '2026-02-01' }], group_by: 'team', team_ids: [42, 45, 46] };
      const r = await call(emulator, 'POST', '/api/v2/measurements', { body });
      expect(r.status).toBe(200);
      const rows = new Map(r.body[0].metrics.map((row: { team_id: number; 'pr.new': number }) => [row.team_id, row['pr.new']]));
      expect(Object.fromEntries(rows)).toEqual({ 42: 1, 45: 1, 46: 2 });
    } finally {
      await emulator.close();
    }
  });
});
