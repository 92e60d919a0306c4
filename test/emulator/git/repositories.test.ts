// Endpoints 8-9 over real HTTP: repository list filters, paging and limits; monitoring with every
// rejection code, the repository quota and body validation.

import { describe, expect, test } from 'vitest';
import { acmeFixture, call, clientFor, hasIssueAt, sharedEmulator, startTestEmulator } from '../helpers.js';

const emu = sharedEmulator();

const list = (query: string) => call(emu, 'GET', `/api/v1/git/repositories${query}`);
const monitor = (repositories: unknown, on = emu) => call(on, 'PATCH', '/api/v1/git/repositories', { body: { repositories } });

describe('GET /api/v1/git/repositories', () => {
  test('defaults: page 1 of 50, id order, {total, items}', async () => {
    const r = await list('');
    expect(r.body.total).toBe(30);
    expect(r.body.items).toHaveLength(30);
    expect(r.body.items[0]).toMatchObject({ id: 1201, name: 'acme/api', provider: 'host_a', integration_id: 20, state: 'monitored', failing_reason: null });
    const ids = r.body.items.map((x: { id: number }) => x.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });

  test('paging: page_size 10, page 3 holds items 21-30, page 4 is empty', async () => {
    const p3 = await list('?page_size=10&page=3');
    expect(p3.body.items.map((x: { id: number }) => x.id)).toEqual([2101, 2102, 2103, 2104, 2105, 2106, 2107, 2108, 2109, 2110]);
    const p4 = await list('?page_size=10&page=4');
    expect(p4.body).toEqual({ total: 30, items: [] });
    const client = await clientFor(emu);
    expect(await client.listAllRepositories()).toHaveLength(30);
  });

  test.each([
    ['?name=acme/tools', [1218, 2108]],
    ['?name=acme/tools&integration_ids=21', [2108]],
    ['?provider_id=L_2101', [2101]],
    ['?state=discovered,failing', [1215, 1216, 1217, 2104, 2105, 2107]],
    ['?visibility=public', [1211, 1212, 2106, 2107]],
    ['?visibility=internal&state=monitored', [1206, 1207, 1218]],
    ['?integration_ids=20,21&state=failing', [1217, 2107]],
    ['?name=nope', []],
  ])('%s -> %j', async (query, expected) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(r.body.items.map((x: { id: number }) => x.id)).toEqual(expected);
    expect(r.body.total).toBe(expected.length);
  });

  test('a repository with visibility null matches no visibility filter', async () => {
    const r = await list('?visibility=public,private,internal&integration_ids=21');
    expect(r.body.items.map((x: { id: number }) => x.id)).not.toContain(2110);
    expect((await list('?name=labs/archive-2019')).body.items[0].visibility).toBeNull();
  });

  test.each([
    ['?page=0', 422],
    ['?page=1', 200],
    ['?page_size=0', 422],
    ['?page_size=1', 200],
    ['?page_size=100', 200],
    ['?page_size=101', 422],
    ['?name=', 422],
    [`?name=${'a'.repeat(256)}`, 200],
    [`?name=${'a'.repeat(257)}`, 422],
    [`?provider_id=${'p'.repeat(257)}`, 422],
    ['?state=archived', 422],
    ['?visibility=secret', 422],
    ['?integration_ids=x', 422],
    ['?integration_ids=99', 404],
    ['?integration_ids=10', 404],
    ['?sort=name', 422],
    ['?page=1&page=2', 422],
  ])('%s -> %i', async (query, status) => {
    const r = await list(query);
    expect(r.status).toBe(status);
    if (status === 422) expect(Array.isArray(r.body.detail)).toBe(true);
  });
});

describe('PATCH /api/v1/git/repositories', () => {
  test('start and stop monitoring; unchanged states are reported as applied', async () => {
    const client = await clientFor(emu);
    const r = await client.setMonitoring([
      { id: 1208, state: 'monitored' },
      { id: 1201, state: 'not_monitored' },
      { id: 1202, state: 'monitored' },
      { id: 1210, state: 'not_monitored' },
      { id: 1217, state: 'monitored' },
    ]);
    expect(r.rejected).toEqual([]);
    expect(r.applied).toHaveLength(5);
    const states = Object.fromEntries((await client.listAllRepositories()).map((x) => [x.id, x.state]));
    expect([states[1208], states[1201], states[1202], states[1210], states[1217]]).toEqual(['monitored', 'not_monitored', 'monitored', 'not_monitored', 'monitored']);
  });

  test('rejection codes per repository, valid ones still apply', async () => {
    const r = await monitor([
      { id: 1208, state: 'monitored' },
      { id: 1211, state: 'monitored' },
      { id: 1211, state: 'not_monitored' },
      { id: 999999, state: 'monitored' },
      { id: 1215, state: 'not_monitored' },
      { id: 1219, state: 'not_monitored' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.applied).toEqual([{ id: 1208, state: 'monitored' }]);
    expect(r.body.rejected.map((x: { id: number; code: string }) => `${x.id} ${x.code}`)).toEqual([
      '1211 duplicate_repository',
      '1211 duplicate_repository',
      '999999 repository_not_found',
      '1215 never_monitored',
      '1219 backfill_in_progress',
    ]);
  });

  test('a discovered repository can be monitored; every repository rejected -> 400 same body', async () => {
    expect((await monitor([{ id: 1215, state: 'monitored' }])).status).toBe(200);
    const none = await monitor([{ id: 999999, state: 'monitored' }]);
    expect(none).toMatchObject({ status: 400, body: { applied: [], rejected: [{ id: 999999, code: 'repository_not_found' }] } });
  });

  test.each([
    ['no entries', { repositories: [] }, ['body', 'repositories']],
    ['101 entries', { repositories: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, state: 'monitored' })) }, ['body', 'repositories']],
    ['id 0', { repositories: [{ id: 0, state: 'monitored' }] }, ['body', 'repositories', 0, 'id']],
    ['missing state', { repositories: [{ id: 1201 }] }, ['body', 'repositories', 0, 'state']],
    ['state paused', { repositories: [{ id: 1201, state: 'paused' }] }, ['body', 'repositories', 0, 'state']],
    ['unknown field', { repositories: [{ id: 1201, state: 'monitored', force: true }] }, ['body', 'repositories', 0, 'force']],
  ])('%s -> 400 validation', async (_name, body, loc) => {
    const r = await call(emu, 'PATCH', '/api/v1/git/repositories', { body });
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, loc)).toBe(true);
  });

  test('100 entries pass validation', async () => {
    const r = await monitor(Array.from({ length: 100 }, (_, i) => ({ id: 900000 + i, state: 'monitored' })));
    expect(r.status).toBe(400);
    expect(r.body.rejected).toHaveLength(100);
  });
});

describe('quota and fixture flags (own fixtures)', () => {
  test('403 when the repository quota would be exceeded; nothing written', async () => {
    const fixture = acmeFixture();
    fixture.limits = { repository_quota: 17 }; // Acme monitors 15 and has 2 failing
    const own = await startTestEmulator({ fixture });
    try {
      const over = await monitor([{ id: 1208, state: 'monitored' }, { id: 1210, state: 'monitored' }, { id: 1201, state: 'not_monitored' }], own);
      expect(over.status).toBe(403);
      expect(over.body.detail).toMatch(/quota of 17/);
      const still = await call(own, 'GET', '/api/v1/git/repositories?name=acme/api');
      expect(still.body.items[0].state).toBe('monitored');
      const swap = await monitor([{ id: 1208, state: 'monitored' }, { id: 1201, state: 'not_monitored' }], own);
      expect(swap.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  test('integration_not_available, state_changed and write_failed', async () => {
    const fixture = acmeFixture();
    fixture.integrations.find((i) => i.id === 21)!.state = 'failing';
    fixture.repositories!.find((r) => r.id === 1208)!.state_change_pending = true;
    fixture.repositories!.find((r) => r.id === 1210)!.write_fails = true;
    const own = await startTestEmulator({ fixture });
    try {
      const r = await monitor([{ id: 2103, state: 'monitored' }, { id: 1208, state: 'monitored' }, { id: 1210, state: 'monitored' }], own);
      expect(r.status).toBe(400);
      expect(r.body.rejected.map((x: { code: string }) => x.code)).toEqual(['integration_not_available', 'state_changed', 'write_failed']);
    } finally {
      await own.close();
    }
  });
});
