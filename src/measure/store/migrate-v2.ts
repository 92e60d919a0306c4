// Schema version 2 from version 1 (DESIGN.md §10), inside the caller's transaction so that a
// failure, or a process killed midway, leaves the version-1 database as it was: every row gets
// `complete` (true when `fetched_at` is on or after its `before`); in each series that holds
// overlapping buckets (runs on different weekdays stored Oct 17-23 beside Oct 19-25), the most
// recently fetched bucket is kept, then each older one only if it overlaps none kept; the longest
// bucket of each roll-up is recorded for the writes that follow. Only the series that overlap are
// read, a few hundred at a time, and their dropped rows deleted by key in large statements.

import type { SqlRow, Tx } from './engine.js';
import type { Dialect } from './engine.js';
import { droppedLatestFirst, type DatedBucket } from './overlaps.js';
import {
  completeColumnSql,
  deleteKeysParams,
  deleteKeysSql,
  longestStoredSql,
  overlappingSeriesSql,
  PG_KEYS_PER_DELETE,
  PG_SERIES_PER_READ,
  seriesBucketsParams,
  seriesBucketsSql,
  seriesTuple,
  setLongestParams,
  SERIES_COLUMNS,
  SQLITE_KEYS_PER_DELETE,
  SQLITE_SERIES_PER_READ,
  type SeriesKey,
} from './sql-overlaps.js';
import { setMetaSql } from './sql.js';

function seriesKey(row: SqlRow): SeriesKey {
  const key = {} as SeriesKey;
  for (const c of SERIES_COLUMNS) key[c] = String(row[c]);
  return key;
}

interface StoredBucket extends DatedBucket {
  series: string[];
}

/** The keys of the buckets that lose to a more recently fetched one, series by series. */
function losers(rows: readonly SqlRow[]): string[][] {
  const bySeries = new Map<string, StoredBucket[]>();
  for (const row of rows) {
    const series = seriesTuple(seriesKey(row));
    const id = series.join('\u0000');
    let list = bySeries.get(id);
    if (!list) {
      list = [];
      bySeries.set(id, list);
    }
    list.push({ series, after: String(row.after), before: String(row.before), fetched_at: String(row.fetched_at) });
  }
  const out: string[][] = [];
  for (const list of bySeries.values()) for (const b of droppedLatestFirst(list)) out.push([...b.series, b.after, b.before]);
  return out;
}

/** Returns how many overlapping buckets were dropped. */
export async function migrateToVersion2(tx: Tx, dialect: Dialect): Promise<number> {
  for (const sql of completeColumnSql(dialect)) await tx.run(sql);
  const [perRead, perDelete] = dialect === 'postgres' ? [PG_SERIES_PER_READ, PG_KEYS_PER_DELETE] : [SQLITE_SERIES_PER_READ, SQLITE_KEYS_PER_DELETE];
  const series = (await tx.all(overlappingSeriesSql())).map(seriesKey);
  let dropped = 0;
  for (let at = 0; at < series.length; at += perRead) {
    const chunk = series.slice(at, at + perRead);
    const keys = losers(await tx.all(seriesBucketsSql(dialect, chunk.length), seriesBucketsParams(dialect, chunk)));
    for (let d = 0; d < keys.length; d += perDelete) {
      const batch = keys.slice(d, d + perDelete);
      await tx.run(deleteKeysSql(dialect, batch.length), deleteKeysParams(dialect, batch));
    }
    dropped += keys.length;
  }
  for (const row of await tx.all(longestStoredSql(dialect))) {
    await tx.run(setMetaSql(dialect), setLongestParams(String(row.roll_up), Number(row.days)));
  }
  return dropped;
}
