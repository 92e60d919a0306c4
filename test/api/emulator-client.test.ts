// The client against the real emulator: pagination to the end over a large organization, and
// correct reads and batch writes while the emulator injects faults at a 30% rate.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import type { EntityListResponse, SelectEntry } from '../../src/contract/types.js';
import type { Repository } from '../../src/contract/git-types.js';
import { generateFixture, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { ORG_KEY, orgFixture } from './helpers/org-fixture.js';

const running: RunningEmulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

async function emulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const e = await startEmulator({ port: 0, host: '127.0.0.1', ...options });
  running.push(e);
  return e;
}

function clientOf(e: RunningEmulator, key = ORG_KEY): EmClient {
  // Faults at 30% make 10 failures in a row about 6 in a million per call.
  return new EmClient({ baseUrl: e.url, apiKey: key, rateLimit: 0, retryBaseMs: 2, retryMaxMs: 20, maxTries: 10, timeoutMs: 5000 });
}

/** Entity ids per integration, in the order read. */
function idsByIntegration(list: EntityListResponse): Record<number, string[]> {
  return Object.fromEntries(list.integrations.map((g) => [g.integration_id, g.entities.map((e) => e.entity_provider_id)]));
}

function monitoring(repos: Repository[]): Array<[number, string]> {
  return repos.map((r) => [r.id, r.state]);
}

describe('pagination against the emulator', () => {
  it('reads 1,050 repositories of a generated organization in 11 pages', async () => {
    const fixture = generateFixture({ repos: 1050, teams: 3, boards: 20, seed: 1 });
    const e = await emulator({ fixture });
    const client = clientOf(e, fixture.api_keys[0]);
    const repos = await client.listAllRepositories();
    expect(repos).toHaveLength(1050);
    expect(new Set(repos.map((r) => r.id)).size).toBe(1050);
    expect(repos.map((r) => r.id).sort((a, b) => a - b)).toEqual((fixture.repositories ?? []).map((r) => r.id).sort((a, b) => a - b));
    expect(client.stats().byRoute['GET /api/v1/git/repositories']).toBe(11);
  });

  it('reads boards of two integrations with pages that cross the integration boundary', async () => {
    const e = await emulator({ fixture: orgFixture({ boards: { 10: 70, 11: 45 }, repositories: 0 }) });
    const client = clientOf(e);
    const expected = {
      10: Array.from({ length: 70 }, (_, i) => `10-${i + 1}`),
      11: Array.from({ length: 45 }, (_, i) => `11-${i + 1}`),
    };
    // 30 does not divide 70: the third page holds boards of both integrations.
    const paged = await client.listAllEntities('boards', { limit: 30, with_used_by: false });
    expect(paged.total).toBe(115);
    expect(idsByIntegration(paged)).toEqual(expected);
    expect(client.stats().byRoute['GET /api/v2/pm/entities/{entity_type}']).toBe(4);
    // The default page size reads the same list in one call.
    expect(idsByIntegration(await client.listAllEntities('boards'))).toEqual(expected);
  });
});

describe('faults', () => {
  it('completes full reads and batch writes at a 30% fault rate, matching a fault-free emulator', async () => {
    const shape = { boards: { 10: 600, 11: 500 }, repositories: 1050 };
    const faulty = await emulator({ fixture: orgFixture(shape), faultRate: 0.3, seed: 42 });
    const clean = await emulator({ fixture: orgFixture(shape) });
    const viaFaults = clientOf(faulty);
    const viaClean = clientOf(clean);

    // A full paginated read through faults equals the fault-free read.
    const before = await viaFaults.listAllRepositories();
    expect(monitoring(before)).toEqual(monitoring(await viaClean.listAllRepositories()));
    expect(before).toHaveLength(1050);

    // Batch writes at the API's per-call limits: monitor 100 repositories, select 1000 boards
    // (600 on one integration, 400 on the other, in calls of up to 1000).
    const monitor = before.slice(200, 300).map((r) => ({ id: r.id, state: 'monitored' as const }));
    const select = (ids: number[], prefix: number): SelectEntry[] => ids.map((i) => ({ entity_provider_id: `${prefix}-${i}`, is_selected_for_collection: true }));
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const writes = async (client: EmClient) => {
      const results = await Promise.all([
        client.setMonitoring(monitor),
        client.selectEntities(10, 'boards', select(range(600), 10)),
        client.selectEntities(11, 'boards', select(range(400), 11)),
      ]);
      for (const r of results) expect(r.rejected).toEqual([]);
      return results.map((r) => r.applied.length);
    };
    expect(await writes(viaFaults)).toEqual([100, 600, 400]);
    expect(await writes(viaClean)).toEqual([100, 600, 400]);

    // Read back through faults: the same state as the fault-free emulator, and what was written.
    const [afterFaulty, afterClean] = [await viaFaults.listAllRepositories(), await viaClean.listAllRepositories()];
    expect(monitoring(afterFaulty)).toEqual(monitoring(afterClean));
    expect(afterFaulty.filter((r) => r.state === 'monitored').map((r) => r.id)).toEqual(monitor.map((m) => m.id));

    const selected = (list: EntityListResponse) => idsByIntegration({ ...list, integrations: list.integrations.map((g) => ({ ...g, entities: g.entities.filter((x) => x.is_selected_for_collection) })) });
    const boardsFaulty = await viaFaults.listAllEntities('boards', { limit: 250, with_used_by: false });
    const boardsClean = await viaClean.listAllEntities('boards', { limit: 250, with_used_by: false });
    expect(selected(boardsFaulty)).toEqual(selected(boardsClean));
    expect(selected(boardsFaulty)[10]).toHaveLength(600);
    expect(selected(boardsFaulty)[11]).toHaveLength(400);

    // The faults really happened, to reads and to writes, and the client rode them out. (With a
    // seed, the number of tries is fixed: it is the draws needed to get each call through.)
    const tries = viaFaults.stats().byRoute;
    expect(viaFaults.stats().retries).toBeGreaterThan(5);
    expect((tries['PATCH /api/v1/git/repositories'] ?? 0) + (tries['PATCH /api/v2/pm/integrations/{integration_id}/entities/{entity_type}'] ?? 0)).toBeGreaterThan(3);
    expect(viaClean.stats().retries).toBe(0);
  });
});

describe('pacing against the emulator\'s rate limit', () => {
  it('sends a burst past the limit with (almost) no 429s', async () => {
    // Both sides allow 600 calls per minute per route, with a bucket of one minute's worth.
    const limited = await emulator({ fixture: orgFixture({ boards: {}, repositories: 0 }), rateLimit: 600 });
    const paced = new EmClient({ apiKey: ORG_KEY, baseUrl: limited.url, rateLimit: 600, retryBaseMs: 2, retryMaxMs: 20, maxTries: 10 });

    await Promise.all(Array.from({ length: 620 }, () => paced.getOrgConfig()));

    // The bucket lets most go at once and the client holds the rest to one per 100 ms (its schedule
    // is checked on a fake clock in pacing.test.ts). The server's own limiter is the judge here:
    // unpaced, the last 20 would each be refused. A 429 can slip through where the client's bucket
    // refilled a hair before the server's; it is retried after Retry-After.
    const statuses = limited.store.requests.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(620);
    expect(statuses.filter((s) => s === 429)).toHaveLength(paced.stats().retries);
    expect(paced.stats().retries).toBeLessThanOrEqual(3);
    expect(paced.stats().calls).toBe(620 + paced.stats().retries);
  });
});
