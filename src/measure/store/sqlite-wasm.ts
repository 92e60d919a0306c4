// The SQLite engine where the native driver is missing: SQLite built to WebAssembly
// (node-sqlite3-wasm), reading and writing the file itself through Node's fs, so `npm install`
// without a compiler (or with --omit=optional) still keeps history in a `sqlite:` file. The same
// file format, schema and transactions as the native engine; what differs is the lock. This build
// has no shared memory, so no WAL: the file stays in rollback-journal mode, and a connection
// locks it by creating the directory PATH.lock beside it (for reading too). A second writer waits
// for it through SQLite's busy timeout, as with the native driver. Loaded only when used.

import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { EmctlError } from '../../contract/errors.js';
import type { Engine, SqlRow, SqlValue } from './engine.js';
import { BUSY_TIMEOUT_MS, isSqliteCode, sqliteEngine, sqliteFailure, type SqliteStatement } from './sqlite-engine.js';

export async function openSqliteWasm(path: string, options: { write: boolean }): Promise<Engine> {
  const { Database } = (await import('node-sqlite3-wasm')).default;
  const lock = `${path}.lock`;
  // A writer stopped mid-transaction (killed, a power cut) leaves its lock directory: every later
  // run would wait out the busy timeout and fail, so the message says which directory to remove.
  const busyHint = existsSync(lock)
    ? `: the WebAssembly SQLite build locks the file with the directory ${lock}; another emctl is using the file, or one was stopped while using it and left that directory behind (when none is running, remove the directory and run again)`
    : '';
  let db: InstanceType<typeof Database>;
  try {
    if (options.write) mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, options.write ? {} : { fileMustExist: true, readOnly: true });
  } catch (error) {
    if (!options.write && isSqliteCode(error, 'SQLITE_CANTOPEN')) throw new EmctlError('config', `sqlite:${path}: no such database file`);
    throw sqliteFailure(path, error);
  }
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // A year of weekly rows for 500 teams is a key b-tree of ~15 MB: kept in memory while a run writes.
    if (options.write) db.exec('PRAGMA cache_size = -65536');
  } catch (error) {
    db.close();
    throw sqliteFailure(path, error, busyHint);
  }
  // This build's statements are not garbage-collected: each is finalized before the database closes.
  const opened: { finalize(): void }[] = [];
  const connection = {
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql);
      opened.push(statement);
      return { run: (params: SqlValue[]) => void statement.run(params), all: (params: SqlValue[]) => statement.all(params) as SqlRow[] };
    },
    exec: (sql: string) => db.exec(sql),
    get inTransaction() {
      return db.inTransaction;
    },
    close() {
      for (const statement of opened) statement.finalize();
      db.close();
    },
  };
  return sqliteEngine(connection, path, { write: options.write, busyHint });
}
