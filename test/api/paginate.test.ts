// Pagination rules over a scripted server: walk to the end, merge per integration, never return
// a partial list (a failed page throws), and re-read a list that moved while being read.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { EmctlError } from '../../src/contract/errors.js';
import type { EntityListResponse } from '../../src/contract/types.js';
import type { ListRepositoriesResponse, Repository } from '../../src/contract/git-types.js';
import { json, startScriptedServer, type SeenRequest, type ScriptedServer } from './helpers/scripted-server.js';

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function query(req: SeenRequest): URLSearchParams {
  return new URL(req.url, 'http://x').searchParams;
}

/** Entities of two integrations, as one list counted across both (the spec's offset rule). */
function entityList(perIntegration: Record<number, number>) {
  return Object.entries(perIntegration).flatMap(([id, count]) =>
    Array.from({ length: count }, (_, i) => ({ integration_id: Number(id), entity: { entity_provider_id: `${id}-${i}`, name: `b${i}`, state: 'active' } })),
  );
}

function entityPage(all: ReturnType<typeof entityList>, offset: number, limit: number, total = all.length): EntityListResponse {
  const slice = all.slice(offset, offset + limit);
  const integrations: EntityListResponse['integrations'] = [];
  for (const { integration_id, entity } of slice) {
    let group = integrations.find((g) => g.integration_id === integration_id);
    if (!group) integrations.push((group = { integration_id, provider: 'tracker_a', integration_name: `I${integration_id}`, entities: [] }));
    group.entities.push(entity);
  }
  return { total, offset, type: 'boards', integrations };
}

async function client(script: Parameters<typeof startScriptedServer>[0]): Promise<EmClient> {
  server = await startScriptedServer(script);
  return new EmClient({ baseUrl: server.url, apiKey: 'k', rateLimit: 0, retryBaseMs: 5, maxTries: 2 });
}

describe('listAllEntities', () => {
  it('walks offset/limit to total and merges pages per integration', async () => {
    const all = entityList({ 10: 7, 11: 5 });
    const c = await client((req, res) => json(res, 200, entityPage(all, Number(query(req).get('offset')), Number(query(req).get('limit')))));
    const result = await c.listAllEntities('boards', { limit: 5, with_used_by: false });
    expect(server!.seen.map((r) => r.url).sort()).toEqual([
      '/api/v2/pm/entities/boards?with_used_by=false&limit=5&offset=0',
      '/api/v2/pm/entities/boards?with_used_by=false&limit=5&offset=10',
      '/api/v2/pm/entities/boards?with_used_by=false&limit=5&offset=5',
    ]);
    expect(result.total).toBe(12);
    expect(result.integrations.map((g) => [g.integration_id, g.entities.map((e) => e.entity_provider_id)])).toEqual([
      [10, ['10-0', '10-1', '10-2', '10-3', '10-4', '10-5', '10-6']],
      [11, ['11-0', '11-1', '11-2', '11-3', '11-4']],
    ]);
  });

  it('returns an empty list only when the service says there is nothing', async () => {
    const c = await client((_q, res) => json(res, 200, { total: 0, offset: 0, type: 'boards', integrations: [] }));
    await expect(c.listAllEntities('boards')).resolves.toEqual({ total: 0, offset: 0, type: 'boards', integrations: [] });
  });

  it('throws when one page fails, never returning the pages it has', async () => {
    const all = entityList({ 10: 30 });
    const c = await client((req, res) => {
      const offset = Number(query(req).get('offset'));
      if (offset === 20) return json(res, 404, { detail: 'integration 10 not found' });
      json(res, 200, entityPage(all, offset, 10));
    });
    const error = await c.listAllEntities('boards', { limit: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('GET /api/v2/pm/entities/{entity_type} failed: 404 integration 10 not found');
  });

  it('re-reads a list whose total moved, and uses the consistent read', async () => {
    let reads = 0;
    const all = entityList({ 10: 15 });
    const c = await client((req, res) => {
      const offset = Number(query(req).get('offset'));
      if (offset === 0) reads += 1;
      // During the first read an entity appears between pages.
      const list = reads === 1 && offset > 0 ? entityList({ 10: 16 }) : all;
      json(res, 200, entityPage(list, offset, 10));
    });
    const result = await c.listAllEntities('boards', { limit: 10 });
    expect(reads).toBe(2);
    expect(result.integrations[0]!.entities).toHaveLength(15);
  });

  it('gives up on a list that keeps moving', async () => {
    let n = 0;
    const c = await client((req, res) => {
      n += 1;
      json(res, 200, entityPage(entityList({ 10: 20 + n }), Number(query(req).get('offset')), 10));
    });
    await expect(c.listAllEntities('boards', { limit: 10 })).rejects.toThrow(/^the boards list kept changing while being read \(.*\); tried 3 times, try again later$/);
  });

  it('refuses a short page rather than returning fewer entities than total', async () => {
    const all = entityList({ 10: 25 });
    const c = await client((req, res) => {
      const offset = Number(query(req).get('offset'));
      json(res, 200, entityPage(all.slice(0, offset === 10 ? 15 : 25), offset, 10, 25));
    });
    const error = await c.listAllEntities('boards', { limit: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmctlError);
    expect((error as EmctlError).message).toContain('page at offset 10 held 5 entities, expected 10');
  });
});

describe('listAllRepositories', () => {
  const repos = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `acme/r${i + 1}`, provider_id: `p${i + 1}`, integration_id: 20, state: 'monitored' })) as unknown as Repository[];

  it('reads page_size 100 pages to the end, in order', async () => {
    const c = await client((req, res) => {
      const page = Number(query(req).get('page'));
      const size = Number(query(req).get('page_size'));
      json(res, 200, { total: repos.length, items: repos.slice((page - 1) * size, page * size) });
    });
    const result = await c.listAllRepositories({ state: ['monitored'] });
    expect(result.map((r) => r.id)).toEqual(repos.map((r) => r.id));
    expect(server!.seen.map((r) => r.url).sort()).toEqual([
      '/api/v1/git/repositories?page=1&page_size=100&state=monitored',
      '/api/v1/git/repositories?page=2&page_size=100&state=monitored',
      '/api/v1/git/repositories?page=3&page_size=100&state=monitored',
    ]);
  });

  it('throws when a page fails after its retries', async () => {
    const c = await client((req, res) => {
      const page = Number(query(req).get('page'));
      if (page === 3) return json(res, 503, { detail: 'unavailable' });
      json(res, 200, { total: repos.length, items: repos.slice((page - 1) * 100, page * 100) } satisfies Partial<ListRepositoriesResponse>);
    });
    await expect(c.listAllRepositories()).rejects.toThrow('GET /api/v1/git/repositories failed: 503 unavailable (after 2 tries)');
  });

  it('refuses a list in which a repository shows up twice', async () => {
    const c = await client((req, res) => {
      const page = Number(query(req).get('page'));
      // Page 2 repeats the last repository of page 1, as an insert shifting the list would.
      const start = page === 1 ? 0 : (page - 1) * 100 - 1;
      json(res, 200, { total: 150, items: repos.slice(start, start + Math.min(100, 150 - (page - 1) * 100)) });
    });
    await expect(c.listAllRepositories()).rejects.toThrow('repository 100 appeared twice');
  });
});
