// The emulator's HTTP shell: auth per route family, unknown routes and methods, admin routes,
// the request log, reset, fault injection (deterministic, before any write), rate limiting with
// Retry-After, latency, and --state persistence across a restart.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { acmeFixture, call, startTestEmulator } from '../helpers.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe('auth per family', () => {
  test.each([
    ['/api/v1/integrations', null, 403],
    ['/api/v1/integrations', 'wrong-key-123', 403],
    ['/api/v2/pm/entities/boards', null, 403],
    ['/api/v1/pm/config/teams/42/scope', 'wrong-key-123', 403],
    ['/api/v1/git/repositories', null, 401],
    ['/api/v1/git/config', 'wrong-key-123', 401],
    ['/api/v1/git/config/teams/42/scope', null, 401],
    ['/_emulator/requests', null, 401],
    ['/_emulator/requests', 'wrong-key-123', 401],
  ])('%s with key %s -> %i, key not echoed', async (path, key, status) => {
    const r = await call(emu, 'GET', path, { key });
    expect(r.status).toBe(status);
    expect(typeof r.body.detail).toBe('string');
    expect(JSON.stringify(r.body)).not.toContain('wrong-key-123');
  });
});

describe('routing', () => {
  test('unknown path -> 404, known path with another method -> 405 with Allow', async () => {
    expect((await call(emu, 'GET', '/api/v1/nope')).status).toBe(404);
    const r = await call(emu, 'DELETE', '/api/v1/integrations');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
  });

  test('request log: every API request (not admin), oldest first, with query and status', async () => {
    const own = await startTestEmulator();
    try {
      await call(own, 'GET', '/api/v1/integrations?type=pm');
      await call(own, 'GET', '/api/v1/git/repositories', { key: null });
      await call(own, 'GET', '/_emulator/audit-log');
      const r = await call(own, 'GET', '/_emulator/requests');
      expect(r.body.items.map((e: { method: string; path: string; query: object; status: number }) => [e.method, e.path, e.query, e.status])).toEqual([
        ['GET', '/api/v1/integrations', { type: 'pm' }, 200],
        ['GET', '/api/v1/git/repositories', {}, 401],
      ]);
      expect(typeof r.body.items[0].ms).toBe('number');
    } finally {
      await own.close();
    }
  });

  test('request log: an accepted write carries its JSON body as received, a refused write and a read none', async () => {
    const own = await startTestEmulator();
    try {
      const sent = { active_branches_duration: { days: 3 } };
      expect((await call(own, 'PATCH', '/api/v1/git/config', { body: sent })).status).toBe(200);
      expect((await call(own, 'PATCH', '/api/v1/git/config', { body: { active_branches_duration: { days: -1 } } })).status).toBe(400);
      expect((await call(own, 'PATCH', '/api/v1/git/config', { raw: '{"default_branch": ' })).status).toBe(400);
      expect((await call(own, 'PATCH', '/api/v1/git/config', { raw: '' })).status).toBe(400);
      await call(own, 'GET', '/api/v1/git/config');
      const r = await call(own, 'GET', '/_emulator/requests');
      expect(r.body.items.map((e: { method: string; status: number; body?: unknown }) => [e.method, e.status, 'body' in e ? e.body : 'none'])).toEqual([
        ['PATCH', 200, sent],
        ['PATCH', 400, 'none'],
        ['PATCH', 400, 'none'],
        ['PATCH', 400, 'none'],
        ['GET', 200, 'none'],
      ]);
    } finally {
      await own.close();
    }
  });
});

describe('faults', () => {
  async function statuses(seed: number, n: number): Promise<(number | string)[]> {
    const own = await startTestEmulator({ faultRate: 0.5, seed });
    try {
      const out: (number | string)[] = [];
      for (let i = 0; i < n; i++) {
        try {
          out.push((await fetch(`${own.url}/api/v1/integrations`, { headers: { 'x-api-key': 'dev-key', connection: 'close' } })).status);
        } catch {
          out.push('reset');
        }
      }
      return out;
    } finally {
      await own.close();
    }
  }

  test('a seed makes the fault sequence repeat; every kind appears', async () => {
    const a = await statuses(7, 80);
    const b = await statuses(7, 80);
    expect(a).toEqual(b);
    expect(new Set(a)).toEqual(new Set([200, 500, 502, 503, 504, 'reset']));
  });

  test('a faulted write was never applied (faults come before the handler)', async () => {
    const own = await startTestEmulator({ faultRate: 1, seed: 3 });
    try {
      for (let i = 0; i < 5; i++) {
        await fetch(`${own.url}/api/v2/pm/integrations/10/entities/boards`, {
          method: 'PATCH',
          headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ entities: [{ entity_provider_id: '105', is_selected_for_collection: true }] }),
        }).catch(() => undefined);
      }
      const audit = await call(own, 'GET', '/_emulator/audit-log');
      expect(audit.body.items).toEqual([]);
      const fixture = await call(own, 'GET', '/_emulator/fixture');
      expect(fixture.body.integrations[0].entities.boards[4]).toMatchObject({ entity_provider_id: '105', selected: false });
      expect(fixture.body).not.toHaveProperty('api_keys');
    } finally {
      await own.close();
    }
  });
});

describe('rate limit and latency', () => {
  test('per route and key: excess -> 429 with Retry-After in seconds', async () => {
    const fixture = acmeFixture();
    fixture.api_keys.push('other-key');
    const own = await startTestEmulator({ fixture, rateLimit: 3 });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await call(own, 'GET', `/api/v1/pm/config/teams/${42 + i}/scope`)).status);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await call(own, 'GET', '/api/v1/pm/config/teams/42/scope');
      expect(limited.headers.get('retry-after')).toBe('20');
      expect(limited.body.detail).toMatch(/Too Many Requests/);
      expect((await call(own, 'GET', '/api/v1/integrations')).status).toBe(200); // another route
      expect((await call(own, 'GET', '/api/v1/pm/config/teams/42/scope', { key: 'other-key' })).status).toBe(200); // another key
    } finally {
      await own.close();
    }
  });

  test('latency is added to every response: the answer waits for it', async () => {
    // The waits are counted, not timed: each is held open until the test lets it end.
    const waits: number[] = [];
    let release = (): void => undefined;
    const latencyWait = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((resolve) => (release = resolve));
    };
    const own = await startTestEmulator({ latencyMs: 60, latencyWait });
    try {
      let answered = false;
      const answer = call(own, 'GET', '/api/v1/integrations').then((r) => ((answered = true), r));
      await vi.waitFor(() => expect(waits).toEqual([60]));
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      release();
      expect((await answer).status).toBe(200);
      // A refusal waits as long as an answer.
      const refusal = call(own, 'GET', '/api/v1/no-such-route');
      await vi.waitFor(() => expect(waits).toEqual([60, 60]));
      release();
      expect((await refusal).status).toBe(404);
    } finally {
      release();
      await own.close();
    }
  });
});

describe('--state persistence and reset', () => {
  test('state survives a restart; written atomically; reset restores the fixture', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-state-'));
    const statePath = join(dir, 'state.json');
    try {
      const first = await startTestEmulator({ statePath });
      await call(first, 'PATCH', '/api/v2/pm/integrations/10/entities/boards', { body: { entities: [{ entity_provider_id: '105', is_selected_for_collection: true }] } });
      await call(first, 'PATCH', '/api/v1/git/config', { body: { active_branches_duration: { days: 3 } } });
      await first.close();
      expect(await readdir(dir)).toEqual(['state.json']); // no tmp file left behind
      const saved = JSON.parse(await readFile(statePath, 'utf8'));
      expect(saved.format).toBe('emctl-emulator-state');
      expect(await readFile(statePath, 'utf8')).not.toContain('dev-key'); // keys never go to files

      const second = await startTestEmulator({ statePath });
      try {
        const boards = await call(second, 'GET', '/api/v2/pm/entities/boards?integration_ids=10&is_selected_for_collection=true');
        expect(boards.body.integrations[0].entities.map((e: { entity_provider_id: string }) => e.entity_provider_id)).toContain('105');
        expect((await call(second, 'GET', '/api/v1/git/config')).body.settings.active_branches_duration).toEqual({ days: 3 });
        expect((await call(second, 'GET', '/_emulator/audit-log')).body.items).toHaveLength(1);
        await call(second, 'POST', '/_emulator/reset');
        expect((await call(second, 'GET', '/api/v1/git/config')).body.settings.active_branches_duration).toEqual({ days: 14 });
        expect((await call(second, 'GET', '/_emulator/audit-log')).body.items).toEqual([]);
      } finally {
        await second.close();
      }
      const afterReset = JSON.parse(await readFile(statePath, 'utf8'));
      expect(afterReset.fixture.git_config.active_branches_duration).toEqual({ days: 14 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a state file that is not one is refused clearly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-state-'));
    try {
      const statePath = join(dir, 'state.json');
      await import('node:fs/promises').then((fs) => fs.writeFile(statePath, '{"hello": 1}'));
      await expect(startTestEmulator({ statePath })).rejects.toThrow(/not an emctl emulator state file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
