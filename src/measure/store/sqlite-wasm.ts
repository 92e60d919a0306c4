// The SQLite engine where the native driver is missing: SQLite built to WebAssembly
// (node-sqlite3-wasm), reading and writing the file itself through Node's fs, so `npm install`
// without a compiler (or with --omit=optional) still keeps history in a `sqlite:` file. The same
// file format, schema and transactions as the native engine; what differs is the lock. This build
// has no shared memory, so no WAL: the file stays in rollback-journal mode, and a connection
// locks it by creating the directory PATH.lock beside it (for reading too). A second writer waits
// for it through SQLite's busy timeout, as with the native driver. Loaded only when used.

import { closeSync, existsSync, mkdirSync, openSync, readSync } from 'node:fs';
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
  refuseNativeWriter(path);
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
      // This build throws again from finalize() for a statement whose last step failed: that
      // failure was already reported, so it must not replace it, nor keep the file from closing.
      for (const statement of opened) {
        try {
          statement.finalize();
        } catch {
          // reported by the step that failed
        }
      }
      db.close();
    },
  };
  return sqliteEngine(connection, path, { write: options.write, busyHint });
}

/**
 * The native driver writes in WAL mode (its -wal and -shm files beside the database, and the
 * header says so) and locks with the operating system's locks, which this build neither takes nor
 * sees: while a native writer has the file, or after one was stopped mid-write, this build refuses
 * it rather than write beside it.
 */
function refuseNativeWriter(path: string): void {
  const walFiles = existsSync(`${path}-wal`) || existsSync(`${path}-shm`);
  if (!walFiles && !walHeader(path)) return;
  throw new EmctlError(
    'config',
    `sqlite:${path}: the native SQLite driver (better-sqlite3) is writing this file, or was stopped while writing it (it is in WAL mode${walFiles ? `, with ${path}-wal beside it` : ''}); the WebAssembly build cannot share a file with it: run again when that run is done, or run this where better-sqlite3 is installed`,
  );
}

/** Whether the file's header says WAL (bytes 18 and 19 are 2: SQLite's file format). */
function walHeader(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const header = Buffer.alloc(20);
    return readSync(fd, header, 0, 20, 0) === 20 && header[18] === 2 && header[19] === 2;
  } finally {
    closeSync(fd);
  }
}
