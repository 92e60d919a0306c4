// The service's team writes over real HTTP (DESIGN.md section 14, api-notes.md "Managing teams"):
// create (bare list or {teams}), update, delete, a team's members by id or email, and the v1 team
// routes over the same records; the service's checks (422 name, initials, colour; 409 a taken name;
// 404 an unknown team or parent); what the team list, the user list, the scopes and the metrics
// see afterwards; and a state file that keeps it all.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ListedTeam } from '../../../src/contract/list-types.js';
import type { Fixture } from '../../../src/emulator/index.js';
import { acmeFixture, call, hasIssueAt, sharedEmulator, startTestEmulator } from '../helpers.js';
import { baseActivity, baseFixture } from '../metrics/helpers.js';

function fixture(): Fixture {
  const f = acmeFixture();
  f.activity = {
    contributors: [
      { id: 501, name: 'Ana', team_ids: [42] },
      { id: 502, name: 'Ben', team_ids: [42, 43], email: 'ben@acme.io' },
      { id: 503, name: 'Cy', team_ids: [] , email: 'Cy@Acme.io' },
      { id: 504, name: 'Di', team_ids: [44], merged_into: 502 },
    ],
  };
  return f;
}

const emu = sharedEmulator({ fixture: fixture() });

async function team(name: string): Promise<ListedTeam | undefined> {
  const r = await call(emu, 'GET', `/api/v2/teams?search_term=${encodeURIComponent(name)}`);
  return (r.body.items as ListedTeam[]).find((t) => t.name === name);
}

describe('POST /api/v2/teams', () => {
  test('a bare list, parents first, a parent created earlier in the same list; 201 with each new team in order', async () => {
    const r = await call(emu, 'POST', '/api/v2/teams', {
      body: [
        { name: 'Engineering', initials: 'ENG' },
        { name: 'Payments Core', parent_team: 'engineering', color: '#3B48B3' },
        { name: 'Risk', parent_team: 'Payments' },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.body.teams.map((t: ListedTeam) => [t.id, t.name, t.parent_id, t.initials, t.color])).toEqual([
      [52, 'Engineering', 50, 'ENG', '#348B83'],
      [53, 'Payments Core', 52, null, '#3B48B3'],
      [54, 'Risk', 42, null, '#348B83'],
    ]);
    expect(r.body.teams[0]).toMatchObject({ organization_id: 1, extra: {} });
    expect(await team('Payments Core')).toMatchObject({ id: 53, parent_id: 52, initials: null, color: '#3B48B3', contributors: [] });
  });

  test('the {teams: [...]} body of the generated OpenAPI copy', async () => {
    const r = await call(emu, 'POST', '/api/v2/teams', { body: { teams: [{ name: 'Analytics', parent_team: null }] } });
    expect(r.status).toBe(201);
    expect(r.body.teams[0]).toMatchObject({ name: 'Analytics', parent_id: 50 });
  });

  test('every bad name, initials and colour at once, 422, and nothing created', async () => {
    const r = await call(emu, 'POST', '/api/v2/teams', {
      body: [{ name: 'ab' }, { name: '9lives' }, { name: 'Good', initials: 'ABCD' }, { name: 'Fine', color: 'blue' }, { name: 'x'.repeat(101) }, { initials: 'A' }],
    });
    expect(r.status).toBe(422);
    for (const loc of [[0, 'name'], [1, 'name'], [2, 'initials'], [3, 'color'], [4, 'name'], [5, 'name']]) expect(hasIssueAt(r.body, ['body', ...loc])).toBe(true);
    expect(await team('Good')).toBeUndefined();
  });

  test('409 for a name taken (case-insensitively, by a team, a service team or earlier in the list); 404 for an unknown parent; nothing created', async () => {
    expect((await call(emu, 'POST', '/api/v2/teams', { body: [{ name: 'payments' }] })).status).toBe(409);
    expect((await call(emu, 'POST', '/api/v2/teams', { body: [{ name: 'All Teams' }] })).status).toBe(409);
    expect((await call(emu, 'POST', '/api/v2/teams', { body: [{ name: 'Twice' }, { name: 'TWICE' }] })).status).toBe(409);
    const unknown = await call(emu, 'POST', '/api/v2/teams', { body: [{ name: 'Orphan A' }, { name: 'Orphan B', parent_team: 'Nowhere' }] });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'parent team "Nowhere" not found' } });
    expect(await team('Twice')).toBeUndefined();
    expect(await team('Orphan A')).toBeUndefined();
  });

  test('a bad or missing key is 403, as on the team list', async () => {
    expect((await call(emu, 'POST', '/api/v2/teams', { body: [{ name: 'Nope' }], key: null })).status).toBe(403);
    expect((await call(emu, 'DELETE', '/api/v2/teams/42', { key: 'wrong' })).status).toBe(403);
  });
});

describe('PATCH and DELETE /api/v2/teams/{id}', () => {
  test('one PATCH renames, reparents and changes initials and colour at once', async () => {
    const r = await call(emu, 'PATCH', '/api/v2/teams/43', { body: { name: 'Checkout Flow', parent_team: 'Platform', initials: 'CF', color: '#abc' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: 43, name: 'Checkout Flow', parent_id: 44, initials: 'CF', color: '#abc' });
    expect((await call(emu, 'PATCH', '/api/v2/teams/43', { body: { parent_team: null, initials: null } })).body).toMatchObject({ parent_id: 50, initials: null, color: '#abc' });
    // A team's own name in another case is not taken by another team.
    expect((await call(emu, 'PATCH', '/api/v2/teams/43', { body: { name: 'CHECKOUT FLOW' } })).status).toBe(200);
  });

  test('refusals: a cycle (422), a taken name (409), an unknown team or parent (404), the service teams (422)', async () => {
    // 43 Checkout is under 42 Payments: Payments under Checkout would be a cycle, and so would Payments under itself.
    expect((await call(emu, 'PATCH', '/api/v2/teams/42', { body: { parent_team: 'Checkout' } })).status).toBe(422);
    expect((await call(emu, 'PATCH', '/api/v2/teams/42', { body: { parent_team: 'Payments' } })).status).toBe(422);
    expect((await call(emu, 'PATCH', '/api/v2/teams/42', { body: { name: 'Platform' } })).status).toBe(409);
    expect((await call(emu, 'PATCH', '/api/v2/teams/999', { body: { name: 'Ghost' } })).status).toBe(404);
    expect((await call(emu, 'PATCH', '/api/v2/teams/42', { body: { parent_team: 'Ghost' } })).status).toBe(404);
    expect((await call(emu, 'PATCH', '/api/v2/teams/50', { body: { name: 'Everyone' } })).status).toBe(422);
    expect((await call(emu, 'DELETE', '/api/v2/teams/51')).status).toBe(422);
    expect((await call(emu, 'PATCH', '/api/v2/teams/42', { body: { colour: '#fff' } })).status).toBe(422);
    expect(await team('Payments')).toMatchObject({ id: 42, parent_id: 50 });
  });

  test('a delete takes the team scopes and members; its children move up to its parent; the id is never given again', async () => {
    expect((await call(emu, 'GET', '/api/v1/git/config/teams/42/scope')).status).toBe(200);
    const r = await call(emu, 'DELETE', '/api/v2/teams/42');
    expect(r.status).toBe(204);
    expect(await team('Payments')).toBeUndefined();
    expect(await team('Checkout')).toMatchObject({ id: 43, parent_id: 50 });
    expect((await call(emu, 'GET', '/api/v1/git/config/teams/42/scope')).status).toBe(404);
    expect((await call(emu, 'GET', '/api/v1/pm/config/teams/42/scope')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/api/v2/teams/42')).status).toBe(404);
    const users = (await call(emu, 'GET', '/api/v1/users')).body.items;
    expect(users.find((u: { id: number }) => u.id === 501).team_ids).toEqual([]);
    expect(users.find((u: { id: number }) => u.id === 502).team_ids).toEqual([43]);
    const created = await call(emu, 'POST', '/api/v2/teams', { body: [{ name: 'Payments' }] });
    expect(created.body.teams[0].id).toBe(52);
  });
});

describe('members', () => {
  test('GET lists the members of a team; PATCH adds by id or email (any case); DELETE removes one by id or by email', async () => {
    expect((await call(emu, 'GET', '/api/v2/teams/42/members')).body).toEqual({
      total: 2,
      items: [
        { id: 501, name: 'Ana', email: 'ana@acme.example', provider_id: 'user-501' },
        { id: 502, name: 'Ben', email: 'ben@acme.io', provider_id: 'user-502' },
      ],
    });
    const added = await call(emu, 'PATCH', '/api/v2/teams/42/members', { body: { members: ['cy@acme.io', 504, 501] } });
    expect(added.status).toBe(200);
    expect(added.body.items.map((m: { id: number }) => m.id)).toEqual([501, 502, 503, 504]);
    expect((await call(emu, 'DELETE', '/api/v2/teams/42/members/BEN@acme.io')).status).toBe(204);
    expect((await call(emu, 'DELETE', '/api/v2/teams/42/members/504')).status).toBe(204);
    expect((await call(emu, 'GET', '/api/v2/teams/42/members?nonmerged_members_only=true')).body.items.map((m: { id: number }) => m.id)).toEqual([501, 503]);
    expect((await team('Payments'))!.contributors.map((c) => c.id)).toEqual([501, 503]);
    const users = (await call(emu, 'GET', '/api/v1/users')).body.items;
    expect(users.find((u: { id: number }) => u.id === 503).team_ids).toEqual([42]);
    expect(users.find((u: { id: number }) => u.id === 502).team_ids).toEqual([43]);
    // All Teams holds everyone on a team.
    expect((await call(emu, 'GET', '/api/v2/teams/50/members')).body.items.map((m: { id: number }) => m.id)).toEqual([501, 502, 503, 504]);
  });

  test('POST replaces the whole set (a bare list works too)', async () => {
    const r = await call(emu, 'POST', '/api/v2/teams/42/members', { body: [503] });
    expect(r.body).toMatchObject({ total: 1, items: [{ id: 503 }] });
    expect((await call(emu, 'POST', '/api/v2/teams/42/members', { body: { members: [] } })).body.total).toBe(0);
  });

  test('refusals: every unknown member at once (422, nothing added), a non-member removal (404), an unknown team (404), a service team (422)', async () => {
    const r = await call(emu, 'PATCH', '/api/v2/teams/42/members', { body: { members: [503, 'nobody@acme.io', 9999, 'not-an-email', 0] } });
    expect(r.status).toBe(422);
    for (const i of [1, 2, 3, 4]) expect(hasIssueAt(r.body, ['body', 'members', i])).toBe(true);
    expect(hasIssueAt(r.body, ['body', 'members', 0])).toBe(false);
    expect((await call(emu, 'GET', '/api/v2/teams/42/members')).body.total).toBe(2);
    expect((await call(emu, 'DELETE', '/api/v2/teams/42/members/503')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/api/v2/teams/42/members/nobody@acme.io')).status).toBe(404);
    expect((await call(emu, 'GET', '/api/v2/teams/999/members')).status).toBe(404);
    expect((await call(emu, 'PATCH', '/api/v2/teams/51/members', { body: [501] })).status).toBe(422);
  });

  test('the metrics count the members of a team as they are now', async () => {
    // Activity of the metric engine's tests: Ana (501) merged pull requests A and E in September, Ben (502) B.
    const metricsEmu = await startTestEmulator({ fixture: { ...baseFixture(), activity: baseActivity() } });
    try {
      const body = { requested_metrics: [{ name: 'pr.merged' }], time_ranges: [{ after: '2026-09-01', before: '2026-10-01' }], group_by: 'team', team_ids: [45] };
      const merged = async () => {
        const r = await call(metricsEmu, 'POST', '/api/v2/measurements', { body });
        return r.status === 204 ? 0 : (r.body[0].metrics.find((m: { team_id: number }) => m.team_id === 45)?.['pr.merged'] ?? 0);
      };
      // Mobile (45): Cy and Di, whose pull requests in mobile's repository did not merge in September.
      expect(await merged()).toBe(0);
      expect((await call(metricsEmu, 'POST', '/api/v2/teams/45/members', { body: [501] })).status).toBe(200);
      await call(metricsEmu, 'PUT', '/api/v1/git/config/teams/45/scope', { body: { repository_ids: [1234] } });
      expect(await merged()).toBe(2);
      expect((await call(metricsEmu, 'PATCH', '/api/v2/teams/45/members', { body: [502] })).status).toBe(200);
      expect(await merged()).toBe(3);
    } finally {
      await metricsEmu.close();
    }
  });
});

describe('v1 team routes', () => {
  test('GET /api/v1/teams: partial by default (names and ids), the full team with partial=false; paged', async () => {
    const partial = await call(emu, 'GET', '/api/v1/teams?page_size=1');
    expect(partial.body).toEqual({ total: 10, items: [{ id: 42, name: 'Payments', contributors: [{ id: 501, name: 'Ana' }, { id: 502, name: 'Ben' }] }] });
    const full = await call(emu, 'GET', '/api/v1/teams?partial=false&offset=1&page_size=1');
    expect(full.body.items).toEqual([
      { id: 43, name: 'Checkout', parent_id: 42, initials: null, color: '#348B83', contributors: [{ id: 502, name: 'Ben', email: 'ben@acme.io', provider_id: 'user-502' }] },
    ]);
    expect((await call(emu, 'GET', '/api/v1/teams?page_size=0')).status).toBe(422);
  });

  test('GET /api/v1/teams/{id}: one team, the service teams included; 404 for an unknown id', async () => {
    expect((await call(emu, 'GET', '/api/v1/teams/44')).body).toEqual({ id: 44, name: 'Platform', contributors: [{ id: 504, name: 'Di' }] });
    expect((await call(emu, 'GET', '/api/v1/teams/44?nonmerged_members_only=true')).body.contributors).toEqual([]);
    expect((await call(emu, 'GET', '/api/v1/teams/51/')).body.name).toBe('All Contributors');
    expect((await call(emu, 'GET', '/api/v1/teams/999')).status).toBe(404);
  });
});

test('a --state file keeps created teams, their properties and members, and the ids of the service teams', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-teams-state-'));
  const statePath = join(dir, 'state.json');
  const first = await startTestEmulator({ fixture: fixture(), statePath });
  try {
    await call(first, 'POST', '/api/v2/teams', { body: [{ name: 'Engineering', initials: 'ENG', color: '#112233' }] });
    await call(first, 'PATCH', '/api/v2/teams/52/members', { body: ['ana@acme.example'] });
    await call(first, 'DELETE', '/api/v2/teams/43');
  } finally {
    await first.close();
  }
  const saved = JSON.parse(readFileSync(statePath, 'utf8'));
  expect(saved.fixture.teams.find((t: { id: number }) => t.id === 52)).toEqual({ id: 52, name: 'Engineering', initials: 'ENG', color: '#112233', members: [501] });
  const second = await startTestEmulator({ fixture: fixture(), statePath });
  try {
    const teams = (await call(second, 'GET', '/api/v2/teams')).body.items as ListedTeam[];
    expect(teams.map((t) => t.id)).toEqual([42, 44, 45, 46, 47, 48, 49, 50, 51, 52]);
    expect(teams.find((t) => t.id === 52)).toMatchObject({ name: 'Engineering', parent_id: 50, initials: 'ENG', contributors: [{ id: 501 }] });
  } finally {
    await second.close();
  }
});
