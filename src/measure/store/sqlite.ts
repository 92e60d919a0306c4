// The SQLite engine (better-sqlite3 12.x: 13.x needs Node 22). WAL lets readers and one writer
// work at once, and the busy timeout makes a second writer wait for the first one's transaction
// instead of failing, so two scheduled jobs writing one file both succeed. Loaded only when a
// `sqlite:` store is used (the native module costs start-up time).

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { EmctlError } from '../../contract/errors.js';
import type { Engine, SqlParam, SqlRow, SqlValue, Tx } from './engine.js';

/** How long a writer waits for another's transaction before giving up. */
const BUSY_TIMEOUT_MS = 60_000;
/** 11 columns x 500 rows stays under SQLite's 32,766 parameters per statement. */
const ROWS_PER_STATEMENT = 500;

function failure(path: string, error: unknown): EmctlError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  // A damaged file is said so, with what to do; the transaction that met it wrote nothing.
  const damaged = typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code) ? ': the file is damaged or not a database; nothing was written to it (restore it from a backup, or move it aside and start a new one)' : '';
  return new EmctlError('config', `sqlite:${path}: ${message}${typeof code === 'string' && !message.includes(code) ? ` (${code})` : ''}${damaged}`);
}

type Driver = typeof BetterSqlite3;

const NOT_INSTALLED =
  'sqlite: stores need the SQLite driver better-sqlite3, an optional dependency that is not installed here (its prebuilt binary could not be fetched and it could not be built, or the install left optional dependencies out): add it with "npm install better-sqlite3@12" where emctl is installed (a prebuilt binary, or a C++ compiler and Python to build one), or use a postgres:// store';

/** The first line of a native module's load error (it names the file and, for a wrong build, both ABI versions). */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * The driver, an optional dependency (DESIGN 9): where its prebuilt binary cannot be fetched and
 * no compiler builds it, `npm install` leaves it out and every other command works. A `sqlite:`
 * store then says, before any request, what is missing and how to add it. better-sqlite3 loads
 * its native binary at the first `new Database`, not at import: an in-memory database is opened
 * here, so a binary that is missing (an install without its scripts) or built for another Node.js
 * (`NODE_MODULE_VERSION`, ERR_DLOPEN_FAILED) is said here too, not as a raw error mid-run.
 */
export async function loadSqliteDriver(): Promise<Driver> {
  let Database: Driver;
  try {
    Database = (await import('better-sqlite3')).default;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new EmctlError('config', NOT_INSTALLED);
  }
  try {
    new Database(':memory:').close();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_DLOPEN_FAILED' && !/Could not locate the bindings file|did not self-register|invalid ELF|NODE_MODULE_VERSION|wrong ELF class/.test(String(error))) throw error;
    throw new EmctlError(
      'config',
      `sqlite: stores need the SQLite driver better-sqlite3, whose native binary does not load here (${firstLine(error)}): it was not built, or was built for another Node.js version or platform; run "npm rebuild better-sqlite3" where emctl is installed (a prebuilt binary, or a C++ compiler and Python to build one), or use a postgres:// store`,
    );
  }
  return Database;
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

export async function openSqlite(path: string, options: { write: boolean }): Promise<Engine> {
  const Database = await loadSqliteDriver();
  let db: BetterSqlite3.Database;
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
          if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, OPEN_RETRY_MS));
        }
      }
    } else {
      db = new Database(path, { fileMustExist: true, readonly: true, timeout: BUSY_TIMEOUT_MS });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (!options.write && code === 'SQLITE_CANTOPEN') throw new EmctlError('config', `sqlite:${path}: no such database file`);
    throw failure(path, error);
  }
  const readOnlyDirectory = (error: unknown) =>
    (error as { code?: unknown }).code === 'SQLITE_READONLY_DIRECTORY'
      ? new EmctlError(
          'config',
          `sqlite:${path}: the file was left in WAL mode by a writer that is still open or was stopped, and its directory is read-only, so SQLite cannot read it here; read it where its directory is writable, or once its writer has closed`,
        )
      : undefined;
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const tx: Tx = {
    run(sql: string, params: readonly SqlParam[] = []) {
      prepared(sql).run(...(params as SqlValue[]));
      return Promise.resolve();
    },
    all(sql: string, params: readonly SqlParam[] = []) {
      return Promise.resolve(prepared(sql).all(...(params as SqlValue[])) as SqlRow[]);
    },
  };
  return {
    dialect: 'sqlite',
    rowsPerStatement: ROWS_PER_STATEMENT,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      try {
        // IMMEDIATE takes the write lock now (waiting up to the busy timeout), so a transaction
        // never fails half-way because another writer got there first.
        db.exec(options.write ? 'BEGIN IMMEDIATE' : 'BEGIN');
      } catch (error) {
        throw readOnlyDirectory(error) ?? failure(path, error);
      }
      try {
        const result = await fn(tx);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        if (error instanceof EmctlError) throw error;
        throw readOnlyDirectory(error) ?? failure(path, error);
      }
    },
    close() {
      // The last writer out leaves the file in rollback-journal mode: a WAL file can be read only
      // where SQLite may create its -shm beside it, and `--from` reads where it may not write (a
      // read-only directory or mount). Another connection still open keeps WAL (the
      // switch then fails at once, busy_timeout 0, and is not needed).
      if (options.write) {
        try {
          db.pragma('busy_timeout = 0');
          db.pragma('journal_mode = DELETE');
        } catch {
          // another connection is open: it switches when it closes
        }
      }
      db.close();
      return Promise.resolve();
    },
  };
}
