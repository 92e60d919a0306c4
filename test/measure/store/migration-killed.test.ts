// A migration killed midway leaves the version-1 file as it was (DESIGN.md §10: the migration runs
// in the run's one transaction). A real emctl process writes to a large version-1 SQLite file
// (624,000 rows, 73 MB: more than the 64 MB page cache, so SQLite spills the unfinished
// transaction into the WAL file); it is killed with SIGKILL once that WAL file holds megabytes of
// the migration, and the file is opened again: the same rows, schema version 1, no `complete`
// column. Then a run that is left alone migrates it.

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFixture, type RunningEmulator } from '../../../src/emulator/index.js';
import { BIN, finished, requireFreshDist, runBin } from '../../helpers/bin.js';
import { DAILY_FIXTURE } from '../../helpers/daily-fixture.js';
import { against, startTestEmulator, tempDir } from '../../helpers/emulator.js';
import { writeLargeV1Sqlite } from './v1-database.js';

const TEAMS = 300;
const WEEKS = 260;
const ROWS = TEAMS * 4 * WEEKS * 2;
/** How much of the unfinished migration must be on disk before the kill. */
const WAL_BYTES = 4 * 1024 * 1024;

interface Fingerprint {
  version: unknown;
  columns: string[];
  rows: number;
  values: number;
  dates: string;
}

function fingerprint(path: string): Fingerprint {
  // Opened read-write, as the next emctl run would: SQLite recovers the WAL, ignoring frames of a
  // transaction that never committed.
  const db = new Database(path);
  try {
    const stats = db.prepare(`SELECT count(*) AS n, sum(value) AS v, min("after") || '/' || max("before") || '/' || max(fetched_at) AS d FROM emctl_measurements`).get() as { n: number; v: number; d: string };
    return {
      version: (db.prepare("SELECT value FROM emctl_meta WHERE key = 'schema_version'").get() as { value: unknown }).value,
      columns: (db.prepare('PRAGMA table_info(emctl_measurements)').all() as { name: string }[]).map((c) => c.name),
      rows: stats.n,
      values: stats.v,
      dates: stats.d,
    };
  } finally {
    db.close();
  }
}

describe('a migration killed midway', () => {
  let emulator: RunningEmulator;
  let path: string;
  let args: string[];
  let env: Record<string, string>;

  beforeAll(async () => {
    await requireFreshDist();
    emulator = await startTestEmulator(parseFixture(DAILY_FIXTURE, 'fixture.yaml'));
    path = join(await tempDir('emctl-migration-killed-'), 'history.db');
    writeLargeV1Sqlite(path, TEAMS, WEEKS);
    const a = against(emulator);
    args = [...a.args, 'measurements', '--metric', 'pr.merged', '--group-by', 'repository', '--repository', 'acme/api', '--roll-up', '1w', '--last', '1w', '--out', `sqlite:${path}`];
    env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...a.env };
  }, 240_000);
  afterAll(async () => {
    await emulator?.close();
  });

  it('leaves the version-1 file as it was; a later run migrates it', async () => {
    const before = fingerprint(path);
    expect(before).toMatchObject({ version: '1', rows: ROWS });
    expect(before.columns).not.toContain('complete');

    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exit = finished(child);
    let announced = false;
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('this run migrates it to version 2')) announced = true;
    });
    let walSeen = 0;
    let exited = false;
    void exit.then(() => (exited = true));
    while (!exited) {
      const wal = `${path}-wal`;
      walSeen = announced && existsSync(wal) ? statSync(wal).size : 0;
      if (walSeen >= WAL_BYTES) {
        child.kill('SIGKILL');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const killed = await exit;
    expect(killed.signal, `the run ended before it could be killed midway: ${killed.stderr}`).toBe('SIGKILL');
    expect(walSeen).toBeGreaterThanOrEqual(WAL_BYTES);
    expect(killed.stderr).toContain(`has schema version 1; this run migrates it to version 2`);

    expect(fingerprint(path)).toEqual(before);

    const done = await runBin(args, { env });
    expect(done.stderr).toMatch(/this run migrates it to version 2 .*\nwrote 1 row to /s);
    expect(done.code).toBe(0);
    const after = fingerprint(path);
    expect(after.version).toBe('2');
    expect(after.columns).toContain('complete');
    // Every week from a Wednesday was fetched before the ISO week after it, which overlaps it:
    // only the ISO weeks stay (and the run's own row).
    expect(after.rows).toBe(ROWS / 2 + 1);
    const db = new Database(path, { readonly: true });
    try {
      const left = db.prepare(`SELECT count(*) AS n FROM emctl_measurements WHERE source = 'https://big.example' AND strftime('%w', "after") <> '1'`).get();
      expect(left).toEqual({ n: 0 });
      expect(db.prepare(`SELECT count(*) AS n FROM emctl_measurements WHERE NOT complete`).get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  }, 240_000);
});
