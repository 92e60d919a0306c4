// The emulator is robust like a server others talk to (DESIGN 4): bounded memory whatever it is
// sent, no request can break another route, and --state persistence that rolls back a change it
// could not save (answered 503) and recovers on the next change.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EmulatorStore, REQUEST_LOG_BYTES } from '../../../src/emulator/store.js';
import { jsonDepth } from '../../../src/emulator/http/request-log.js';
import { acmeFixture, call, startTestEmulator } from '../helpers.js';

describe('bounded memory', () => {
  test('bodies of unauthenticated requests are never kept; the requests are still logged', async () => {
    const own = await startTestEmulator();
    try {
      const big = JSON.stringify({ teams: [{ team_id: 1, items: [{ integration_id: 10, scope: { labels: [{ name: 'x'.repeat(2 * 1024 * 1024) }] } }] }] });
      for (const key of [null, 'wrong-key']) {
        const r = await call(own, 'PATCH', '/api/v1/pm/config/teams/scope', { raw: big, key });
        expect(r.status).toBe(403);
      }
      const log = (await call(own, 'GET', '/_emulator/requests')).body.items as { status: number; body?: unknown }[];
      expect(log.map((e) => [e.status, 'body' in e])).toEqual([
        [403, false],
        [403, false],
      ]);
    } finally {
      await own.close();
    }
  });

  test('a refused write keeps no body in the log: five 9 MB bodies answered 422 leave the log a few hundred bytes', async () => {
    const own = await startTestEmulator();
    try {
      const big = JSON.stringify({ repository_ids: 'x'.repeat(9 * 1024 * 1024) });
      for (let i = 0; i < 5; i++) expect((await call(own, 'PUT', '/api/v1/git/config/teams/42/scope', { raw: big })).status).toBe(422);
      const accepted = { repository_ids: [1201] };
      expect((await call(own, 'PUT', '/api/v1/git/config/teams/42/scope', { body: accepted })).status).toBe(200);
      const log = (await call(own, 'GET', '/_emulator/requests')).body.items as { status: number; body?: unknown }[];
      expect(log.map((e) => [e.status, e.body ?? 'none'])).toEqual([...Array.from({ length: 5 }, () => [422, 'none']), [200, accepted]]);
      expect(own.store.requestLogBytes).toBeLessThan(2000);
    } finally {
      await own.close();
    }
  });

  test('the request log is capped in bytes, oldest entries dropped first', () => {
    const store = new EmulatorStore(acmeFixture());
    const entrySize = 1024 * 1024;
    for (let i = 0; i < 100; i++) store.logRequest({ method: 'PATCH', path: `/p/${i}`, query: {}, status: 200, ms: 1 }, entrySize);
    const kept = store.requests;
    expect(kept.length).toBe(Math.floor(REQUEST_LOG_BYTES / entrySize));
    expect(kept.at(-1)?.path).toBe('/p/99');
    expect(kept[0]?.path).toBe(`/p/${100 - kept.length}`);
  });

  test('a body nested 5,000 levels deep breaks no route, the request log included', async () => {
    const own = await startTestEmulator();
    try {
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const r = await call(own, 'PATCH', '/api/v1/git/config', { raw: `{"default_branch": ${deep}}` });
      expect(r.status).toBe(400);
      const log = await call(own, 'GET', '/_emulator/requests');
      expect(log.status).toBe(200);
      expect(log.body.items.map((e: { status: number }) => e.status)).toEqual([400]);
      expect((await call(own, 'GET', '/api/v1/git/config')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  test.each([
    ['{}', 1],
    ['{"a": [1, {"b": []}]}', 4],
    ['{"s": "[[[[{{{{"}', 1],
    ['{"s": "\\\\\\"[["}', 1],
  ])('jsonDepth(%s) = %d', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });
});

describe('--state persistence', () => {
  const defaults = (days: number) => ({ active_branches_duration: { days } });

  test('a change whose state write fails is rolled back and answered 503; the next change writes the whole state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-state-'));
    const stateDir = join(dir, 'state');
    mkdirSync(stateDir);
    const statePath = join(stateDir, 'state.json');
    const own = await startTestEmulator({ statePath });
    try {
      expect((await call(own, 'PATCH', '/api/v1/git/config', { body: defaults(3) })).status).toBe(200);
      rmSync(stateDir, { recursive: true }); // the state file can no longer be written

      const failed = await call(own, 'PATCH', '/api/v1/git/config', { body: defaults(7) });
      expect(failed.status).toBe(503);
      expect(failed.body.detail).toContain('could not be saved');
      // Rolled back: the unacknowledged change did not stick.
      expect((await call(own, 'GET', '/api/v1/git/config')).body.settings.active_branches_duration).toEqual({ days: 3 });

      mkdirSync(stateDir); // writable again: persistence recovers with the next change
      expect((await call(own, 'PATCH', '/api/v1/git/config', { body: { bot_pr_attribution: { method: 'none' } } })).status).toBe(200);
      const saved = JSON.parse(readFileSync(statePath, 'utf8'));
      expect(saved.fixture.git_config.active_branches_duration).toEqual({ days: 3 });
      expect(saved.fixture.git_config.bot_pr_attribution).toEqual({ method: 'none' });
    } finally {
      await own.close();
    }
  });

  test('orphan *.tmp files of the state file are removed at start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-state-'));
    const statePath = join(dir, 'state.json');
    const orphan = `${statePath}.4242.7.tmp`;
    const unrelated = join(dir, 'other.json.1.tmp');
    writeFileSync(orphan, '{"half": ');
    writeFileSync(unrelated, 'keep');
    const own = await startTestEmulator({ statePath });
    try {
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(unrelated)).toBe(true);
    } finally {
      await own.close();
    }
  });
});
