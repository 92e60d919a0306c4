// What the two SQLite drivers share: the store's transactions over one connection, prepared
// statements kept for the connection's life, and the messages for what SQLite refuses. The native
// driver (sqlite.ts) and the WebAssembly build (sqlite-wasm.ts) each open their connection.

import { EmctlError } from '../../contract/errors.js';
import type { Engine, SqlParam, SqlRow, SqlValue, Tx } from './engine.js';

/** How long a writer waits for another's transaction before giving up. */
export const BUSY_TIMEOUT_MS = 60_000;
/** 11 columns x 500 rows stays under SQLite's 32,766 parameters per statement. */
const ROWS_PER_STATEMENT = 500;

export interface SqliteStatement {
  run(params: SqlValue[]): void;
  all(params: SqlValue[]): SqlRow[];
}

/** One open database of either driver. */
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  readonly inTransaction: boolean;
  /** Called once, after the last transaction: releases the statements too. */
  close(): void;
}

/** SQLite's result code of a driver's error: better-sqlite3 names it, the WebAssembly build only says it. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const message = error instanceof Error ? error.message : '';
  if (/file is not a database/.test(message)) return 'SQLITE_NOTADB';
  if (/database disk image is malformed/.test(message)) return 'SQLITE_CORRUPT';
  if (/database is locked/.test(message)) return 'SQLITE_BUSY';
  if (/unable to open database file/.test(message)) return 'SQLITE_CANTOPEN';
  return undefined;
}

export function isSqliteCode(error: unknown, code: string): boolean {
  return codeOf(error) === code;
}

export function sqliteFailure(path: string, error: unknown, busyHint = ''): EmctlError {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  // A damaged file is said so, with what to do; the transaction that met it wrote nothing.
  const damaged = code !== undefined && /^SQLITE_(CORRUPT|NOTADB)/.test(code) ? ': the file is damaged or not a database; nothing was written to it (restore it from a backup, or move it aside and start a new one)' : '';
  const busy = code === 'SQLITE_BUSY' ? busyHint : '';
  const named = code !== undefined && (error as { code?: unknown }).code === code && !message.includes(code) ? ` (${code})` : '';
  return new EmctlError('config', `sqlite:${path}: ${message}${named}${damaged}${busy}`);
}

export function sqliteEngine(db: SqliteConnection, path: string, options: { write: boolean; busyHint?: string; beforeClose?: () => void }): Engine {
  const readOnlyDirectory = (error: unknown) =>
    codeOf(error) === 'SQLITE_READONLY_DIRECTORY'
      ? new EmctlError(
          'config',
          `sqlite:${path}: the file was left in WAL mode by a writer that is still open or was stopped, and its directory is read-only, so SQLite cannot read it here; read it where its directory is writable, or once its writer has closed`,
        )
      : undefined;
  const fail = (error: unknown) => readOnlyDirectory(error) ?? sqliteFailure(path, error, options.busyHint);
  const statements = new Map<string, SqliteStatement>();
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
      prepared(sql).run(params as SqlValue[]);
      return Promise.resolve();
    },
    all(sql: string, params: readonly SqlParam[] = []) {
      return Promise.resolve(prepared(sql).all(params as SqlValue[]));
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
        throw fail(error);
      }
      try {
        const result = await fn(tx);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        if (error instanceof EmctlError) throw error;
        throw fail(error);
      }
    },
    close() {
      options.beforeClose?.();
      db.close();
      return Promise.resolve();
    },
  };
}
