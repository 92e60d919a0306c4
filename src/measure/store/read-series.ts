// Several stored series read in one transaction (`emctl goals --from`, DESIGN.md section 12): each
// selection chosen among what the store holds as `--from` chooses one (choose.ts: a metric, a
// grouping or a window the store does not hold is an error listing what it holds), its rows
// turned into the result every renderer and the goals' judge take (read.ts storedResult).

import { EmctlError } from '../../contract/errors.js';
import type { MeasurementResult } from '../result-model.js';
import { chooseSeries, type Holding, type StoreSelection } from './choose.js';
import { openEngine } from './open.js';
import { storedResult, withoutOverlaps } from './read.js';
import { checkReadable, storedVersion } from './schema.js';
import { holdingsSql, selectSql } from './sql.js';
import { shownTarget, type StoreTarget } from './target.js';

/** One result per selection, in order; `label` names the selection in its errors. */
export async function readSeries(target: StoreTarget, selections: readonly { label: string; selection: StoreSelection }[], env: Record<string, string | undefined>, now: Date): Promise<MeasurementResult[]> {
  const where = shownTarget(target);
  const engine = await openEngine(target, { write: false, env });
  try {
    return await engine.transaction(async (tx) => {
      const version = await storedVersion(tx, engine.dialect, false, where);
      checkReadable(version, where);
      if (version === 0) throw new EmctlError('config', `${where} holds no emctl measurements (no emctl_meta table): write some with emctl measurements --out first`);
      const holdings = (await tx.all(holdingsSql(engine.dialect))).map((h) => ({ ...h, n: Number(h.n) }) as unknown as Holding);
      const results: MeasurementResult[] = [];
      for (const { label, selection } of selections) {
        let series;
        try {
          series = chooseSeries(holdings, selection, now);
        } catch (error) {
          if (error instanceof EmctlError) throw new EmctlError(error.kind, `${label}${error.message}`, error.details);
          throw error;
        }
        const selected = await tx.all(selectSql(engine.dialect, series.metrics.length, version), [
          series.source, series.groupBy, series.rollUp, series.filters, series.after, series.before, ...series.metrics,
        ]);
        // A version-1 database may hold overlapping buckets: read as the migration would keep them.
        results.push(storedResult(series, version >= 2 ? selected : withoutOverlaps(selected), {}));
      }
      return results;
    });
  } finally {
    await engine.close();
  }
}
