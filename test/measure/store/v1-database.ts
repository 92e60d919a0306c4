// A database as emctl 1 wrote it (schema version 1: no `complete` column, buckets of one series
// free to overlap), for the migration tests. The table is written here as that version created it,
// not through today's code: a version-1 file is a format that no longer changes.

import Database from 'better-sqlite3';
import pg from 'pg';

function v1Schema(engine: 'sqlite' | 'postgres'): string[] {
  return [
    'CREATE TABLE IF NOT EXISTS emctl_meta (key TEXT PRIMARY KEY, value TEXT)',
    `CREATE TABLE emctl_measurements (
  source TEXT NOT NULL,
  metric TEXT NOT NULL,
  group_by TEXT NOT NULL,
  group_id TEXT NOT NULL,
  group_name TEXT,
  roll_up TEXT NOT NULL,
  "after" DATE NOT NULL,
  "before" DATE NOT NULL,
  filters TEXT NOT NULL,
  value DOUBLE PRECISION,
  fetched_at ${engine === 'postgres' ? 'TIMESTAMPTZ' : 'TIMESTAMP'} NOT NULL,
  PRIMARY KEY ("source", "metric", "group_by", "group_id", "filters", "roll_up", "after", "before")
${engine === 'sqlite' ? ') WITHOUT ROWID' : ') WITH (fillfactor = 70)'}`,
    "INSERT INTO emctl_meta (key, value) VALUES ('schema_version', '1')",
  ];
}

/** One row of a version-1 table: [source, metric, group_by, group_id, group_name, roll_up, after, before, filters, value, fetched_at]. */
export type V1Row = [string, string, string, string, string | null, string, string, string, string, number | null, string];

/** Creates a version-1 database at a sqlite: path and fills it from `rows` (an iterable, so a million rows need not be held at once). */
export function writeV1Sqlite(path: string, rows: Iterable<V1Row>): void {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      for (const sql of v1Schema('sqlite')) db.exec(sql);
      const insert = db.prepare('INSERT INTO emctl_measurements VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      for (const row of rows) insert.run(...row);
    })();
  } finally {
    db.close();
  }
}

/** The same into the (empty) PostgreSQL database of `url`. */
export async function writeV1Postgres(url: string, rows: readonly V1Row[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const sql of v1Schema('postgres')) await client.query(sql);
    for (const row of rows) await client.query('INSERT INTO emctl_measurements VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', row);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** Every pair of overlapping buckets of one series: the self-join a dashboard author would write. */
export const OVERLAPS_SQL = `SELECT a.metric, a.group_id, a."after" AS a_after, b."after" AS b_after
FROM emctl_measurements a JOIN emctl_measurements b
  ON a.source = b.source AND a.metric = b.metric AND a.group_by = b.group_by AND a.group_id = b.group_id
 AND a.filters = b.filters AND a.roll_up = b.roll_up
 AND a."after" < b."before" AND b."after" < a."before" AND (a."after" <> b."after" OR a."before" <> b."before")`;

/**
 * A large version-1 file made by SQLite itself (a recursive query, far faster than binding rows
 * one by one): `teams` x 4 metrics x `weeks` ISO weeks of one service, fetched the Monday after
 * each week, plus as many weeks from a Wednesday fetched earlier, each overlapping two ISO weeks
 * (the history a job on the wrong weekday left behind).
 */
export function writeLargeV1Sqlite(path: string, teams: number, weeks: number): void {
  writeV1Sqlite(path, []);
  const db = new Database(path);
  try {
    const per = 4 * weeks;
    // Each row of n is one week of one metric of one team, written twice: as the ISO week
    // (shift 0, fetched the Monday after it ended) and as the week from its Wednesday (shift 2,
    // fetched 5 days earlier, before the ISO week's fetch).
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${teams * per - 1}),
      r AS (SELECT i / ${per} AS team, (i / ${weeks}) % 4 AS m, i % ${weeks} AS w, s.shift, s.lag
            FROM n, (SELECT 0 AS shift, 0 AS lag UNION ALL SELECT 2, -5) AS s)
      INSERT INTO emctl_measurements
      SELECT 'https://big.example', 'metric.' || m, 'team', CAST(1000 + team AS TEXT), 'Team ' || team, '1w',
             date('2020-01-06', '+' || (7 * w + shift) || ' days'), date('2020-01-06', '+' || (7 * w + shift + 7) || ' days'),
             '{}', (team * 7 + w) % 97, date('2020-01-06', '+' || (7 * w + 14 + lag) || ' days') || 'T06:00:00Z'
      FROM r`);
  } finally {
    db.close();
  }
}
