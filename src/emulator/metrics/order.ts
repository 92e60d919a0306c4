// Order and page the rows of one element (DESIGN.md §6.2): order_by names a metric key as rows
// carry it, nulls (and absent values) last whatever the direction, ties by group key ascending;
// without order_by, by group key ascending (tool ids, then `manual`). For workflow groupings,
// additional_group_by_settings first keeps the top N tool groups by its order_by (highest values)
// and appends the manual group after them (after them also when order_by orders the tool groups).
// offset and limit apply last.

import type { MeasurementRow } from '../../contract/measurement-types.js';
import { WORKFLOW_TYPES, type WorkflowType } from '../../contract/metrics.js';
import type { MeasurementQuery } from './types.js';

type Key = number | string | null | undefined;

function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return String(a).localeCompare(String(b));
}

function byMetric(metric: string, dir: 'asc' | 'desc', keyName: string) {
  return (a: MeasurementRow, b: MeasurementRow): number => {
    const x = a[metric];
    const y = b[metric];
    const xNull = typeof x !== 'number';
    const yNull = typeof y !== 'number';
    if (xNull !== yNull) return xNull ? 1 : -1;
    if (!xNull && !yNull && x !== y) return dir === 'asc' ? x - y : y - x;
    return compareKeys(a[keyName], b[keyName]);
  };
}

export function orderRows(q: MeasurementQuery, keyName: string, rows: MeasurementRow[]): MeasurementRow[] {
  const order = (list: MeasurementRow[]) => (q.orderBy ? list.sort(byMetric(q.orderBy, q.orderDir, keyName)) : list.sort((a, b) => compareKeys(a[keyName], b[keyName])));
  let sorted: MeasurementRow[];
  if (q.additionalGroupBy && WORKFLOW_TYPES.includes(q.groupBy as WorkflowType)) {
    // The spec: the manual bucket "is always appended to the top-N groups", so it stays after
    // them whatever order_by and order_dir say of the tool groups.
    const manual = rows.filter((r) => r[keyName] === 'manual');
    const tools = rows.filter((r) => r[keyName] !== 'manual').sort(byMetric(q.additionalGroupBy.orderBy, 'desc', keyName));
    sorted = [...order(tools.slice(0, q.additionalGroupBy.maxItems)), ...manual];
  } else {
    sorted = order([...rows]);
  }
  const from = Math.max(0, q.offset);
  return q.limit === undefined ? sorted.slice(from) : sorted.slice(from, from + q.limit);
}
