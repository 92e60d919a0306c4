// Two jobs writing one SQLite file at once (DESIGN.md §10) both succeed: WAL and the busy timeout
// make the second writer wait for the first one's transaction. Real child processes, started
// together on a file that does not exist yet, so they also race to create the schema.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/emulator.js';
import { sqliteStore } from './engines.js';

const HOOK = fileURLToPath(new URL('../../helpers/no-native-sqlite.mjs', import.meta.url));
const WRITE = fileURLToPath(new URL('../../../dist/measure/store/write.js', import.meta.url));

/** A child that upserts `teams` x 52 weekly rows under its own source. */
const CHILD = `
import { writeStore } from ${JSON.stringify(WRITE)};
const [path, source, teams] = process.argv.slice(1);
const rows = [];
for (let t = 1; t <= Number(teams); t++) {
  for (let w = 0; w < 52; w++) {
    const after = new Date(Date.UTC(2025, 0, 6 + 7 * w)).toISOString().slice(0, 10);
    const before = new Date(Date.UTC(2025, 0, 13 + 7 * w)).toISOString().slice(0, 10);
    rows.push({ source, metric: 'pr.merged', group_by: 'team', group_id: String(t), group_name: 'T' + t, roll_up: '1w', after, before, filters: '{}', value: t + w, fetched_at: '2026-01-01T00:00:00Z' });
  }
}
await writeStore({ engine: 'sqlite', path }, rows, {});
`;

/** `wasm`: as where the native driver is missing, so the WebAssembly build writes. */
function child(path: string, source: string, wasm = false): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...(wasm ? ['--import', HOOK] : []), '--input-type=module', '-e', CHILD, path, source, '200'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.once('error', reject);
    p.once('exit', (code) => resolve({ code, stderr }));
  });
}

/**
 * One child writer per source on a file that does not exist yet, all at once: each exits 0 with
 * nothing on stderr, and the file holds every row of each, once.
 */
async function race(sources: readonly string[], wasm: boolean): Promise<{ store: Awaited<ReturnType<typeof sqliteStore>>; path: string }> {
  const dir = await tempDir('emctl-store-concurrent-');
  const path = join(dir, 'nested', 'history.db');
  const results = await Promise.all(sources.map((source) => child(path, source, wasm)));
  expect(results).toEqual(sources.map(() => ({ code: 0, stderr: '' })));
  const store = await sqliteStore(join(dir, 'nested'));
  expect(await store.query('SELECT source, count(*) AS n FROM emctl_measurements GROUP BY source ORDER BY source')).toEqual(sources.map((source) => ({ source, n: 200 * 52 })));
  return { store, path };
}

describe('two concurrent SQLite writers', () => {
  it('both succeed, and every row of both is there once', async () => {
    const { store } = await race(['https://a.example', 'https://b.example'], false);
    // WAL while they wrote; the last writer out leaves rollback-journal mode, so a reader in a
    // read-only directory can open the file (test/robustness/store-faults.test.ts).
    expect(await store.query('PRAGMA journal_mode')).toEqual([{ journal_mode: 'delete' }]);
  });

  it('without the native driver (the WebAssembly build), both succeed too: the second waits for the first one\'s lock', { timeout: 120_000 }, async () => {
    const { store, path } = await race(['https://a.example', 'https://b.example', 'https://c.example'], true);
    expect(await store.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    // The build's lock is a directory beside the file, removed by the last writer out.
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
