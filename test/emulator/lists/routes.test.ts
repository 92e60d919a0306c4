// The lists of DESIGN.md section 13 over real HTTP: the team list's paging, search and
// nonmerged_members_only, the service's own `All Teams` and `All Contributors`; users, services,
// health and the plain repository list; each with and without a trailing slash; a bad or missing
// key 403 (none for health), an invalid query 422 in the Pydantic shape, unknown parameters ignored.

import { describe, expect, test } from 'vitest';
import type { ListedTeam } from '../../../src/contract/list-types.js';
import type { Fixture } from '../../../src/emulator/index.js';
import { acmeFixture, call, hasIssueAt, sharedEmulator } from '../helpers.js';

/** Acme with hand-written contributors: one in two teams, one merged into another, one with its own email. */
function fixture(): Fixture {
  const f = acmeFixture();
  f.activity = {
    contributors: [
      { id: 501, name: 'Ana', team_ids: [42] },
      { id: 502, name: 'Ben', team_ids: [42, 43] },
      { id: 503, name: 'Ana', team_ids: [44], email: 'ana.two@acme.example', provider_id: 'gh-503' },
      { id: 504, name: 'Ben Old', team_ids: [43], merged_into: 502 },
      { id: 505, name: 'Solo', team_ids: [] },
    ],
  };
  return f;
}

const emu = sharedEmulator({ fixture: fixture() });

/** Every team of the list, paged with `page_size` to `total`. */
async function allTeams(query = '', pageSize = 3): Promise<ListedTeam[]> {
  const teams: ListedTeam[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const r = await call(emu, 'GET', `/api/v2/teams?offset=${offset}&page_size=${pageSize}${query}`);
    expect(r.status).toBe(200);
    teams.push(...(r.body.items as ListedTeam[]));
    if (offset + pageSize >= r.body.total) {
      expect(teams).toHaveLength(r.body.total);
      return teams;
    }
  }
}

describe('GET /api/v2/teams', () => {
  test('pages through every team in id order, with All Teams and All Contributors above the fixture ids', async () => {
    const teams = await allTeams();
    expect(teams.map((t) => [t.id, t.name, t.parent_id])).toEqual([
      [42, 'Payments', 50],
      [43, 'Checkout', 42],
      [44, 'Platform', 50],
      [45, 'Mobile', 50],
      [46, 'Data', 50],
      [47, 'Growth', 50],
      [48, 'Security', 50],
      [49, 'Developer Experience', 44],
      [50, 'All Teams', null],
      [51, 'All Contributors', null],
    ]);
  });

  test('contributors with id, name, email and provider_id; the service teams hold everyone', async () => {
    const byId = new Map((await allTeams('', 50)).map((t) => [t.id, t]));
    expect(byId.get(42)!.contributors).toEqual([
      { id: 501, name: 'Ana', email: 'ana@acme.example', provider_id: 'user-501' },
      { id: 502, name: 'Ben', email: 'ben@acme.example', provider_id: 'user-502' },
    ]);
    // The fixture's email and provider id are kept; a second Ana would have got ana-503@.
    expect(byId.get(44)!.contributors).toEqual([{ id: 503, name: 'Ana', email: 'ana.two@acme.example', provider_id: 'gh-503' }]);
    expect(byId.get(43)!.contributors.map((c) => c.id)).toEqual([502, 504]);
    expect(byId.get(50)!.contributors.map((c) => c.id)).toEqual([501, 502, 503, 504]);
    expect(byId.get(51)!.contributors.map((c) => c.id)).toEqual([501, 502, 503, 504, 505]);
    expect(byId.get(47)!.contributors).toEqual([]);
  });

  test('nonmerged_members_only leaves out a merged identity', async () => {
    const r = await call(emu, 'GET', '/api/v2/teams?search_term=checkout&nonmerged_members_only=true');
    expect(r.body.items[0].contributors.map((c: { id: number }) => c.id)).toEqual([502]);
    const all = await call(emu, 'GET', '/api/v2/teams?search_term=checkout&nonmerged_members_only=false');
    expect(all.body.items[0].contributors.map((c: { id: number }) => c.id)).toEqual([502, 504]);
  });

  test('search_term is a case-insensitive substring of the name; total counts the matches', async () => {
    const r = await call(emu, 'GET', '/api/v2/teams?search_term=ALL%20');
    expect(r.body.total).toBe(2);
    expect(r.body.items.map((t: ListedTeam) => t.name)).toEqual(['All Teams', 'All Contributors']);
    expect((await call(emu, 'GET', '/api/v2/teams?search_term=pAy')).body.items.map((t: ListedTeam) => t.name)).toEqual(['Payments']);
    expect((await call(emu, 'GET', '/api/v2/teams?search_term=e')).body.total).toBe(6);
    expect((await call(emu, 'GET', '/api/v2/teams?search_term=nothing-like-it')).body).toEqual({ total: 0, items: [] });
  });

  test('page_size=1 is the key probe; an offset past the end is an empty page with the total', async () => {
    const probe = await call(emu, 'GET', '/api/v2/teams?page_size=1');
    expect(probe.body.total).toBe(10);
    expect(probe.body.items).toHaveLength(1);
    expect((await call(emu, 'GET', '/api/v2/teams?offset=10')).body).toEqual({ total: 10, items: [] });
    expect((await call(emu, 'GET', '/api/v2/teams')).body.items).toHaveLength(10);
  });

  test.each([
    ['offset=-1', ['query', 'offset'], 'greater_than_equal'],
    ['page_size=0', ['query', 'page_size'], 'greater_than_equal'],
    ['page_size=51', ['query', 'page_size'], 'less_than_equal'],
    ['page_size=ten', ['query', 'page_size'], 'int_parsing'],
    ['search_term=', ['query', 'search_term'], 'string_too_short'],
    [`search_term=${'x'.repeat(101)}`, ['query', 'search_term'], 'string_too_long'],
    ['nonmerged_members_only=maybe', ['query', 'nonmerged_members_only'], 'bool_parsing'],
  ])('%s -> 422 at its loc', async (query, loc, type) => {
    const r = await call(emu, 'GET', `/api/v2/teams?${query}`);
    expect(r.status).toBe(422);
    expect(hasIssueAt(r.body, loc)).toBe(true);
    expect(r.body.detail[0].type).toBe(type);
  });

  test('every problem of a query at once; unknown parameters are ignored', async () => {
    const r = await call(emu, 'GET', '/api/v2/teams?offset=-1&page_size=99&limit=5');
    expect(r.body.detail.map((d: { loc: string[] }) => d.loc[1])).toEqual(['offset', 'page_size']);
    const ok = await call(emu, 'GET', '/api/v2/teams?page=3&limit=1&include_archived=true');
    expect(ok.status).toBe(200);
    expect(ok.body.total).toBe(10);
  });
});

describe('users, services, health and repositories', () => {
  test('GET /api/v1/users pages every contributor with team_ids', async () => {
    const first = await call(emu, 'GET', '/api/v1/users?page_size=2');
    expect(first.body.total).toBe(5);
    expect(first.body.items).toEqual([
      { id: 501, name: 'Ana', email: 'ana@acme.example', provider_id: 'user-501', team_ids: [42] },
      { id: 502, name: 'Ben', email: 'ben@acme.example', provider_id: 'user-502', team_ids: [42, 43] },
    ]);
    const last = await call(emu, 'GET', '/api/v1/users?offset=4&page_size=2&whatever=1');
    expect(last.body.items.map((u: { id: number }) => u.id)).toEqual([505]);
    expect((await call(emu, 'GET', '/api/v1/users?page_size=60')).status).toBe(422);
  });

  test('GET /api/v1/services answers {total, items} by id, paged like the others', async () => {
    const r = await call(emu, 'GET', '/api/v1/services');
    expect(r.body.total).toBe(5);
    expect(r.body.items[0]).toEqual({ id: 7, name: 'billing' });
    const page = await call(emu, 'GET', '/api/v1/services?offset=1&page_size=2');
    expect(page.body.total).toBe(5);
    expect(page.body.items).toEqual(r.body.items.slice(1, 3));
  });

  test('GET /api/v1/repositories is a plain array of {id, name, http_url, provider, state}', async () => {
    const r = await call(emu, 'GET', '/api/v1/repositories');
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body).toHaveLength(30);
    expect(r.body[0]).toEqual({ id: 1201, name: 'acme/api', http_url: 'https://code.host-a.example/acme/api', provider: 'host_a', state: 'monitored' });
    expect(r.body.find((x: { id: number }) => x.id === 2101).provider).toBe('host_b');
  });

  test.each(['/api/v2/teams', '/api/v1/users', '/api/v1/services', '/api/v1/repositories', '/api/v1/health'])('%s answers the same with a trailing slash', async (path) => {
    const plain = await call(emu, 'GET', path);
    const slashed = await call(emu, 'GET', `${path}/`);
    expect(plain.status).toBe(200);
    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
  });

  test.each(['/api/v2/teams', '/api/v1/users/', '/api/v1/services', '/api/v1/repositories'])('%s: a missing or bad key is 403', async (path) => {
    for (const key of [null, 'wrong-key']) {
      const r = await call(emu, 'GET', path, { key });
      expect(r.status).toBe(403);
      expect(typeof r.body.detail).toBe('string');
    }
  });

  test('GET /api/v1/health needs no key', async () => {
    expect(await call(emu, 'GET', '/api/v1/health', { key: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await call(emu, 'GET', '/api/v1/health/', { key: 'wrong-key' })).body).toEqual({ status: 'ok' });
  });

  test('a write method is 405 with Allow: GET', async () => {
    const r = await call(emu, 'POST', '/api/v2/teams', { body: {} });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
  });
});
