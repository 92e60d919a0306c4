// What the store needs of a database engine: statements inside one transaction. SQLite
// (better-sqlite3) and PostgreSQL (pg) each implement it in their own file, loaded only when used.

/** The SQL spoken: the two differ only in placeholders, the timestamp type and date text. */
export type Dialect = 'sqlite' | 'postgres';

export type SqlValue = string | number | null;
/** A statement's parameter: a value, or (PostgreSQL) an array of values. */
export type SqlParam = SqlValue | SqlValue[];
export type SqlRow = Record<string, SqlValue>;

export interface Tx {
  run(sql: string, params?: readonly SqlParam[]): Promise<void>;
  all(sql: string, params?: readonly SqlParam[]): Promise<SqlRow[]>;
}

export interface Engine {
  dialect: Dialect;
  /** Rows per upsert statement (bounded by the engine's parameter limit). */
  rowsPerStatement: number;
  /** Runs `fn` in one transaction that takes the write lock at its start; rolled back if it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
