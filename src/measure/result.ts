// The merged answer as emctl shows it (src/core/measurement-result.ts): each row's group and its
// name, values by metric key, rows ordered across batches the way the service orders one answer
// (by order_by with nulls last, ties by group key ascending; else by group key), and the user's
// limit applied per element after the merge, since each call was asked for all of its groups.

import type { MeasurementElement, MeasurementRow } from '../api/measurement-types.js';
import type { MeasurementResult, ResultElement, ResultRow } from '../core/measurement-result.js';
import { groupKeyOf } from './calls.js';
import type { MeasureSpec } from '../core/measurement-spec.js';

const NAME_COLUMNS: Partial<Record<string, string>> = {
  team: 'team_name',
  repository: 'repository_name',
  contributor: 'contributor_name',
};

export interface ResultContext {
  report: string | undefined;
  window: { after: string; before: string };
  /** Names by group key value (team id, repository id, ...). */
  names: ReadonlyMap<number | string, string>;
}

function valueOf(v: MeasurementRow[string] | undefined): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Ascending group order: numbers by value, then strings (the `manual` bucket) by text. */
export function compareGroups(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortRows(rows: ResultRow[], orderBy: string | undefined, dir: 'asc' | 'desc'): void {
  rows.sort((a, b) => {
    if (orderBy !== undefined) {
      const x = a.values[orderBy];
      const y = b.values[orderBy];
      const xMissing = x === undefined || x === null;
      const yMissing = y === undefined || y === null;
      if (xMissing !== yMissing) return xMissing ? 1 : -1;
      if (!xMissing && !yMissing && x !== y) return dir === 'asc' ? x - y : y - x;
    }
    return compareGroups(a.group, b.group);
  });
}

export function buildResult(spec: MeasureSpec, elements: readonly MeasurementElement[], ctx: ResultContext): MeasurementResult {
  const groupKey = groupKeyOf(spec.groupBy);
  const out: ResultElement[] = elements.map((element) => {
    const rows: ResultRow[] = element.metrics.map((row) => {
      const raw = row[groupKey];
      const group = typeof raw === 'number' || typeof raw === 'string' ? (/^[0-9]+$/.test(String(raw)) ? Number(raw) : raw) : '';
      const values: Record<string, number | null> = {};
      for (const m of spec.metrics) {
        const v = valueOf(row[m.key]);
        if (v !== undefined) values[m.key] = v;
      }
      return { group, name: ctx.names.get(group), values };
    });
    sortRows(rows, spec.orderBy, spec.orderDir);
    return { after: element.after, before: element.before, rows: spec.limit === undefined ? rows : rows.slice(0, spec.limit) };
  });
  return {
    report: ctx.report,
    metrics: spec.metrics,
    groupBy: spec.groupBy,
    groupKey,
    nameColumn: NAME_COLUMNS[spec.groupBy],
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
