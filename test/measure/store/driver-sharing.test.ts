// The two SQLite drivers lock a file differently (the native one with the operating system's
// locks and WAL, the WebAssembly build with a PATH.lock directory), so neither writes beside the
// other: each refuses a file the other is writing, naming why. And the WebAssembly build reports a
// failed statement itself, not the error its close would throw again for it.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/measure/store/sqlite.js';
import { openSqliteWasm } from '../../../src/measure/store/sqlite-wasm.js';
import { tempDir } from '../../helpers/emulator.js';

describe('one SQLite file, two drivers', () => {
  it('the WebAssembly build refuses a file a native writer has open in WAL mode, and writes it once that writer is gone', async () => {
    const path = join(await tempDir('emctl-store-sharing-'), 'history.db');
    const native = new Database(path);
    native.pragma('journal_mode = WAL');
    native.exec('CREATE TABLE t (x INTEGER NOT NULL)');
    await expect(openSqliteWasm(path, { write: true })).rejects.toThrow(/native SQLite driver \(better-sqlite3\) is writing this file.*WAL mode/);
    native.pragma('journal_mode = DELETE');
    native.close();
    const engine = await openSqliteWasm(path, { write: true });
    await engine.transaction((tx) => tx.run('INSERT INTO t (x) VALUES (1)'));
    await engine.close();
  });

  it('the native driver refuses to write beside the lock directory of the WebAssembly build', async () => {
    const dir = await tempDir('emctl-store-sharing-');
    const path = join(dir, 'history.db');
    writeFileSync(path, '');
    mkdirSync(`${path}.lock`);
    await expect(openSqlite(Database, path, { write: true })).rejects.toThrow(`(it holds the directory ${path}.lock)`);
  });

  it('a failed statement of the WebAssembly build is the error a run sees, and the file still closes', async () => {
    const path = join(await tempDir('emctl-store-sharing-'), 'history.db');
    const engine = await openSqliteWasm(path, { write: true });
    await engine.transaction((tx) => tx.run('CREATE TABLE t (x INTEGER NOT NULL)'));
    await expect(engine.transaction((tx) => tx.run('INSERT INTO t (x) VALUES (NULL)'))).rejects.toThrow(/NOT NULL/);
    await expect(engine.close()).resolves.toBeUndefined();
    // Closed: the lock directory is gone, so another writer takes the file at once.
    const again = await openSqliteWasm(path, { write: true });
    await again.close();
  });
});
