// The merged answer as emctl shows it (src/core/measurement-result.ts): each row's group and its
// name, values by metric key, rows ordered across batches the way the service orders one answer
// (by order_by with nulls last, ties by group key ascending; else by group key), and the user's
// limit applied per element after the merge, since each call was asked for all of its groups.

import type { MeasurementElement } from '../api/measurement-types.js';
import type { MeasurementResult, ResultElement, ResultRow } from '../core/measurement-result.js';
import { groupKeyOf, groupOf, nameColumnOf, numberOf, orderElementRows } from './calls.js';
import type { MeasureSpec } from '../core/measurement-spec.js';

export interface ResultContext {
  report: string | undefined;
  window: { after: string; before: string };
  /** Names by group key value (team id, repository id, ...). */
  names: ReadonlyMap<number | string, string>;
}

export function buildResult(spec: MeasureSpec, elements: readonly MeasurementElement[], ctx: ResultContext): MeasurementResult {
  const groupKey = groupKeyOf(spec.groupBy);
  const ordered = elements.map((e) => ({ ...e, metrics: [...e.metrics] }));
  orderElementRows(ordered, spec);
  let named = false;
  const out: ResultElement[] = ordered.map((element) => {
    const rows: ResultRow[] = element.metrics.map((row) => {
      const group = groupOf(row[groupKey]);
      const values: Record<string, number | null> = {};
      for (const m of spec.metrics) {
        const v = numberOf(row[m.key]);
        if (v !== undefined) values[m.key] = v;
      }
      const name = ctx.names.get(group);
      if (name !== undefined) named = true;
      return { group, name, values };
    });
    return { after: element.after, before: element.before, rows: spec.limit === undefined ? rows : rows.slice(0, spec.limit) };
  });
  return {
    report: ctx.report,
    metrics: spec.metrics,
    groupBy: spec.groupBy,
    groupKey,
    // No name known for any row (contributors: the API has no list of them) -> no name column,
    // rather than one that is always empty (docs/measurements.md).
    // With no rows at all, the column is kept when names are known (a team header stays a team header).
    nameColumn: named || (out.every((e) => e.rows.length === 0) && ctx.names.size > 0) ? nameColumnOf(spec.groupBy) : undefined,
    rollUp: spec.rollUp,
    after: ctx.window.after,
    before: ctx.window.before,
    elements: out,
    noData: false,
  };
}

/** The result of a request the service answered 204 for every call. */
export function noDataResult(spec: MeasureSpec, ctx: ResultContext): MeasurementResult {
  return { ...buildResult(spec, [], ctx), noData: true };
}
