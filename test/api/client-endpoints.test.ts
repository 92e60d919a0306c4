// Every endpoint 1-13 through the real client against the real emulator over HTTP: each method
// once, every rejection code the spec lists arriving in the client's answer or ApiError, both
// edges of every limit (the last value that goes through, and the first one the client refuses
// before sending), and each error body shape parsed as the spec gives it.

import { describe, expect, test } from 'vitest';
import type { EmClient } from '../../src/api/client.js';
import { ApiError, InvalidRequestError, type ApiErrorBody } from '../../src/api/errors.js';
import type { ScopeWriteBody } from '../../src/contract/types.js';
import { acmeFixture, clientFor, sharedEmulator } from '../emulator/helpers.js';

/** The Acme organization with the flags that make every rejection code reachable. */
function flaggedAcme() {
  const fixture = acmeFixture();
  fixture.limits = { board_project_limit: 10, repository_quota: 18 }; // Acme selects 9, monitors 17
  fixture.integrations.find((i) => i.id === 21)!.state = 'failing';
  fixture.integrations.find((i) => i.id === 10)!.entities!.boards!.find((b) => b.entity_provider_id === '107')!.used_by_unavailable = true;
  fixture.teams!.find((t) => t.id === 48)!.scope_write_fails = true;
  fixture.repositories!.find((r) => r.id === 1213)!.state_change_pending = true;
  fixture.repositories!.find((r) => r.id === 1214)!.write_fails = true;
  return fixture;
}

const emu = sharedEmulator({ fixture: flaggedAcme() });
const client = (): Promise<EmClient> => clientFor(emu);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Requests the emulator has seen (its admin log), to show a refused call sent nothing. */
async function requestsSeen(c: EmClient): Promise<number> {
  return (await c.admin<{ items: unknown[] }>('GET', '/_emulator/requests')).items.length;
}

async function refusedLocally(c: EmClient, call: () => Promise<unknown>, problem: RegExp): Promise<void> {
  const before = await requestsSeen(c);
  await expect(call()).rejects.toThrow(InvalidRequestError);
  await expect(call()).rejects.toThrow(problem);
  expect(await requestsSeen(c)).toBe(before);
}

const codes = (body: ApiErrorBody | { rejected: { code: string }[] }) => ('rejected' in body ? body.rejected.map((r) => r.code) : []);
const ref = (id: string) => ({ entity_provider_id: id });

describe('1-3: integrations, entities, selection', () => {
  test('1 lists integrations by type and provider, deleted ones on request', async () => {
    const c = await client();
    expect((await c.listIntegrations({ type: 'git' })).items.map((i) => i.id)).toEqual([20, 21]);
    expect((await c.listIntegrations({ provider: ['tracker_b'] })).items.map((i) => i.id)).toEqual([11]);
    const all = await c.listIntegrations({ include_invalid: true });
    expect(all.items.find((i) => i.id === 99)?.deleted_at).toBe('2026-01-01T00:00:00Z');
  });

  test('2 entity pages: limit 1 and 1000 go through, 0 and 1001 are refused before sending', async () => {
    const c = await client();
    const one = await c.listEntities('boards', { integration_ids: [10], limit: 1 });
    expect([one.total, one.integrations[0]!.entities.length]).toEqual([7, 1]); // 108 is unreachable, so not listed
    expect((await c.listEntities('boards', { integration_ids: [10], limit: 1000 })).integrations[0]!.entities).toHaveLength(7);
    await refusedLocally(c, () => c.listEntities('boards', { limit: 0 }), /limit must be an integer from 1 to 1000/);
    await refusedLocally(c, () => c.listEntities('boards', { limit: 1001 }), /limit must be an integer from 1 to 1000/);
  });

  test('2 integration_ids: 50 go through, 51 are refused before sending; a foreign id is 404 {detail}', async () => {
    const c = await client();
    const fifty = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 10 : 11));
    expect((await c.listEntities('projects', { integration_ids: fifty, with_used_by: false })).total).toBe(7);
    await refusedLocally(c, () => c.listEntities('projects', { integration_ids: [...fifty, 10] }), /at most 50 ids/);
    const error = await failure(c.listEntities('boards', { integration_ids: [12345] }));
    expect([error.status, error.body]).toEqual([404, { shape: 'detail', detail: 'integration 12345 not found' }]);
  });

  test('3 every selection rejection code; valid entries apply beside them', async () => {
    const c = await client();
    const r = await c.selectEntities(10, 'boards', [
      { entity_provider_id: '105', is_selected_for_collection: true },
      { entity_provider_id: '101', is_selected_for_collection: false },
      { entity_provider_id: '107', is_selected_for_collection: false },
      { entity_provider_id: '108', is_selected_for_collection: true },
      { entity_provider_id: 'nope', is_selected_for_collection: true },
      { entity_provider_id: '106', is_selected_for_collection: true },
      { entity_provider_id: '106', is_selected_for_collection: false },
    ]);
    expect(r.applied).toEqual([{ entity_provider_id: '105', is_selected_for_collection: true }]);
    expect(codes(r)).toEqual(['entity_in_use', 'used_by_unavailable', 'entity_not_reachable', 'entity_not_found', 'duplicate_entity', 'duplicate_entity']);
  });

  test('3 nothing applied is a 400 with the applied/rejected body; 1000 entries go through, 1001 do not', async () => {
    const c = await client();
    const entries = Array.from({ length: 1000 }, (_, i) => ({ entity_provider_id: `x-${i}`, is_selected_for_collection: true }));
    const error = await failure(c.selectEntities(10, 'boards', entries));
    expect(error.status).toBe(400);
    expect(error.body.shape).toBe('items');
    expect(new Set(codes(error.body))).toEqual(new Set(['entity_not_found']));
    expect(codes(error.body)).toHaveLength(1000);
    await refusedLocally(c, () => c.selectEntities(10, 'boards', [...entries, entries[0]!]), /entities takes 1 to 1000 entries, got 1001/);
    await refusedLocally(c, () => c.selectEntities(10, 'boards', []), /entities takes 1 to 1000 entries, got 0/);
  });

  test('3 the board/project limit is a 403 {detail} with nothing written; a read-only integration a 400', async () => {
    const c = await client();
    const both = ['105', '106'].map((id) => ({ entity_provider_id: id, is_selected_for_collection: true }));
    const limit = await failure(c.selectEntities(10, 'boards', both));
    expect(limit.status).toBe(403);
    expect(limit.body).toMatchObject({ shape: 'detail', detail: expect.stringMatching(/limit of 10/) });
    expect((await c.listEntities('boards', { integration_ids: [10], is_selected_for_collection: true, with_used_by: false })).total).toBe(5); // as before: 101-104, 107
    const readOnly = await failure(c.selectEntities(12, 'boards', [{ entity_provider_id: '901', is_selected_for_collection: true }]));
    expect([readOnly.status, readOnly.body.shape]).toEqual([400, 'detail']);
  });
});

describe('4-7: team PM scopes', () => {
  test('4 reads a team scope per integration; an unknown team is 404', async () => {
    const c = await client();
    const s = await c.getTeamPmScope(42, [10]);
    expect(s.items.map((i) => [i.integration_id, i.methodology])).toEqual([[10, 'Scrum']]);
    expect(s.items[0]!.scope.boards).toEqual([{ entity_provider_id: '101', name: 'Payments board' }]);
    expect((await failure(c.getTeamPmScope(9999))).status).toBe(404);
  });

  test('5 every scope write rejection code with its status, one applied item beside them', async () => {
    const c = await client();
    const body: ScopeWriteBody = {
      teams: [
        { team_id: 999, items: [{ integration_id: 10, scope: { labels: [] } }] },
        {
          team_id: 42,
          items: [
            { integration_id: 12345, scope: { labels: [] } },
            { integration_id: 20, scope: { labels: [] } },
            { integration_id: 12, scope: { boards: [ref('901')] } },
          ],
        },
        { team_id: 43, items: [{ integration_id: 10, scope: { sprints: [] } as never }, { integration_id: 11, scope: { project_team_areas: [{ project: ref('proj-2'), team: ref('team-1'), areas: [ref('area-1')] }] } }] },
        { team_id: 44, items: [{ integration_id: 10, scope: { boards: [ref('999')] } }] },
        { team_id: 47, items: [{ integration_id: 10, scope: { boards: [ref('105'), ref('106')] } }] },
        { team_id: 48, items: [{ integration_id: 10, scope: { labels: [] } }] },
        { team_id: 45, items: [{ integration_id: 10, scope: { labels: [{ name: 'mobile' }] } }] },
      ],
    };
    const r = await c.patchTeamPmScopes(body);
    expect(r.applied).toEqual([{ team_id: 45, integration_id: 10 }]);
    expect(r.rejected.map((x) => `${x.code} ${x.status}`)).toEqual([
      'team_not_found 404',
      'integration_not_found 404',
      'provider_not_supported 400',
      'integration_read_only 400',
      'scope_key_not_writable 400',
      'invalid_scope 400',
      'entity_not_found 400',
      'license_limit 403',
      'write_failed 500',
    ]);
  });

  test('5 nothing applied takes the status the rejections share (500 here), else 400', async () => {
    const c = await client();
    const failed = await failure(c.patchTeamPmScopes({ teams: [{ team_id: 48, items: [{ integration_id: 10, scope: { labels: [] } }] }] }));
    expect([failed.status, codes(failed.body)]).toEqual([500, ['write_failed']]);
    const mixed = await failure(
      c.postTeamPmScopes({ teams: [{ team_id: 999, items: [{ integration_id: 10, scope: { labels: [] } }] }, { team_id: 42, items: [{ integration_id: 20, scope: { labels: [] } }] }] }),
    );
    expect([mixed.status, codes(mixed.body)]).toEqual([400, ['team_not_found', 'provider_not_supported']]);
  });

  test('5 POST replaces, PATCH mode=add adds', async () => {
    const c = await client();
    await c.postTeamPmScopes({ teams: [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: [{ name: 'infra' }] }, methodology: 'Scrum' }] }] });
    await c.patchTeamPmScopes({ teams: [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: [{ name: 'mobile' }] } }] }] }, 'add');
    const s = (await c.getTeamPmScope(42, [10])).items[0]!;
    expect(s.scope).toEqual({ labels: [{ name: 'infra' }, { name: 'mobile' }] });
  });

  test('5 limits: 25 items and 1000 entities go through to the service, 26 and 1001 are refused before sending', async () => {
    const c = await client();
    const items = (n: number): ScopeWriteBody => ({ teams: Array.from({ length: n }, (_, i) => ({ team_id: 5000 + i, items: [{ integration_id: 10, scope: { labels: [] } }] })) });
    const twentyFive = await failure(c.patchTeamPmScopes(items(25)));
    expect([twentyFive.status, codes(twentyFive.body).length]).toEqual([404, 25]);
    await refusedLocally(c, () => c.patchTeamPmScopes(items(26)), /at most 25 team-and-integration items, got 26/);
    const labels = (n: number): ScopeWriteBody => ({ teams: [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: Array.from({ length: n }, (_, i) => ({ name: `l${i}` })) } }] }] });
    const thousand = await failure(c.patchTeamPmScopes(labels(1000)));
    expect([thousand.status, codes(thousand.body)]).toEqual([400, ['entity_not_found']]);
    await refusedLocally(c, () => c.patchTeamPmScopes(labels(1001)), /at most 1000 entities, got 1001/);
  });

  test('6 clears one key; 7 deletes a scope (tracker_a becomes Kanban), and a scope that is not there is a 200', async () => {
    const c = await client();
    expect(await c.clearTeamPmScopeKey(42, 'labels', 10)).toEqual({ applied: [{ team_id: 42, integration_id: 10 }], rejected: [] });
    expect((await c.getTeamPmScope(42, [10])).items[0]!.scope.labels).toBeUndefined();
    await c.deleteTeamPmScope(42, 10);
    expect((await c.getTeamPmScope(42, [10])).items[0]).toMatchObject({ scope: {}, methodology: 'Kanban' });
    expect(await c.deleteTeamPmScope(47, 11)).toEqual({ applied: [{ team_id: 47, integration_id: 11 }], rejected: [] });
    expect(codes((await failure(c.deleteTeamPmScope(42, 12))).body)).toEqual(['integration_read_only']);
  });
});

describe('8-9: repositories and monitoring', () => {
  test('8 page_size 1 and 100 go through, 0 and 101 are refused before sending; name 256 characters goes through', async () => {
    const c = await client();
    const first = await c.listRepositories({ page_size: 1 });
    expect([first.total, first.items.length]).toEqual([30, 1]);
    expect((await c.listRepositories({ page_size: 100 })).items).toHaveLength(30);
    expect((await c.listRepositories({ name: 'a'.repeat(256) })).items).toEqual([]);
    expect((await c.listRepositories({ name: 'acme/api' })).items.map((r) => r.id)).toEqual([1201]);
    await refusedLocally(c, () => c.listRepositories({ page_size: 0 }), /page_size must be an integer from 1 to 100/);
    await refusedLocally(c, () => c.listRepositories({ page_size: 101 }), /page_size must be an integer from 1 to 100/);
    await refusedLocally(c, () => c.listRepositories({ name: 'a'.repeat(257) }), /name must be 1 to 256 characters long/);
  });

  test('9 every monitoring rejection code; the valid entry applies', async () => {
    const c = await client();
    const r = await c.setMonitoring([
      { id: 1208, state: 'monitored' },
      { id: 1211, state: 'monitored' },
      { id: 1211, state: 'not_monitored' },
      { id: 999999, state: 'monitored' },
      { id: 2103, state: 'monitored' },
      { id: 1219, state: 'not_monitored' },
      { id: 1215, state: 'not_monitored' },
      { id: 1213, state: 'monitored' },
      { id: 1214, state: 'monitored' },
    ]);
    expect(r.applied).toEqual([{ id: 1208, state: 'monitored' }]);
    expect(new Set(codes(r))).toEqual(
      new Set(['duplicate_repository', 'repository_not_found', 'integration_not_available', 'backfill_in_progress', 'never_monitored', 'state_changed', 'write_failed']),
    );
  });

  test('9 the quota is a 403 with nothing written; 100 entries go through, 101 are refused before sending', async () => {
    const c = await client();
    const over = await failure(c.setMonitoring([{ id: 1208, state: 'monitored' }, { id: 1211, state: 'monitored' }]));
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ shape: 'detail', detail: expect.stringMatching(/quota of 18/) });
    expect((await c.listRepositories({ name: 'acme/notifications' })).items[0]!.state).toBe('not_monitored');
    const entries = Array.from({ length: 100 }, (_, i) => ({ id: 900000 + i, state: 'monitored' as const }));
    const hundred = await failure(c.setMonitoring(entries));
    expect([hundred.status, codes(hundred.body).length]).toEqual([400, 100]);
    await refusedLocally(c, () => c.setMonitoring([...entries, { id: 1, state: 'monitored' }]), /repositories takes 1 to 100 entries, got 101/);
  });
});

describe('10-12: repository and organization settings', () => {
  test('10 GET, PUT, PATCH and DELETE of a repository configuration; 11 removes one override', async () => {
    const c = await client();
    expect((await c.getRepositoryConfig(1201)).settings.default_branch).toMatchObject({ source: 'repository', value: { branch_name: 'main' } });
    const put = await c.putRepositoryConfig(1201, { exclude_branches: { patterns: ['^tmp/'] } });
    expect([put.settings.default_branch?.source, put.settings.exclude_branches?.source]).toEqual(['global', 'repository']);
    const patched = await c.patchRepositoryConfig(1201, { default_branch: { branch_name: 'trunk' } });
    expect([patched.settings.default_branch?.source, patched.settings.exclude_branches?.source]).toEqual(['repository', 'repository']);
    const removed = await c.deleteRepositoryOverride(1201, 'exclude_branches');
    expect(removed.settings.exclude_branches?.source).toBe('global');
    const cleared = await c.deleteRepositoryConfig(1201);
    expect(Object.values(cleared.settings).every((s) => s.source === 'global')).toBe(true);
  });

  test('10 an unknown repository is 404 {detail}; an invalid value a 400 {detail: [...]}', async () => {
    const c = await client();
    const missing = await failure(c.getRepositoryConfig(999999));
    expect([missing.status, missing.body.shape]).toEqual([404, 'detail']);
    const invalid = await failure(c.patchRepositoryConfig(1201, { exclude_branches: { patterns: ['(?<=a+)b'] } }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ shape: 'validation', detail: [{ loc: ['body', 'exclude_branches', 'patterns', 0] }] });
  });

  test('12 GET and PATCH of the organization configuration', async () => {
    const c = await client();
    const patched = await c.patchOrgConfig({ active_branches_duration: { days: 3 } });
    expect(patched.settings.active_branches_duration).toEqual({ days: 3 });
    expect((await c.getOrgConfig()).settings.active_branches_duration).toEqual({ days: 3 });
    const invalid = await failure(c.patchOrgConfig({ active_branches_duration: { days: 5 as 3 } }));
    expect([invalid.status, invalid.body.shape]).toEqual([400, 'validation']);
  });
});

describe('13: team Git scope', () => {
  test('GET, PUT, PATCH merge and add, DELETE of one key and of the whole scope', async () => {
    const c = await client();
    expect((await c.getTeamGitScope(42)).repositories.map((r) => r.id)).toEqual([1201, 1234]);
    expect((await c.putTeamGitScope(42, { repository_ids: [1202] })).repositories.map((r) => r.id)).toEqual([1202]);
    expect((await c.patchTeamGitScope(42, { repository_ids: [1201] }, 'add')).repositories.map((r) => r.id)).toEqual([1201, 1202]);
    expect((await c.patchTeamGitScope(42, { service_ids: [7, 8] })).services.map((s) => s.id)).toEqual([7, 8]);
    expect((await c.clearTeamGitScopeKey(42, 'services')).services).toEqual([]);
    const cleared = await c.deleteTeamGitScope(42);
    expect([cleared.repositories, cleared.services]).toEqual([[], []]);
  });

  test('a refused id is a 400 that changes nothing; an unknown team is 404; 10000 ids go through, 10001 do not', async () => {
    const c = await client();
    const refused = await failure(c.patchTeamGitScope(42, { repository_ids: [1208] }));
    expect([refused.status, refused.body.shape]).toEqual([400, 'detail']);
    expect((await c.getTeamGitScope(42)).repositories.map((r) => r.id)).toEqual([1201, 1234]);
    expect((await failure(c.getTeamGitScope(9999))).status).toBe(404);
    const ids = Array.from({ length: 10000 }, (_, i) => 800000 + i);
    expect((await failure(c.putTeamGitScope(42, { service_ids: ids }))).status).toBe(400);
    await refusedLocally(c, () => c.putTeamGitScope(42, { service_ids: [...ids, 1] }), /service_ids takes at most 10000 ids, got 10001/);
  });
});

describe('authentication', () => {
  test('a wrong key is 403 on PM routes and 401 on Git routes, and the error says where the key comes from', async () => {
    const c = await clientFor(emu, 'wrong-key');
    const pm = await failure(c.listIntegrations());
    const git = await failure(c.getOrgConfig());
    expect([pm.status, git.status]).toEqual([403, 401]);
    for (const e of [pm, git]) expect(e.details).toContain('the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file');
  });
});
