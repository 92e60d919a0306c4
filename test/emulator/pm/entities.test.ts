// Endpoints 1-3 over real HTTP: integrations, entity lists (filters, paging, used_by, limits) and
// selection (every rejection code, the board/project limit, read-only and foreign integrations).

import { describe, expect, test } from 'vitest';
import { acmeFixture, call, clientFor, hasIssueAt, sharedEmulator, startTestEmulator } from '../helpers.js';

const emu = sharedEmulator();

const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe('GET /api/v1/integrations', () => {
  test.each([
    ['', [10, 11, 12, 20, 21]],
    ['?include_invalid=true', [10, 11, 12, 20, 21, 99]],
    ['?type=pm', [10, 11, 12]],
    ['?type=git', [20, 21]],
    ['?provider=tracker_b,host_b', [11, 21]],
    ['?type=pm&provider=tracker_a&include_invalid=1', [10, 12, 99]],
  ])('%s lists %j', async (query, expected) => {
    const r = await call(emu, 'GET', `/api/v1/integrations${query}`);
    expect(r.status).toBe(200);
    expect(ids(r.body.items)).toEqual(expected);
  });

  test('a deleted integration carries deleted_at; live ones do not', async () => {
    const client = await clientFor(emu);
    const all = await client.listIntegrations({ include_invalid: true });
    expect(all.items.find((i) => i.id === 99)?.deleted_at).toBe('2026-01-01T00:00:00Z');
    expect(all.items.find((i) => i.id === 10)).not.toHaveProperty('deleted_at');
  });

  test.each([['?type=scm', 'type'], ['?provider=tracker_z', 'provider'], ['?include_invalid=maybe', 'include_invalid']])(
    '%s is refused with 400 naming %s',
    async (query, param) => {
      const r = await call(emu, 'GET', `/api/v1/integrations${query}`);
      expect(r.status).toBe(400);
      expect(hasIssueAt(r.body, ['query', param])).toBe(true);
    },
  );
});

describe('GET /api/v2/pm/entities/{entity_type}', () => {
  test('boards: unreachable hidden unless include_invalid; used_by from team scopes', async () => {
    const r = await call(emu, 'GET', '/api/v2/pm/entities/boards?integration_ids=10');
    expect(r.body.total).toBe(7);
    const boards = r.body.integrations[0].entities;
    expect(boards.map((b: { entity_provider_id: string }) => b.entity_provider_id)).toEqual(['101', '102', '103', '104', '105', '106', '107']);
    expect(boards[0]).toMatchObject({ name: 'Payments board', is_selected_for_collection: true, used_by: { teams: [{ id: 42, name: 'Payments' }], projects: [] } });
    expect(boards[4].used_by).toEqual({ teams: [], projects: [] });
    const all = await call(emu, 'GET', '/api/v2/pm/entities/boards?include_invalid=true&integration_ids=10');
    expect(all.body.total).toBe(8);
    // Without integration_ids every live PM integration with boards is listed, read-only ones too.
    const every = await call(emu, 'GET', '/api/v2/pm/entities/boards');
    expect(every.body.integrations.map((g: { integration_id: number }) => g.integration_id)).toEqual([10, 12]);
  });

  test('with_used_by=false omits used_by', async () => {
    const r = await call(emu, 'GET', '/api/v2/pm/entities/boards?with_used_by=false');
    expect(r.body.integrations[0].entities[0]).not.toHaveProperty('used_by');
  });

  test('is_selected_for_collection filters selectable types only', async () => {
    const selected = await call(emu, 'GET', '/api/v2/pm/entities/boards?integration_ids=10&is_selected_for_collection=true');
    expect(selected.body.total).toBe(5);
    const unselected = await call(emu, 'GET', '/api/v2/pm/entities/boards?integration_ids=10&is_selected_for_collection=false');
    expect(unselected.body.total).toBe(2);
    const epics = await call(emu, 'GET', '/api/v2/pm/entities/epics?is_selected_for_collection=true');
    expect(epics.status).toBe(400);
    expect(typeof epics.body.detail).toBe('string');
  });

  test('provider-specific fields: epics provider_key, tracker_b teams parent_project, areas teams', async () => {
    const epics = await call(emu, 'GET', '/api/v2/pm/entities/epics');
    expect(epics.body.integrations[0].entities[0]).toEqual({ entity_provider_id: 'EP-7', name: 'Checkout', state: 'active', provider_key: 'PAY-7' });
    const teams = await call(emu, 'GET', '/api/v2/pm/entities/teams');
    expect(teams.body.integrations[0].entities[0].parent_project).toEqual({ entity_provider_id: 'proj-1', name: 'Platform' });
    const areas = await call(emu, 'GET', '/api/v2/pm/entities/areas?integration_ids=11');
    expect(areas.body.integrations[0].entities[0].teams).toEqual([{ entity_provider_id: 'team-1', name: 'Core' }]);
  });

  test('projects page across integrations: offset counts across all of them', async () => {
    const first = await call(emu, 'GET', '/api/v2/pm/entities/projects?integration_ids=10,11&limit=5');
    expect(first.body.total).toBe(7);
    expect(first.body.integrations.map((g: { integration_id: number; entities: unknown[] }) => [g.integration_id, g.entities.length])).toEqual([[10, 4], [11, 1]]);
    const second = await call(emu, 'GET', '/api/v2/pm/entities/projects?integration_ids=10,11&limit=5&offset=5');
    expect(second.body).toMatchObject({ total: 7, offset: 5 });
    expect(second.body.integrations.map((g: { integration_id: number; entities: unknown[] }) => [g.integration_id, g.entities.length])).toEqual([[11, 2]]);
    const client = await clientFor(emu);
    const all = await client.listAllEntities('projects', { integration_ids: [10, 11] });
    expect(all.integrations.flatMap((g) => g.entities).length).toBe(7);
  });

  test.each([
    ['limit=0', 400],
    ['limit=1', 200],
    ['limit=1000', 200],
    ['limit=1001', 400],
    ['offset=-1', 400],
    ['offset=0', 200],
    [`integration_ids=${Array(50).fill(10).join(',')}`, 200],
    [`integration_ids=${Array(51).fill(10).join(',')}`, 400],
    ['integration_ids=abc', 400],
  ])('%s -> %i', async (query, status) => {
    const r = await call(emu, 'GET', `/api/v2/pm/entities/boards?${query}`);
    expect(r.status).toBe(status);
    if (status === 400) expect(Array.isArray(r.body.detail)).toBe(true);
  });

  test.each([
    ['boards?integration_ids=11', 400, 'a type the provider lacks'],
    ['boards?integration_ids=99', 404, 'deleted integration'],
    ['boards?integration_ids=20', 404, 'Git integration'],
    ['boards?integration_ids=12345', 404, 'integration of no organization'],
    ['widgets', 400, 'unknown entity type'],
  ])('%s -> %i (%s)', async (path, status) => {
    const r = await call(emu, 'GET', `/api/v2/pm/entities/${path}`);
    expect(r.status).toBe(status);
    expect(r.body).toHaveProperty('detail');
  });

  test('a read-only integration is readable', async () => {
    const r = await call(emu, 'GET', '/api/v2/pm/entities/boards?integration_ids=12');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
  });
});

describe('PATCH /api/v2/pm/integrations/{id}/entities/{type}', () => {
  const select = (integration: number, type: string, entities: unknown) =>
    call(emu, 'PATCH', `/api/v2/pm/integrations/${integration}/entities/${type}`, { body: { entities } });
  const sel = (id: string, on: boolean) => ({ entity_provider_id: id, is_selected_for_collection: on });

  test('selects and deselects; applied entries change state and are audited', async () => {
    const client = await clientFor(emu);
    const r = await client.selectEntities(10, 'boards', [sel('105', true), sel('107', false)]);
    expect(r).toEqual({ integration_id: 10, type: 'boards', applied: [sel('105', true), sel('107', false)], rejected: [] });
    const list = await client.listEntities('boards', { integration_ids: [10] });
    const state = Object.fromEntries(list.integrations[0]!.entities.map((e) => [e.entity_provider_id, e.is_selected_for_collection]));
    expect(state).toMatchObject({ '105': true, '107': false });
    const audit = await call(emu, 'GET', '/_emulator/audit-log');
    expect(audit.body.items.map((e: { action: string; entity_provider_id: string }) => `${e.action} ${e.entity_provider_id}`)).toEqual([
      'entity_selected 105',
      'entity_deselected 107',
    ]);
  });

  test('rejection codes, one per entry; valid entries apply even when others are rejected', async () => {
    const r = await select(10, 'boards', [sel('105', true), sel('101', false), sel('108', true), sel('nope', true), sel('106', true), sel('106', false)]);
    expect(r.status).toBe(200);
    expect(r.body.applied).toEqual([sel('105', true)]);
    expect(r.body.rejected.map((x: { entity_provider_id: string; code: string }) => `${x.entity_provider_id} ${x.code}`)).toEqual([
      '101 entity_in_use',
      '108 entity_not_reachable',
      'nope entity_not_found',
      '106 duplicate_entity',
      '106 duplicate_entity',
    ]);
    expect(r.body.rejected[0].used_by).toEqual({ teams: [{ id: 42, name: 'Payments' }], projects: [] });
  });

  test('unreachable never blocks a deselect', async () => {
    const r = await select(10, 'boards', [sel('108', false)]);
    expect(r.status).toBe(200);
    expect(r.body.applied).toEqual([sel('108', false)]);
  });

  test('a tracker_b project used by a team scope is in use', async () => {
    const r = await select(11, 'projects', [sel('proj-1', false)]);
    expect(r.status).toBe(400);
    expect(r.body.rejected[0]).toMatchObject({ code: 'entity_in_use', used_by: { teams: [{ id: 44, name: 'Platform' }] } });
  });

  test('nothing applied -> 400 with the same body', async () => {
    const r = await select(10, 'boards', [sel('nope', true)]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ integration_id: 10, type: 'boards', applied: [], rejected: [{ code: 'entity_not_found' }] });
  });

  test.each([
    [12, 'boards', 400, /read-only.*in-progress/],
    [99, 'boards', 404, /not found/],
    [20, 'boards', 404, /not found/],
    [11, 'boards', 400, /cannot be selected on tracker_b/],
  ])('integration %i %s -> %i', async (integration, type, status, message) => {
    const r = await select(integration, type, [sel('901', true)]);
    expect(r.status).toBe(status);
    expect(r.body.detail).toMatch(message);
  });

  test.each([
    ['no entries', { entities: [] }, ['body', 'entities']],
    ['1001 entries', { entities: Array.from({ length: 1001 }, (_, i) => sel(`x${i}`, true)) }, ['body', 'entities']],
    ['unknown body field', { entities: [sel('105', true)], force: true }, ['body', 'force']],
    ['unknown entry field', { entities: [{ ...sel('105', true), name: 'x' }] }, ['body', 'entities', 0, 'name']],
    ['non-boolean selection', { entities: [{ entity_provider_id: '105', is_selected_for_collection: 'yes' }] }, ['body', 'entities', 0]],
  ])('%s -> 400 validation', async (_name, body, loc) => {
    const r = await call(emu, 'PATCH', '/api/v2/pm/integrations/10/entities/boards', { body });
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, loc)).toBe(true);
  });

  test('1000 entries pass validation (judged entry by entry)', async () => {
    const r = await select(10, 'boards', Array.from({ length: 1000 }, (_, i) => sel(`x${i}`, true)));
    expect(r.status).toBe(400);
    expect(r.body.rejected).toHaveLength(1000);
  });

  test('epics are not selectable (path refused)', async () => {
    const r = await select(10, 'epics', [sel('EP-7', true)]);
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, ['path', 'entity_type'])).toBe(true);
  });
});

describe('selection limits and flags (own fixtures)', () => {
  test('403 when the selection would exceed the board/project limit; nothing written', async () => {
    const fixture = acmeFixture();
    fixture.limits = { board_project_limit: 9 }; // Acme selects 7 boards/projects on tracker_a + 2 on tracker_b
    const own = await startTestEmulator({ fixture });
    try {
      const r = await call(own, 'PATCH', '/api/v2/pm/integrations/10/entities/boards', {
        body: { entities: [{ entity_provider_id: '105', is_selected_for_collection: true }, { entity_provider_id: '107', is_selected_for_collection: false }, { entity_provider_id: '106', is_selected_for_collection: true }] },
      });
      expect(r.status).toBe(403);
      expect(r.body.detail).toMatch(/limit of 9/);
      const after = await call(own, 'GET', '/api/v2/pm/entities/boards?is_selected_for_collection=true');
      expect(after.body.total).toBe(5);
      // Swapping one for another stays within the limit.
      const swap = await call(own, 'PATCH', '/api/v2/pm/integrations/10/entities/boards', {
        body: { entities: [{ entity_provider_id: '105', is_selected_for_collection: true }, { entity_provider_id: '107', is_selected_for_collection: false }] },
      });
      expect(swap.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  test('used_by_unavailable refuses a deselect', async () => {
    const fixture = acmeFixture();
    fixture.integrations[0]!.entities!.boards![6]!.used_by_unavailable = true; // board 107
    const own = await startTestEmulator({ fixture });
    try {
      const r = await call(own, 'PATCH', '/api/v2/pm/integrations/10/entities/boards', { body: { entities: [{ entity_provider_id: '107', is_selected_for_collection: false }] } });
      expect(r.status).toBe(400);
      expect(r.body.rejected[0].code).toBe('used_by_unavailable');
    } finally {
      await own.close();
    }
  });
});
