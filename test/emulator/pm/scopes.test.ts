// Endpoints 4-7 over real HTTP: team PM scope reads, PATCH merge/add and POST replace, the Kanban
// rule, auto-selection, every rejection code and its status, limits, key clear and scope delete.

import { describe, expect, test } from 'vitest';
import { acmeFixture, call, clientFor, hasIssueAt, sharedEmulator, startTestEmulator } from '../helpers.js';

const emu = sharedEmulator();

const ref = (id: string) => ({ entity_provider_id: id });
const patch = (teams: unknown, mode?: string) => call(emu, 'PATCH', `/api/v1/pm/config/teams/scope${mode ? `?mode=${mode}` : ''}`, { body: { teams } });
const post = (teams: unknown) => call(emu, 'POST', '/api/v1/pm/config/teams/scope', { body: { teams } });
const one = (team_id: number, item: object) => [{ team_id, items: [{ integration_id: 10, ...item }] }];

async function scopeOf(team: number, integration = 10) {
  const r = await call(emu, 'GET', `/api/v1/pm/config/teams/${team}/scope?integration_ids=${integration}`);
  return r.body.items[0] as { scope: Record<string, { entity_provider_id?: string; name?: string }[]>; methodology: string };
}
const keyIds = (scope: Record<string, { entity_provider_id?: string; name?: string }[]>) =>
  Object.fromEntries(Object.entries(scope).map(([k, v]) => [k, v.map((e) => e.entity_provider_id ?? e.name)]));
async function auditActions() {
  const r = await call(emu, 'GET', '/_emulator/audit-log');
  return r.body.items.map((e: { action: string }) => e.action);
}

describe('GET /api/v1/pm/config/teams/{team_id}/scope', () => {
  test('one item per live PM integration, read form with names', async () => {
    const client = await clientFor(emu);
    const r = await client.getTeamPmScope(42);
    expect(r.team_name).toBe('Payments');
    expect(r.items.map((i) => [i.integration_id, i.methodology])).toEqual([[10, 'Scrum'], [11, 'Kanban'], [12, 'Kanban']]);
    expect(r.items[0]!.scope).toEqual({
      boards: [{ entity_provider_id: '101', name: 'Payments board' }],
      epics: [{ entity_provider_id: 'EP-7', name: 'Checkout', provider_key: 'PAY-7' }],
      labels: [{ name: 'backend' }],
      fields: [{ entity_provider_id: 'customfield_1', name: 'Component', value: ['Payments'] }],
    });
    expect(r.items[1]!.scope).toEqual({});
    const b = await scopeOf(44, 11);
    expect(b.scope.project_team_areas).toEqual([
      {
        project: { entity_provider_id: 'proj-1', name: 'Platform' },
        team: { entity_provider_id: 'team-1', name: 'Core' },
        areas: [{ entity_provider_id: 'area-1', name: 'Core\\Backend' }, { entity_provider_id: 'area-2', name: 'Core\\API' }],
      },
    ]);
  });

  test.each([
    ['/999/scope', 404],
    ['/42/scope?integration_ids=20', 404],
    ['/42/scope?integration_ids=99', 404],
    ['/42/scope?integration_ids=10,12', 200],
    [`/42/scope?integration_ids=${Array(50).fill(10).join(',')}`, 200],
    [`/42/scope?integration_ids=${Array(51).fill(10).join(',')}`, 400],
    ['/0/scope', 400],
    ['/abc/scope', 400],
    ['/42/scope?integration=10', 400],
    ['/42/scope?integration_ids=10&integration_ids=11', 400],
  ])('%s -> %i', async (path, status) => {
    const r = await call(emu, 'GET', `/api/v1/pm/config/teams${path}`);
    expect(r.status).toBe(status);
  });
});

describe('PATCH / POST /api/v1/pm/config/teams/scope', () => {
  test('PATCH merge replaces the keys sent and keeps the others', async () => {
    const r = await patch(one(42, { scope: { boards: [ref('102')] } }));
    expect(r).toMatchObject({ status: 200, body: { applied: [{ team_id: 42, integration_id: 10 }], rejected: [] } });
    expect(keyIds((await scopeOf(42)).scope)).toEqual({ boards: ['102'], epics: ['EP-7'], labels: ['backend'], fields: ['customfield_1'] });
  });

  test('PATCH add adds entries, removes none; [] changes nothing', async () => {
    await patch(one(42, { scope: { labels: [{ name: 'frontend' }], boards: [] } }), 'add');
    expect(keyIds((await scopeOf(42)).scope)).toEqual({ boards: ['101'], epics: ['EP-7'], labels: ['backend', 'frontend'], fields: ['customfield_1'] });
    expect((await scopeOf(42)).methodology).toBe('Scrum');
  });

  test('PATCH add merges a field value and pta areas', async () => {
    await patch(one(42, { scope: { fields: [{ entity_provider_id: 'customfield_1', value: ['Refunds'] }] } }), 'add');
    expect((await scopeOf(42)).scope.fields).toEqual([{ entity_provider_id: 'customfield_1', name: 'Component', value: ['Payments', 'Refunds'] }]);
  });

  test('Kanban rule: emptying boards without methodology makes the team Kanban', async () => {
    await patch(one(42, { scope: { boards: [] } }));
    const s = await scopeOf(42);
    expect(s.methodology).toBe('Kanban');
    expect(s.scope).not.toHaveProperty('boards');
    expect(await auditActions()).toEqual(['scope_written', 'methodology_changed']);
  });

  test('emptying boards with methodology keeps what is sent', async () => {
    await patch(one(42, { scope: { boards: [] }, methodology: 'Scrum' }));
    expect((await scopeOf(42)).methodology).toBe('Scrum');
  });

  test('PATCH without scope changes only the methodology', async () => {
    await patch(one(45, { methodology: 'Kanban' }));
    const s = await scopeOf(45);
    expect([s.methodology, keyIds(s.scope)]).toEqual(['Kanban', { boards: ['104'], labels: ['mobile'] }]);
  });

  test('POST replaces the whole scope: keys not sent are cleared (boards cleared -> Kanban)', async () => {
    const r = await post(one(42, { scope: { labels: [{ name: 'frontend' }] } }));
    expect(r.status).toBe(200);
    const s = await scopeOf(42);
    expect([s.methodology, keyIds(s.scope)]).toEqual(['Kanban', { labels: ['frontend'] }]);
  });

  test('POST leaves out items whose scope is {}', async () => {
    const only = await post(one(42, { scope: {} }));
    expect(only).toMatchObject({ status: 400, body: { applied: [], rejected: [] } });
    const mixed = await post([{ team_id: 42, items: [{ integration_id: 10, scope: {} }] }, { team_id: 45, items: [{ integration_id: 10, scope: { boards: [ref('104')] }, methodology: 'Scrum' }] }]);
    expect(mixed.body).toEqual({ applied: [{ team_id: 45, integration_id: 10 }], rejected: [] });
    expect(keyIds((await scopeOf(42)).scope).boards).toEqual(['101']);
  });

  test('a read item sent back as is is accepted and changes nothing', async () => {
    const read = await call(emu, 'GET', '/api/v1/pm/config/teams/42/scope?integration_ids=10,11');
    const r = await post([{ team_id: 42, team_name: read.body.team_name, items: read.body.items }]);
    expect(r.status).toBe(200);
    expect(r.body.applied).toEqual([{ team_id: 42, integration_id: 10 }]); // the {} item on 11 is left out
    expect(await auditActions()).toEqual([]);
  });

  test('a scope write selects the boards, epics and tracker_b projects it names', async () => {
    const client = await clientFor(emu);
    const r = await client.patchTeamPmScopes({
      teams: [{ team_id: 47, items: [{ integration_id: 10, scope: { boards: [ref('105')], epics: [ref('EP-12')] }, methodology: 'Scrum' }, { integration_id: 11, scope: { project_team_areas: [{ project: ref('proj-3'), team: ref('team-4'), areas: [ref('area-5')] }] } }] }],
    });
    expect(r.applied).toHaveLength(2);
    const boards = await client.listEntities('boards', { integration_ids: [10] });
    expect(boards.integrations[0]!.entities.find((e) => e.entity_provider_id === '105')).toMatchObject({ is_selected_for_collection: true, used_by: { teams: [{ id: 47, name: 'Growth' }] } });
    const projects = await client.listEntities('projects', { integration_ids: [11] });
    expect(projects.integrations[0]!.entities.find((e) => e.entity_provider_id === 'proj-3')?.is_selected_for_collection).toBe(true);
    expect(await auditActions()).toEqual(['entity_selected', 'entity_selected', 'scope_written', 'methodology_changed', 'entity_selected', 'scope_written']);
  });

  const cases: [string, object, number, string, RegExp][] = [
    ['unknown team', { team_id: 999, integration_id: 10, scope: {} }, 404, 'team_not_found', /team 999/],
    ['deleted integration', { team_id: 42, integration_id: 99, scope: {} }, 404, 'integration_not_found', /99/],
    ['foreign integration', { team_id: 42, integration_id: 12345, scope: {} }, 404, 'integration_not_found', /12345/],
    ['Git integration', { team_id: 42, integration_id: 20, scope: {} }, 400, 'provider_not_supported', /not a supported PM provider/],
    ['read-only integration', { team_id: 42, integration_id: 12, scope: { boards: [ref('901')] } }, 400, 'integration_read_only', /still being connected \(state in-progress\)/],
    ['tracker_b key on tracker_a', { team_id: 42, integration_id: 10, scope: { project_team_areas: [] } }, 400, 'scope_key_not_writable', /project_team_areas/],
    ['tracker_a key on tracker_b', { team_id: 42, integration_id: 11, scope: { boards: [] } }, 400, 'scope_key_not_writable', /boards/],
    ['unknown key', { team_id: 42, integration_id: 10, scope: { sprints: [] } }, 400, 'scope_key_not_writable', /sprints/],
    ['board named twice', { team_id: 42, integration_id: 10, scope: { boards: [ref('101'), ref('101')] } }, 400, 'invalid_scope', /named twice/],
    ['malformed label', { team_id: 42, integration_id: 10, scope: { labels: ['backend'] } }, 400, 'invalid_scope', /labels\[0\]/],
    ['field without value', { team_id: 42, integration_id: 10, scope: { fields: [ref('customfield_1')] } }, 400, 'invalid_scope', /value/],
    ['team not of project', { team_id: 42, integration_id: 11, scope: { project_team_areas: [{ project: ref('proj-2'), team: ref('team-1'), areas: [ref('area-1')] }] } }, 400, 'invalid_scope', /not a team of project/],
    ['area not of team', { team_id: 42, integration_id: 11, scope: { project_team_areas: [{ project: ref('proj-1'), team: ref('team-1'), areas: [ref('area-3')] }] } }, 400, 'invalid_scope', /does not belong/],
    ['no areas', { team_id: 42, integration_id: 11, scope: { project_team_areas: [{ project: ref('proj-1'), team: ref('team-1'), areas: [] }] } }, 400, 'invalid_scope', /at least one area/],
    ['unknown board', { team_id: 42, integration_id: 10, scope: { boards: [ref('999')] } }, 400, 'entity_not_found', /999/],
    ['unreachable board', { team_id: 42, integration_id: 10, scope: { boards: [ref('108')] } }, 400, 'entity_not_found', /not reachable/],
    ['unknown label', { team_id: 42, integration_id: 10, scope: { labels: [{ name: 'nope' }] } }, 400, 'entity_not_found', /nope/],
  ];
  test.each(cases)('%s -> %s with status %i, nothing applied -> that status', async (_name, item, status, code, message) => {
    const { team_id, ...rest } = item as { team_id: number };
    const r = await patch([{ team_id, items: [rest] }]);
    expect(r.status).toBe(status);
    expect(r.body.applied).toEqual([]);
    expect(r.body.rejected).toHaveLength(1);
    expect(r.body.rejected[0]).toMatchObject({ team_id, integration_id: (rest as { integration_id: number }).integration_id, status, code });
    expect(r.body.rejected[0].message).toMatch(message);
  });

  test('one bad item does not fail the others; mixed statuses with nothing applied -> 400', async () => {
    const partial = await patch([{ team_id: 42, items: [{ integration_id: 10, scope: { boards: [ref('999')] } }, { integration_id: 11, methodology: 'Scrum' }] }]);
    expect(partial.status).toBe(200);
    expect(partial.body.applied).toEqual([{ team_id: 42, integration_id: 11 }]);
    const none = await patch([{ team_id: 999, items: [{ integration_id: 10 }] }, { team_id: 42, items: [{ integration_id: 12 }] }]);
    expect(none.status).toBe(400);
    expect(none.body.rejected.map((x: { status: number }) => x.status)).toEqual([404, 400]);
  });

  test.each([
    ['team named twice', [{ team_id: 42, items: [{ integration_id: 10 }] }, { team_id: 42, items: [{ integration_id: 11 }] }]],
    ['integration twice under a team', [{ team_id: 42, items: [{ integration_id: 10 }, { integration_id: 10 }] }]],
  ])('%s -> 400', async (_name, teams) => {
    const r = await patch(teams);
    expect(r.status).toBe(400);
    expect(typeof r.body.detail).toBe('string');
  });

  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ team_id: 1000 + i, items: [{ integration_id: 10 }] }));
  const labels = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `l${i}` }));
  test.each([
    ['25 items', items(25), 404],
    ['26 items', items(26), 400],
    ['1000 entities', [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: labels(1000) } }] }], 400],
    ['1001 entities', [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: labels(1001) } }] }], 400],
  ])('%s -> %i', async (name, teams, status) => {
    const r = await patch(teams);
    expect(r.status).toBe(status);
    // Within the limits the request is judged item by item (rejections); over them it is invalid.
    expect(Array.isArray(r.body.detail)).toBe(name.startsWith('26') || name.startsWith('1001'));
  });

  test.each([
    ['unknown body field', { teams: [], dry_run: true }, '', ['body', 'dry_run']],
    ['unknown item field', { teams: [{ team_id: 42, items: [{ integration_id: 10, boards: [] }] }] }, '', ['body', 'teams', 0, 'items', 0, 'boards']],
    ['bad methodology', { teams: [{ team_id: 42, items: [{ integration_id: 10, methodology: 'XP' }] }] }, '', ['body', 'teams', 0, 'items', 0, 'methodology']],
    ['bad mode', { teams: [] }, '?mode=replace', ['query', 'mode']],
    ['missing teams', {}, '', ['body', 'teams']],
  ])('%s -> 400 validation', async (_name, body, query, loc) => {
    const r = await call(emu, 'PATCH', `/api/v1/pm/config/teams/scope${query}`, { body });
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, loc)).toBe(true);
  });

  test('POST needs scope on every item and takes no mode', async () => {
    const noScope = await post([{ team_id: 42, items: [{ integration_id: 10 }] }]);
    expect(hasIssueAt(noScope.body, ['body', 'teams', 0, 'items', 0, 'scope'])).toBe(true);
    const mode = await call(emu, 'POST', '/api/v1/pm/config/teams/scope?mode=add', { body: { teams: [] } });
    expect(hasIssueAt(mode.body, ['query', 'mode'])).toBe(true);
  });
});

describe('scope write limits and failures (own fixtures)', () => {
  test('license_limit (403) when implied selection exceeds the limit; write_failed (500)', async () => {
    const fixture = acmeFixture();
    fixture.limits = { board_project_limit: 9 };
    fixture.teams!.find((t) => t.id === 48)!.scope_write_fails = true;
    const own = await startTestEmulator({ fixture });
    try {
      const limited = await call(own, 'PATCH', '/api/v1/pm/config/teams/scope', { body: { teams: one(47, { scope: { boards: [ref('105')] } }) } });
      expect(limited.status).toBe(403);
      expect(limited.body.rejected[0]).toMatchObject({ code: 'license_limit', status: 403 });
      // Naming an already selected board is within the limit.
      const fine = await call(own, 'PATCH', '/api/v1/pm/config/teams/scope', { body: { teams: one(47, { scope: { boards: [ref('101')] } }) } });
      expect(fine.status).toBe(200);
      const failed = await call(own, 'PATCH', '/api/v1/pm/config/teams/scope', { body: { teams: one(48, { scope: { labels: [] } }) } });
      expect(failed.status).toBe(500);
      expect(failed.body.rejected[0]).toMatchObject({ code: 'write_failed', status: 500 });
    } finally {
      await own.close();
    }
  });
});

describe('DELETE key and DELETE scope', () => {
  test('clearing boards is a PATCH with [] (Kanban rule included)', async () => {
    const client = await clientFor(emu);
    const r = await client.clearTeamPmScopeKey(42, 'boards', 10);
    expect(r).toEqual({ applied: [{ team_id: 42, integration_id: 10 }], rejected: [] });
    const s = await scopeOf(42);
    expect([s.methodology, Object.keys(s.scope)]).toEqual(['Kanban', ['epics', 'labels', 'fields']]);
    expect(await auditActions()).toEqual(['scope_key_cleared', 'methodology_changed']);
  });

  test.each([
    ['/42/scope/project_team_areas?integration_id=10', 400, 'scope_key_not_writable'],
    ['/999/scope/boards?integration_id=10', 404, 'team_not_found'],
    ['/42/scope/boards?integration_id=12', 400, 'integration_read_only'],
  ])('%s -> %i %s', async (path, status, code) => {
    const r = await call(emu, 'DELETE', `/api/v1/pm/config/teams${path}`);
    expect(r.status).toBe(status);
    expect(r.body.rejected[0].code).toBe(code);
  });

  test('integration_id is required', async () => {
    const r = await call(emu, 'DELETE', '/api/v1/pm/config/teams/42/scope/boards');
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, ['query', 'integration_id'])).toBe(true);
  });

  test('DELETE scope clears one integration, makes tracker_a Kanban, leaves others', async () => {
    const client = await clientFor(emu);
    const r = await client.deleteTeamPmScope(44, 10);
    expect(r).toEqual({ applied: [{ team_id: 44, integration_id: 10 }], rejected: [] });
    expect(await scopeOf(44, 10)).toMatchObject({ scope: {}, methodology: 'Kanban' });
    expect(keyIds((await scopeOf(44, 11)).scope)).toEqual({ project_team_areas: [undefined] });
    expect(await auditActions()).toEqual(['scope_deleted', 'methodology_changed']);
  });

  test('DELETE of a scope that is not there: 200, nothing changes', async () => {
    const r = await call(emu, 'DELETE', '/api/v1/pm/config/teams/47/scope?integration_id=10');
    expect(r).toMatchObject({ status: 200, body: { applied: [{ team_id: 47, integration_id: 10 }], rejected: [] } });
    expect(await auditActions()).toEqual([]);
  });

  test.each([
    ['/999/scope?integration_id=10', 404, 'team_not_found'],
    ['/42/scope?integration_id=12', 400, 'integration_read_only'],
    ['/42/scope?integration_id=99', 404, 'integration_not_found'],
  ])('DELETE %s -> %i %s', async (path, status, code) => {
    const r = await call(emu, 'DELETE', `/api/v1/pm/config/teams${path}`);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ applied: [], rejected: [{ code, status }] });
  });
});
