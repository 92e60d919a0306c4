// The SQL of schema version 2 (DESIGN.md §10): the `complete` column, the statements that keep one
// bucket per moment (a run's rows replace the stored buckets they overlap; the migration drops the
// older of two overlapping ones) and the `longest_bucket_days:` keys of emctl_meta that bound how
// far back a stored bucket can start and still overlap a new one. Both engines, one builder.

import type { Dialect, SqlParam, SqlValue } from './engine.js';
import type { Replacement } from './overlaps.js';
import { endedSql, META_TABLE, placeholder, q, TABLE } from './sql.js';

/** The columns that name one series: every key column but the bucket's dates. */
export const SERIES_COLUMNS = ['source', 'metric', 'group_by', 'group_id', 'filters', 'roll_up'] as const;
export type SeriesKey = Record<(typeof SERIES_COLUMNS)[number], string>;

/**
 * Version 2, first step: every row gets `complete`, true when it had ended when fetched. In
 * PostgreSQL the column is added true for every row (no row is rewritten: the value is kept in the
 * catalog) and only the few partial rows are updated; SQLite cannot change a column's default
 * afterwards, so there the column is added false and the complete rows updated.
 */
export function completeColumnSql(dialect: Dialect): string[] {
  if (dialect === 'postgres') {
    return [
      `ALTER TABLE ${TABLE} ADD COLUMN complete BOOLEAN NOT NULL DEFAULT TRUE`,
      `UPDATE ${TABLE} SET complete = FALSE WHERE NOT (${endedSql(dialect)})`,
      `ALTER TABLE ${TABLE} ALTER COLUMN complete SET DEFAULT FALSE`,
    ];
  }
  return [`ALTER TABLE ${TABLE} ADD COLUMN complete BOOLEAN NOT NULL DEFAULT FALSE`, `UPDATE ${TABLE} SET complete = TRUE WHERE ${endedSql(dialect)}`];
}

/**
 * The series that hold two overlapping buckets. In key order (a series' buckets by `after`, then
 * `before`) a series has an overlap exactly when some bucket starts before the one ahead of it
 * ends: if no neighbours overlap, every bucket starts at or after the end of all those ahead.
 */
export function overlappingSeriesSql(): string {
  const series = SERIES_COLUMNS.join(', ');
  return (
    `SELECT DISTINCT ${series} FROM (SELECT ${series}, "after", lag("before") OVER ` +
    `(PARTITION BY ${series} ORDER BY "after", "before") AS previous_before FROM ${TABLE}) AS w ` +
    `WHERE previous_before > "after"`
  );
}

/** The key columns, for deletes by key. */
const KEY = [...SERIES_COLUMNS, 'after', 'before'] as const;

/** `(columns) IN` tuples bound from `first`: VALUES rows in SQLite, one array per column unnested in PostgreSQL. */
function tuplesSql(dialect: Dialect, columns: readonly string[], types: readonly string[], count: number, first = 0): string {
  const p = (n: number) => placeholder(dialect, n);
  const list = columns.map(q).join(', ');
  if (dialect === 'postgres') return `(${list}) IN (SELECT * FROM unnest(${types.map((t, i) => `${p(first + i)}::${t}[]`).join(', ')}))`;
  const width = columns.length;
  const rows = Array.from({ length: count }, (_, r) => `(${Array.from({ length: width }, (_, c) => p(first + r * width + c)).join(', ')})`);
  return `(${list}) IN (VALUES ${rows.join(', ')})`;
}

function tupleParams(dialect: Dialect, tuples: readonly (readonly string[])[], width: number): SqlParam[] {
  if (dialect === 'sqlite') return tuples.flat();
  return Array.from({ length: width }, (_, c) => tuples.map((t) => t[c] ?? ''));
}

const SERIES_TYPES = SERIES_COLUMNS.map(() => 'text');
const KEY_TYPES = [...SERIES_TYPES, 'date', 'date'];

export function seriesTuple(key: SeriesKey): string[] {
  return SERIES_COLUMNS.map((c) => key[c]);
}

/** Series per read of their buckets, and keys per delete, in SQLite (each tuple binds one parameter per column; SQLite takes 32,766). */
export const SQLITE_SERIES_PER_READ = 50;
export const SQLITE_KEYS_PER_DELETE = 1_000;
/** The same in PostgreSQL, where a statement binds one array per column whatever the count. */
export const PG_SERIES_PER_READ = 500;
export const PG_KEYS_PER_DELETE = 20_000;

/** Every bucket of the given series, dates as text. */
export function seriesBucketsSql(dialect: Dialect, series: number): string {
  const text = (c: string, f: string) => (dialect === 'postgres' ? `to_char(${q(c)}, '${f}') AS ${q(c)}` : q(c));
  return (
    `SELECT ${SERIES_COLUMNS.join(', ')}, ${text('after', 'YYYY-MM-DD')}, ${text('before', 'YYYY-MM-DD')}, ${text('fetched_at', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')} ` +
    `FROM ${TABLE} WHERE ${tuplesSql(dialect, SERIES_COLUMNS, SERIES_TYPES, series)}`
  );
}

export function seriesBucketsParams(dialect: Dialect, series: readonly SeriesKey[]): SqlParam[] {
  return tupleParams(dialect, series.map(seriesTuple), SERIES_COLUMNS.length);
}

/** Deletes rows by their whole key (the migration's dropped buckets). */
export function deleteKeysSql(dialect: Dialect, keys: number): string {
  return `DELETE FROM ${TABLE} WHERE ${tuplesSql(dialect, KEY, KEY_TYPES, keys)}`;
}

export function deleteKeysParams(dialect: Dialect, keys: readonly (readonly string[])[]): SqlParam[] {
  return tupleParams(dialect, keys, KEY.length);
}

/** `("after", "before") [NOT] IN` the given pairs, parameters from `first`. */
function pairsSql(dialect: Dialect, pairs: number, first: number): string {
  if (dialect === 'postgres') return `SELECT * FROM unnest(${placeholder(dialect, first)}::date[], ${placeholder(dialect, first + 1)}::date[])`;
  return `VALUES ${Array.from({ length: pairs }, (_, i) => `(${placeholder(dialect, first + 2 * i)}, ${placeholder(dialect, first + 2 * i + 1)})`).join(', ')}`;
}

function pairParams(dialect: Dialect, pairs: readonly { after: string; before: string }[]): SqlParam[] {
  if (dialect === 'postgres') return [pairs.map((p) => p.after), pairs.map((p) => p.before)];
  return pairs.flatMap((p) => [p.after, p.before]);
}

/** Groups per replacement statement in SQLite. */
export const SQLITE_GROUPS_MAX = 1_000;

/** What a run shares across its rows. */
export interface RunSeries {
  source: string;
  group_by: string;
  filters: string;
  roll_up: string;
}

/**
 * One replacement (overlaps.ts): the stored buckets of `metric` x the groups that overlap
 * [after, before) and are none of the run's buckets there. `"after" >= lowest` bounds the index
 * range: no stored bucket of this roll-up is longer than the store has recorded, so none starting
 * earlier can reach the span.
 */
export function replaceSql(dialect: Dialect, groups: number, pairs: number): string {
  const p = (n: number) => placeholder(dialect, n);
  const groupList = dialect === 'postgres' ? `= ANY(${p(5)}::text[])` : `IN (${Array.from({ length: groups }, (_, i) => p(5 + i)).join(', ')})`;
  const next = dialect === 'postgres' ? 6 : 5 + groups;
  return (
    `DELETE FROM ${TABLE} WHERE source = ${p(0)} AND group_by = ${p(1)} AND filters = ${p(2)} AND roll_up = ${p(3)} AND metric = ${p(4)} ` +
    `AND group_id ${groupList} AND "after" >= ${p(next)} AND "after" < ${p(next + 1)} AND "before" > ${p(next + 2)} ` +
    `AND ("after", "before") NOT IN (${pairsSql(dialect, pairs, next + 3)})`
  );
}

export function replaceParams(dialect: Dialect, run: RunSeries, r: Replacement, groups: readonly string[], lowest: string): SqlParam[] {
  const head: SqlParam[] = [run.source, run.group_by, run.filters, run.roll_up, r.metric];
  const groupParams: SqlParam[] = dialect === 'postgres' ? [[...groups]] : [...groups];
  return [...head, ...groupParams, lowest, r.before, r.after, ...pairParams(dialect, r.buckets)];
}

const LONGEST = 'longest_bucket_days:';

/** The longest bucket the store holds, per roll-up, as its meta keys say. */
export function longestBucketsSql(): string {
  return `SELECT key, value FROM ${META_TABLE} WHERE key LIKE '${LONGEST}%'`;
}

export function longestOf(rows: readonly Record<string, SqlValue>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) out.set(String(row.key).slice(LONGEST.length), Number(row.value));
  return out;
}

/** The parameters of setMetaSql that record `days` as the longest bucket of `rollUp`. */
export function setLongestParams(rollUp: string, days: number): SqlValue[] {
  return [`${LONGEST}${rollUp}`, String(days)];
}

/** The longest bucket per roll-up over the whole table (the migration records it once). */
export function longestStoredSql(dialect: Dialect): string {
  const days = dialect === 'postgres' ? `max("before" - "after")` : `CAST(max(julianday("before") - julianday("after")) AS INTEGER)`;
  return `SELECT roll_up, ${days} AS days FROM ${TABLE} GROUP BY roll_up`;
}
