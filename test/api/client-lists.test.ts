// The client's reads of the service's own lists (DESIGN.md section 13): against the emulator, every
// team and contributor paged to `total` (50 a page), a search by name, services, health and the
// plain repository list, each answer's shape checked; against a scripted service, every bad
// answer the issue names is a shape error naming the route, after a bounded number of calls,
// never an endless read or a short list.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { LIST_ITEMS_MAX } from '../../src/api/paginate.js';
import { listTeams } from '../../src/api/requests-lists.js';
import { InvalidRequestError } from '../../src/api/errors.js';
import { generateFixture, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { json, startScriptedServer, type ScriptedServer, type SeenRequest } from './helpers/scripted-server.js';

describe('against the emulator', () => {
  let emulator: RunningEmulator;
  let client: EmClient;
  // 120 teams and 720 contributors: three and fifteen pages of 50.
  const fixture = { ...generateFixture({ repos: 40, teams: 120, boards: 10, seed: 5 }), api_keys: ['k'] };

  beforeAll(async () => {
    emulator = await startEmulator({ fixture, port: 0 });
    client = new EmClient({ baseUrl: emulator.url, apiKey: 'k', rateLimit: 0, maxTries: 1 });
  });
  afterAll(() => emulator.close());

  it('reads every team in pages of 50 to total, with the service teams', async () => {
    const before = client.stats().byRoute['GET /api/v2/teams'] ?? 0;
    const teams = await client.lists.allTeams();
    expect(teams).toHaveLength(122);
    expect(client.stats().byRoute['GET /api/v2/teams']! - before).toBe(3);
    expect(new Set(teams.map((t) => t.id)).size).toBe(122);
    expect(teams.filter((t) => t.parent_id === null).map((t) => t.name)).toEqual(['All Teams', 'All Contributors']);
    expect(teams.find((t) => t.id === fixture.teams![4]!.id)!.parent_id).toBe(fixture.teams![1]!.id);
  });

  it('a search by name pages only the matches', async () => {
    const found = await client.lists.allTeams({ search_term: 'team 110' });
    expect(found.map((t) => t.name)).toEqual(['Team 1100', 'Team 1101', 'Team 1102', 'Team 1103', 'Team 1104', 'Team 1105', 'Team 1106', 'Team 1107', 'Team 1108', 'Team 1109']);
  });

  it('reads every contributor with their teams', async () => {
    const users = await client.lists.allUsers();
    expect(users).toHaveLength(720);
    expect(users[0]).toMatchObject({ id: 501, team_ids: [fixture.teams![0]!.id] });
  });

  it('services, health and the plain repository list', async () => {
    expect(await client.lists.allServices()).toHaveLength(fixture.services!.length);
    expect(await client.lists.health()).toEqual({ status: 'ok' });
    const repositories = await client.lists.knownRepositories();
    expect(repositories).toHaveLength(40);
    expect(Object.keys(repositories[0]!).sort()).toEqual(['http_url', 'id', 'name', 'provider', 'state']);
  });

  it('refuses parameters past the limits before sending', () => {
    expect(() => listTeams({ page_size: 51 })).toThrow(InvalidRequestError);
    expect(() => listTeams({ search_term: '' })).toThrow('search_term must be 1 to 100 characters long, got 0');
    expect(listTeams({ search_term: 'a&b', offset: 0 }).path).toBe('/api/v2/teams?offset=0&search_term=a%26b');
  });
});

describe('bad answers', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const offsetOf = (req: SeenRequest) => Number(new URL(req.url, 'http://x').searchParams.get('offset'));
  const teams = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `T${from + i}`, parent_id: null, contributors: [] }));

  async function read(script: (req: SeenRequest) => unknown): Promise<{ error: ApiError; calls: number }> {
    server = await startScriptedServer((req, res) => json(res, 200, script(req)));
    const c = new EmClient({ baseUrl: server.url, apiKey: 'k', rateLimit: 0, maxTries: 1 });
    const error = await c.lists.allTeams().then(
      () => {
        throw new Error('the read succeeded');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).route).toBe('GET /api/v2/teams');
    expect((error as ApiError).message).toMatch(/^GET \/api\/v2\/teams failed: the 200 answer does not have the documented shape: /);
    return { error: error as ApiError, calls: server.seen.length };
  }

  it('a total the pages disagree with: read three times, then refused', async () => {
    // total 120, but the last page holds 10 teams, not 20.
    const { error, calls } = await read((req) => ({ total: 120, items: teams(offsetOf(req) + 1, offsetOf(req) === 100 ? 10 : 50) }));
    expect(error.message).toContain('its pages disagree with its total after 3 reads (the page at offset 100 held 10 items, expected 20)');
    expect(calls).toBe(9);
  });

  it('a total that changes between pages: read three times, then refused', async () => {
    let n = 0;
    const { error, calls } = await read((req) => ({ total: 100 + n++, items: teams(offsetOf(req) + 1, 50) }));
    expect(error.message).toContain('total went from');
    // Totals 100 (2 pages), then 102 and 105 (3 pages each).
    expect(calls).toBe(8);
  });

  it('an id on two pages: read three times, then refused', async () => {
    const { error, calls } = await read((req) => ({ total: 100, items: teams(offsetOf(req) === 50 ? 50 : offsetOf(req) + 1, 50) }));
    expect(error.message).toContain('item 50 appeared twice');
    expect(calls).toBe(6);
  });

  it('the same page twice (a service that ignores the offset): refused at once', async () => {
    const { error, calls } = await read(() => ({ total: 150, items: teams(1, 50) }));
    expect(error.message).toContain('the pages at offset 0 and 50 hold the same 50 items: the service does not page by offset');
    expect(calls).toBe(3);
  });

  it('an item without a name, or with an empty one: refused naming the field', async () => {
    const missing = await read(() => ({ total: 2, items: [{ id: 1, name: 'A' }, { id: 2 }] }));
    expect(missing.error.message).toContain('field items[1].name is missing');
    await server?.close();
    const empty = await read(() => ({ total: 1, items: [{ id: 1, name: '' }] }));
    expect(empty.error.message).toContain('field items[0].name is empty');
  });

  it('a total past any organization: refused before reading its pages', async () => {
    const { error, calls } = await read(() => ({ total: 1_000_000_000, items: teams(1, 50) }));
    expect(error.message).toContain(`total 1000000000 is more items than emctl reads (${LIST_ITEMS_MAX})`);
    expect(calls).toBe(1);
  });
});
