// The SQL of the store, for both engines from one builder (DESIGN.md §10): the two dialects differ
// only in placeholders (`?` against `$1`), the timestamp type, how a date is read back as text and
// where a batch's rows come from. Everything else (the table, the primary key, the upsert) is the
// same statement text. The statements that keep one bucket per moment are in sql-overlaps.ts.

import type { Dialect, SqlValue } from './engine.js';

/** The columns of `emctl_measurements`, in the order rows are written. */
const COLUMNS = ['source', 'metric', 'group_by', 'group_id', 'group_name', 'roll_up', 'after', 'before', 'filters', 'value', 'fetched_at', 'complete'] as const;
/** The primary key: one row per (source, metric, group, filters, bucket). */
const KEY_COLUMNS = ['source', 'metric', 'group_by', 'group_id', 'filters', 'roll_up', 'after', 'before'] as const;
/** What a re-run replaces. */
const UPDATED_COLUMNS = ['group_name', 'value', 'fetched_at', 'complete'] as const;

export const TABLE = 'emctl_measurements';
export const META_TABLE = 'emctl_meta';

/** `after` and `before` are SQL keywords in SQLite: every column is quoted. */
export function q(column: string): string {
  return `"${column}"`;
}

export function metaTableSql(): string {
  return `CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT)`;
}

/** Sets one emctl_meta key (the longest bucket of a roll-up, what a series fetched). */
export function setMetaSql(dialect: Dialect): string {
  return `INSERT INTO ${META_TABLE} (key, value) VALUES (${placeholder(dialect, 0)}, ${placeholder(dialect, 1)}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
}

/** Schema version 1: the measurements table (version 2 adds `complete`: sql-overlaps.ts). */
export function measurementsTableSql(dialect: Dialect): string {
  const timestamp = dialect === 'postgres' ? 'TIMESTAMPTZ' : 'TIMESTAMP';
  return [
    `CREATE TABLE ${TABLE} (`,
    '  source TEXT NOT NULL,',
    '  metric TEXT NOT NULL,',
    '  group_by TEXT NOT NULL,',
    '  group_id TEXT NOT NULL,',
    '  group_name TEXT,',
    '  roll_up TEXT NOT NULL,',
    '  "after" DATE NOT NULL,',
    '  "before" DATE NOT NULL,',
    '  filters TEXT NOT NULL,',
    '  value DOUBLE PRECISION,',
    `  fetched_at ${timestamp} NOT NULL,`,
    `  PRIMARY KEY (${KEY_COLUMNS.map(q).join(', ')})`,
    // SQLite: the primary key's b-tree is the table, not a second index beside a rowid table, so
    // each row is written once (half the pages of a run).
    // PostgreSQL: an update writes a new row version; with room left in a page it lands beside the
    // old one without a new entry in the primary key's index (a HOT update: the key columns do not
    // change). 30% free keeps a re-run (all updates) within 1.5x of the first run at 1.4x the
    // space; 50% made it faster than the first run but doubled the table.
    dialect === 'sqlite' ? ') WITHOUT ROWID' : ') WITH (fillfactor = 70)',
  ].join('\n');
}

/** The placeholder of the n-th parameter (0-based). */
export function placeholder(dialect: Dialect, n: number): string {
  return dialect === 'postgres' ? `$${n + 1}` : '?';
}

/** PostgreSQL types of the columns, for the arrays of `unnest`. */
const PG_ARRAY_TYPES: Record<(typeof COLUMNS)[number], string> = {
  source: 'text[]', metric: 'text[]', group_by: 'text[]', group_id: 'text[]', group_name: 'text[]', roll_up: 'text[]',
  after: 'date[]', before: 'date[]', filters: 'text[]', value: 'float8[]', fetched_at: 'timestamptz[]', complete: 'bool[]',
};

/**
 * One statement writing a batch of rows: INSERT ... ON CONFLICT (key) DO UPDATE of the value, the
 * name and fetched_at, the same text for both engines (SQLite since 3.24) but for where the rows
 * come from. SQLite binds `rows` tuples of `?` (one prepared statement per batch size); PostgreSQL
 * binds one array per column and unnests them, 12 parameters whatever the batch, which pg sends
 * and the server parses far faster than 12 per row (`rows` is then only the batch's size).
 * The arrays are column-major: see `batchParams`.
 */
export function upsertSql(dialect: Dialect, rows: number): string {
  let source: string;
  if (dialect === 'postgres') {
    source = `SELECT * FROM unnest(${COLUMNS.map((c, i) => `${placeholder(dialect, i)}::${PG_ARRAY_TYPES[c]}`).join(', ')})`;
  } else {
    const width = COLUMNS.length;
    const tuples: string[] = [];
    for (let r = 0; r < rows; r += 1) {
      const cells: string[] = [];
      for (let c = 0; c < width; c += 1) cells.push(placeholder(dialect, r * width + c));
      tuples.push(`(${cells.join(', ')})`);
    }
    source = `VALUES ${tuples.join(', ')}`;
  }
  return (
    `INSERT INTO ${TABLE} (${COLUMNS.map(q).join(', ')}) ${source} ` +
    `ON CONFLICT (${KEY_COLUMNS.map(q).join(', ')}) DO UPDATE SET ${UPDATED_COLUMNS.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`
  );
}

/** The parameters of `upsertSql` for rows given as value lists in COLUMNS order. */
export function batchParams(dialect: Dialect, rows: readonly (readonly SqlValue[])[]): SqlValue[] | SqlValue[][] {
  if (dialect === 'sqlite') return rows.flat();
  return COLUMNS.map((_, c) => rows.map((row) => row[c] ?? null));
}

/** A date or timestamp column read back as text (pg would make a local-time Date of it). */
export function asText(dialect: Dialect, column: string, format: string): string {
  return dialect === 'postgres' ? `to_char(${q(column)}, '${format}') AS ${q(column)}` : q(column);
}

/** What the store holds, one line per series: the listing of errors, and how --from chooses. */
export function holdingsSql(dialect: Dialect): string {
  const first = dialect === 'postgres' ? `to_char(min("after"), 'YYYY-MM-DD')` : 'min("after")';
  const last = dialect === 'postgres' ? `to_char(max("before"), 'YYYY-MM-DD')` : 'max("before")';
  return (
    `SELECT source, group_by, roll_up, filters, metric, count(*) AS n, ${first} AS first, ${last} AS last ` +
    `FROM ${TABLE} GROUP BY source, group_by, roll_up, filters, metric ORDER BY source, group_by, roll_up, filters, metric`
  );
}

/** `fetched_at` on or after the bucket's end (00:00 UTC of `before`): the bucket had ended when fetched. */
export function endedSql(dialect: Dialect): string {
  return dialect === 'postgres' ? `fetched_at >= ("before"::timestamp AT TIME ZONE 'UTC')` : `fetched_at >= "before" || 'T00:00:00Z'`;
}

/**
 * The rows of one series, for the given metrics, with buckets inside [after, before). A version-1
 * database has no `complete` column: it is computed as the migration would (section 10).
 */
export function selectSql(dialect: Dialect, metrics: number, version: number): string {
  const p = (n: number) => placeholder(dialect, n);
  const metricList = Array.from({ length: metrics }, (_, i) => p(6 + i)).join(', ');
  const complete = version >= 2 ? `CASE WHEN complete THEN 1 ELSE 0 END AS complete` : `CASE WHEN ${endedSql(dialect)} THEN 1 ELSE 0 END AS complete`;
  const columns = [
    'metric', 'group_id', 'group_name', asText(dialect, 'after', 'YYYY-MM-DD'), asText(dialect, 'before', 'YYYY-MM-DD'), 'value',
    asText(dialect, 'fetched_at', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), complete,
  ];
  return (
    `SELECT ${columns.join(', ')} FROM ${TABLE} ` +
    `WHERE source = ${p(0)} AND group_by = ${p(1)} AND roll_up = ${p(2)} AND filters = ${p(3)} AND "after" >= ${p(4)} AND "before" <= ${p(5)} ` +
    `AND metric IN (${metricList}) ORDER BY "after", "before"`
  );
}

/** One metric of one series: source, group_by, roll_up, filters and metric are the first five placeholders. */
function seriesMetricWhere(dialect: Dialect): string {
  const p = (n: number) => placeholder(dialect, n);
  return `source = ${p(0)} AND group_by = ${p(1)} AND roll_up = ${p(2)} AND filters = ${p(3)} AND metric = ${p(4)}`;
}

/** The newest bucket of one metric of a series (any group), and its latest fetch: what a stopped fetch last stored. */
export function newestBucketSql(dialect: Dialect): string {
  const columns = [asText(dialect, 'after', 'YYYY-MM-DD'), asText(dialect, 'before', 'YYYY-MM-DD'), asText(dialect, 'fetched_at', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')];
  return (
    `SELECT ${columns.join(', ')} FROM ${TABLE} ` +
    `WHERE ${seriesMetricWhere(dialect)} ` +
    `ORDER BY "before" DESC, "after" DESC, fetched_at DESC LIMIT 1`
  );
}

/**
 * Whether a row of one metric of a series overlaps [after, before) (the first two placeholders
 * after the series and metric): a bucket cut otherwise than the judged one (an unaligned week
 * that replaced it) means the judged bucket is not held, however a fetched span reads.
 */
export function overlappingRowSql(dialect: Dialect): string {
  return (
    `SELECT 1 AS hit FROM ${TABLE} ` +
    `WHERE ${seriesMetricWhere(dialect)} ` +
    `AND "after" < ${placeholder(dialect, 5)} AND "before" > ${placeholder(dialect, 6)} LIMIT 1`
  );
}

/** A query answering one row (with a non-null `name`) when `table` exists. */
export function tableExistsSql(dialect: Dialect, table: string): string {
  return dialect === 'postgres'
    ? `SELECT to_regclass('${table}')::text AS name`
    : `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${table}'`;
}
