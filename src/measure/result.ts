// The merged answer as emctl shows it (src/measure/result-model.ts): each row's group and its
// name, values by metric key, rows ordered across batches the way the service orders one answer
// (by order_by with nulls last, ties by group key ascending; else by group key), and the user's
// limit applied per element after the merge, since each call was asked for all of its groups.

import type { MeasurementElement, MeasurementRow } from '../contract/measurement-types.js';
import type { MeasurementResult, ResultElement, ResultRow } from './result-model.js';
import { groupKeyOf, groupOf, nameColumnOf, numberOf, orderElementRows } from './calls.js';
import type { MeasureSpec } from './spec.js';

export interface ResultContext {
  report: string | undefined;
  window: { after: string; before: string };
  /** Names by group key value (team id, repository id, ...). */
  names: ReadonlyMap<number | string, string>;
  /**
   * The groups the request named (ids of its group-by dimension): each appears in every time
   * range, with its values null where the service returned no row for it (DESIGN.md §6.1).
   */
  groups?: readonly (number | string)[];
}

/** The element's rows and a row of nulls for each requested group the service left out. */
function withRequestedGroups(rows: readonly MeasurementRow[], groupKey: string, groups: readonly (number | string)[], spec: MeasureSpec): MeasurementRow[] {
  if (groups.length === 0) return [...rows];
  const present = new Set(rows.map((row) => String(groupOf(row[groupKey]))));
  const out = [...rows];
  for (const group of groups) {
    if (present.has(String(group))) continue;
    present.add(String(group));
    const row: MeasurementRow = { [groupKey]: group };
    for (const m of spec.metrics) row[m.key] = null;
    out.push(row);
  }
  return out;
}

export function buildResult(spec: MeasureSpec, elements: readonly MeasurementElement[], ctx: ResultContext): MeasurementResult {
  const groupKey = groupKeyOf(spec.groupBy);
  const ordered = elements.map((e) => ({ ...e, metrics: withRequestedGroups(e.metrics, groupKey, ctx.groups ?? [], spec) }));
  orderElementRows(ordered, spec);
  const out: ResultElement[] = ordered.map((element) => {
    const rows: ResultRow[] = element.metrics.map((row) => {
      const group = groupOf(row[groupKey]);
      const values: Record<string, number | null> = {};
      for (const m of spec.metrics) {
        const v = numberOf(row[m.key]);
        if (v !== undefined) values[m.key] = v;
      }
      return { group, name: ctx.names.get(group), values };
    });
    return { after: element.after, before: element.before, rows: spec.limit === undefined ? rows : rows.slice(0, spec.limit) };
  });
  return {
    report: ctx.report,
    metrics: spec.metrics,
    groupBy: spec.groupBy,
    groupKey,
    // Always there for the groupings that have names, empty where unknown, so a loader's columns
    // do not depend on what this run happened to know (DESIGN.md §6.1).
    nameColumn: nameColumnOf(spec.groupBy),
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
