// Writes a run's rows (DESIGN.md §10): the schema brought to this emctl's version and every row
// upserted in one transaction, so a reader sees the run whole or not at all, and a re-run of the
// same window replaces values, names and fetched_at without adding a row. Nothing is deleted.

import { migrate } from './schema.js';
import { openEngine } from './open.js';
import { rowValues, type StoreRow } from './rows.js';
import { batchParams, upsertSql } from './sql.js';
import { shownTarget, type StoreTarget } from './target.js';

export async function writeStore(target: StoreTarget, rows: readonly StoreRow[], env: Record<string, string | undefined>): Promise<void> {
  const engine = await openEngine(target, { write: true, env });
  try {
    await engine.transaction(async (tx) => {
      await migrate(tx, engine.dialect, shownTarget(target));
      const per = engine.rowsPerStatement;
      const values = rows.map(rowValues);
      // Every batch but the last has the same size: one statement text, prepared once by SQLite.
      const full = upsertSql(engine.dialect, per);
      for (let start = 0; start < values.length; start += per) {
        const batch = values.slice(start, start + per);
        await tx.run(batch.length === per ? full : upsertSql(engine.dialect, batch.length), batchParams(engine.dialect, batch));
      }
    });
  } finally {
    await engine.close();
  }
}
