// The calls api-notes.md ("Routes the spec does not show") says public clients of the service make,
// replayed against the emulator as those clients make them (plain fetch, no redirect followed), and
// every field they read checked: the warehouse connector's key probe (page_size=1, a bad key 403)
// and its paging to `total`; the vendor's scripts' lookup of a team id by name and their skipping of
// All Teams and All Contributors; contributors paged like teams; `/api/v1/services/` with the slash
// and its items; the health check; the agent plugin's plain repository array.

import { describe, expect, it } from 'vitest';
import { generateFixture } from '../../../src/emulator/index.js';
import { KEY, sharedEmulator } from '../helpers.js';

// 130 teams (three pages of 50 with the service's two), contributors, services, repositories.
const fixture = { ...generateFixture({ repos: 60, teams: 130, boards: 10, seed: 4 }), api_keys: [KEY] };
const emu = sharedEmulator({ fixture });

/** A GET as the clients send it: the key header, JSON back, no redirect followed. */
async function get(path: string, key: string | null = KEY): Promise<{ status: number; body: unknown }> {
  const res = await fetch(emu.url + path, { headers: key === null ? {} : { 'x-api-key': key, accept: 'application/json' }, redirect: 'manual' });
  return { status: res.status, body: await res.json() };
}

type Page = { total: number; items: Record<string, unknown>[] };

/** The connector's loop: offset and page_size 50 until `total` items are read. */
async function pageThrough(path: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 50) {
    const r = await get(`${path}?offset=${offset}&page_size=50`);
    expect(r.status).toBe(200);
    const page = r.body as Page;
    items.push(...page.items);
    if (items.length >= page.total || page.items.length === 0) {
      expect(items).toHaveLength(page.total);
      return items;
    }
  }
}

const isInt = (v: unknown) => Number.isInteger(v);
const isText = (v: unknown) => typeof v === 'string' && v !== '';

describe('the warehouse connector', () => {
  it('probes the key with page_size=1: 200 with a good key, 403 with a bad one or none', async () => {
    const ok = await get('/api/v2/teams?page_size=1');
    expect(ok.status).toBe(200);
    expect((ok.body as Page).items).toHaveLength(1);
    expect((ok.body as Page).total).toBe(132);
    expect((await get('/api/v2/teams?page_size=1', 'not-the-key')).status).toBe(403);
    expect((await get('/api/v2/teams?page_size=1', null)).status).toBe(403);
  });

  it('pages teams to total and reads id, name and each contributor id, name, email and provider_id', async () => {
    const teams = await pageThrough('/api/v2/teams');
    expect(new Set(teams.map((t) => t.id)).size).toBe(132);
    for (const team of teams) {
      expect(isInt(team.id) && isText(team.name)).toBe(true);
      for (const c of team.contributors as Record<string, unknown>[]) {
        expect(isInt(c.id) && isText(c.name) && isText(c.email) && isText(c.provider_id)).toBe(true);
        expect(c.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      }
    }
    expect(teams.filter((t) => (t.contributors as unknown[]).length > 0).length).toBeGreaterThanOrEqual(130);
  });

  it('pages contributors the same way', async () => {
    const users = await pageThrough('/api/v1/users');
    expect(users.length).toBe(6 * 130);
    for (const u of users) expect(isInt(u.id) && isText(u.name) && isText(u.email) && isText(u.provider_id) && Array.isArray(u.team_ids)).toBe(true);
  });

  it('calls services with the trailing slash and health, following no redirect', async () => {
    const services = await get('/api/v1/services/');
    expect(services.status).toBe(200);
    const items = (services.body as Page).items;
    expect(items).toHaveLength(fixture.services!.length);
    for (const s of items) expect(isInt(s.id) && isText(s.name)).toBe(true);
    expect(await get('/api/v1/health/', null)).toEqual({ status: 200, body: { status: 'ok' } });
  });
});

describe("the vendor's customer-solutions scripts", () => {
  it('find a team id by its name with search_term, and leave out All Teams and All Contributors', async () => {
    const wanted = fixture.teams![17]!;
    const found = await get(`/api/v2/teams?search_term=${encodeURIComponent(wanted.name)}&page_size=50`);
    const match = (found.body as Page).items.find((t) => t.name === wanted.name);
    expect(match?.id).toBe(wanted.id);

    const teams = await pageThrough('/api/v2/teams');
    const service = teams.filter((t) => t.name === 'All Teams' || t.name === 'All Contributors');
    expect(service.map((t) => t.name)).toEqual(['All Teams', 'All Contributors']);
    const perTeam = teams.filter((t) => !service.includes(t));
    expect(perTeam.map((t) => t.id)).toEqual(fixture.teams!.map((t) => t.id));
  });
});

describe("the vendor's agent plugin", () => {
  it('reads a plain array of repositories with id, name and http_url', async () => {
    const r = await get('/api/v1/repositories');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    const repos = r.body as Record<string, unknown>[];
    expect(repos).toHaveLength(60);
    for (const repo of repos) {
      expect(isInt(repo.id) && isText(repo.name)).toBe(true);
      expect(repo.http_url).toMatch(/^https:\/\/[^/]+\/.+/);
    }
  });
});
