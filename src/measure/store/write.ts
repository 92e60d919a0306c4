// Writes a run's rows (DESIGN.md §10) in one transaction, so a reader sees the run whole or not at
// all: the schema brought to this emctl's version; the stored buckets the run's rows overlap
// without being identical deleted (one bucket per moment: an unaligned week gives way to the ISO
// week that overlaps it); every row upserted, so a re-run of the same window replaces values,
// names, fetched_at and complete without adding a row; the longest bucket of the roll-up and the
// span of ended buckets the run fetched (fetched.ts) recorded. Nothing else is deleted.

import { addDays } from '../../contract/measurement-window.js';
import type { Dialect, Engine, Tx } from './engine.js';
import { recordFetched, type FetchedSpan } from './fetched.js';
import { migrate } from './schema.js';
import { openEngine } from './open.js';
import { longestBucketDays, replacements } from './overlaps.js';
import { rowValues, type StoreRow } from './rows.js';
import { batchParams, setMetaSql, upsertSql } from './sql.js';
import { longestBucketsSql, longestOf, replaceParams, replaceSql, setLongestParams, SQLITE_GROUPS_MAX, type RunSeries } from './sql-overlaps.js';
import { shownTarget, type StoreTarget } from './target.js';

/**
 * Deletes what the run's rows replace. Rows of one run share source, group_by, filters and roll-up
 * (storeRows); they are grouped again here so that a caller's mix is still right.
 */
async function replaceOverlapped(tx: Tx, dialect: Dialect, rows: readonly StoreRow[]): Promise<void> {
  const runs = new Map<string, { run: RunSeries; rows: StoreRow[] }>();
  let current: { run: RunSeries; rows: StoreRow[] } | undefined;
  for (const row of rows) {
    const run = current?.run;
    // Consecutive rows almost always share these: the key is built only when they change.
    if (run === undefined || row.source !== run.source || row.group_by !== run.group_by || row.filters !== run.filters || row.roll_up !== run.roll_up) {
      const key = JSON.stringify([row.source, row.group_by, row.filters, row.roll_up]);
      current = runs.get(key);
      if (!current) {
        current = { run: { source: row.source, group_by: row.group_by, filters: row.filters, roll_up: row.roll_up }, rows: [] };
        runs.set(key, current);
      }
    }
    current?.rows.push(row);
  }
  const longest = longestOf(await tx.all(longestBucketsSql()));
  for (const { run, rows: runRows } of runs.values()) {
    const days = longest.get(run.roll_up);
    for (const r of replacements(runRows)) {
      // A stored bucket overlapping the span starts at most `days` before it (never, when none is stored).
      const lowest = days === undefined ? r.after : addDays(r.after, -days);
      const per = dialect === 'postgres' ? r.groups.length : SQLITE_GROUPS_MAX;
      for (let at = 0; at < r.groups.length; at += per) {
        const groups = r.groups.slice(at, at + per);
        await tx.run(replaceSql(dialect, groups.length, r.buckets.length), replaceParams(dialect, run, r, groups, lowest));
      }
    }
  }
  for (const [rollUp, days] of longestBucketDays(rows)) {
    if (days > (longest.get(rollUp) ?? 0)) await tx.run(setMetaSql(dialect), setLongestParams(rollUp, days));
  }
}

/** Every row upserted, in batches of the engine's size (bench:store also times this alone). */
export async function upsertRows(tx: Tx, engine: Pick<Engine, 'dialect' | 'rowsPerStatement'>, rows: readonly StoreRow[]): Promise<void> {
  const per = engine.rowsPerStatement;
  const values = rows.map(rowValues);
  // Every batch but the last has the same size: one statement text, prepared once by SQLite.
  const full = upsertSql(engine.dialect, per);
  for (let start = 0; start < values.length; start += per) {
    const batch = values.slice(start, start + per);
    await tx.run(batch.length === per ? full : upsertSql(engine.dialect, batch.length), batchParams(engine.dialect, batch));
  }
}

/** `fetched`: the ended buckets the run fetched (rows.ts fetchedSpanOf), recorded with its rows. */
export async function writeStore(target: StoreTarget, rows: readonly StoreRow[], env: Record<string, string | undefined>, fetched?: FetchedSpan): Promise<void> {
  const engine = await openEngine(target, { write: true, env });
  try {
    await engine.transaction(async (tx) => {
      await migrate(tx, engine.dialect, shownTarget(target));
      await replaceOverlapped(tx, engine.dialect, rows);
      await upsertRows(tx, engine, rows);
      if (fetched !== undefined) await recordFetched(tx, engine.dialect, fetched);
    });
  } finally {
    await engine.close();
  }
}
