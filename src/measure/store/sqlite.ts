// The native SQLite engine (better-sqlite3 12.x: 13.x needs Node 22). WAL lets readers and one
// writer work at once, and the busy timeout makes a second writer wait for the first one's
// transaction instead of failing, so two scheduled jobs writing one file both succeed. Loaded
// only when a `sqlite:` store is used (the native module costs start-up time). Where the driver
// is not installed or its binary does not load, open.ts takes the WebAssembly build instead.

import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { EmctlError } from '../../contract/errors.js';
import type { Engine, SqlRow, SqlValue } from './engine.js';
import { BUSY_TIMEOUT_MS, isSqliteCode, sqliteEngine, sqliteFailure, type SqliteStatement } from './sqlite-engine.js';

type Driver = typeof BetterSqlite3;

/** The native driver, or why it is not there (said beside the WebAssembly build taking over). */
export type NativeSqlite = { driver: Driver } | { missing: string };

/** The first line of a native module's load error (it names the file and, for a wrong build, both ABI versions). */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * The driver, an optional dependency (DESIGN 9): where its prebuilt binary cannot be fetched and
 * no compiler builds it, `npm install` leaves it out. better-sqlite3 loads its native binary at
 * the first `new Database`, not at import: an in-memory database is opened here, so a binary that
 * is missing (an install without its scripts) or built for another Node.js (`NODE_MODULE_VERSION`,
 * ERR_DLOPEN_FAILED) is found here too, not as a raw error mid-run.
 */
export async function loadNativeSqlite(): Promise<NativeSqlite> {
  let Database: Driver;
  try {
    Database = (await import('better-sqlite3')).default;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    return { missing: 'is not installed here (an optional dependency: its prebuilt binary could not be fetched and it could not be built, or the install left optional dependencies out); "npm install better-sqlite3@12" where emctl is installed adds it' };
  }
  try {
    new Database(':memory:').close();
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_DLOPEN_FAILED' && !/Could not locate the bindings file|did not self-register|invalid ELF|NODE_MODULE_VERSION|wrong ELF class/.test(String(error))) throw error;
    return { missing: `is installed but its native binary does not load here (${firstLine(error)}); "npm rebuild better-sqlite3" where emctl is installed builds it` };
  }
  return { driver: Database };
}

/** How long to wait between two tries of a writer's opening that another writer's opening made busy. */
const OPEN_RETRY_MS = 25;

function openWriter(Database: Driver, path: string): BetterSqlite3.Database {
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL keeps the file consistent on a crash (a power cut may lose the last
    // run, which the next scheduled run writes again) and saves a sync per commit.
    db.pragma('synchronous = NORMAL');
    // A year of weekly rows for 500 teams is a key b-tree of ~15 MB: kept in memory while a run writes.
    db.pragma('cache_size = -65536');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export async function openSqlite(Database: Driver, path: string, options: { write: boolean }): Promise<Engine> {
  let db: BetterSqlite3.Database;
  if (options.write && existsSync(`${path}.lock`)) {
    // The WebAssembly build (where the native driver is missing) locks with that directory, which
    // this driver's locks do not see: never write beside it.
    throw new EmctlError(
      'config',
      `sqlite:${path}: another emctl is writing this file through the WebAssembly SQLite build (it holds the directory ${path}.lock), or one was stopped while using it and left that directory behind; run again when it is done (when none is running, remove the directory)`,
    );
  }
  try {
    if (options.write) {
      mkdirSync(dirname(path), { recursive: true });
      // Two writers opening a new file at once both ask to turn on WAL; SQLite answers one of them
      // SQLITE_BUSY at once, without its busy handler (waiting could deadlock the two). That one
      // opens again, within the same bound as any other wait for the lock.
      const deadline = Date.now() + BUSY_TIMEOUT_MS;
      for (;;) {
        try {
          db = openWriter(Database, path);
          break;
        } catch (error) {
          if (!isSqliteCode(error, 'SQLITE_BUSY') || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, OPEN_RETRY_MS));
        }
      }
    } else {
      db = new Database(path, { fileMustExist: true, readonly: true, timeout: BUSY_TIMEOUT_MS });
    }
  } catch (error) {
    if (!options.write && isSqliteCode(error, 'SQLITE_CANTOPEN')) throw new EmctlError('config', `sqlite:${path}: no such database file`);
    throw sqliteFailure(path, error);
  }
  const connection = {
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql);
      return { run: (params: SqlValue[]) => void statement.run(...params), all: (params: SqlValue[]) => statement.all(...params) as SqlRow[] };
    },
    exec: (sql: string) => void db.exec(sql),
    get inTransaction() {
      return db.inTransaction;
    },
    close: () => db.close(),
  };
  return sqliteEngine(connection, path, {
    write: options.write,
    beforeClose() {
      // The last writer out leaves the file in rollback-journal mode: a WAL file can be read only
      // where SQLite may create its -shm beside it, and `--from` reads where it may not write (a
      // read-only directory or mount). Another connection still open keeps WAL (the
      // switch then fails at once, busy_timeout 0, and is not needed).
      if (!options.write) return;
      try {
        db.pragma('busy_timeout = 0');
        db.pragma('journal_mode = DELETE');
      } catch {
        // another connection is open: it switches when it closes
      }
    },
  });
}
