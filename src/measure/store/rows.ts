// A run's answer as rows of `emctl_measurements` (DESIGN.md §10): one row per (bucket, group,
// metric), long format; a requested group with no data in a bucket gets a row with value null,
// also when the service had no data at all (204), so a dashboard sees the gap as a gap. A bucket
// that had not ended when fetched is stored with `complete` false.

import type { GroupBy, RollUp } from '../../contract/metrics.js';
import type { MeasurementResult } from '../result-model.js';
import { bucketEnded, formatDate, nextBucketStart } from '../../contract/measurement-window.js';
import type { SqlValue } from './engine.js';
import type { FetchedSpan } from './fetched.js';

export interface StoreRow {
  source: string;
  metric: string;
  group_by: GroupBy;
  group_id: string;
  group_name: string | null;
  roll_up: RollUp;
  after: string;
  before: string;
  filters: string;
  value: number | null;
  fetched_at: string;
  /** The bucket had ended when it was fetched (`fetched_at` on or after `before`). */
  complete: boolean;
}

/** What a run adds to its answer to make rows of it. */
export interface RowContext {
  /** The service's origin (or `emulator:FIXTURE`), so organizations share one database. */
  source: string;
  /** Canonical JSON of the request's other filters (filters.ts). */
  filters: string;
  /** When the answer was fetched, `yyyy-mm-ddThh:mm:ssZ`. */
  fetchedAt: string;
  /** The groups the request named (ids of its group-by dimension); each gets a row in every bucket. */
  groups: readonly (number | string)[];
  /** A group's name where the answer has none (a 204 answer has no rows to carry names). */
  names: ReadonlyMap<number | string, string>;
}

/** [after, before) cut into roll-up buckets as the service cuts them: from `after`, the last one ending at `before`. */
export function bucketsOf(after: string, before: string, rollUp: RollUp): { after: string; before: string }[] {
  if (rollUp === 'custom') return [{ after, before }];
  const end = Date.parse(`${before}T00:00:00Z`);
  const out: { after: string; before: string }[] = [];
  for (let at = Date.parse(`${after}T00:00:00Z`); at < end; ) {
    const next = Math.min(nextBucketStart(at, rollUp), end);
    out.push({ after: formatDate(new Date(at)), before: formatDate(new Date(next)) });
    at = next;
  }
  return out;
}

export function storeRows(result: MeasurementResult, ctx: RowContext): StoreRow[] {
  const elements = result.noData
    ? bucketsOf(result.after, result.before, result.rollUp).map((b) => ({ ...b, rows: [] }))
    : result.elements;
  const metrics = result.metrics.map((m) => m.key);
  const out: StoreRow[] = [];
  for (const element of elements) {
    const complete = bucketEnded(element.before, ctx.fetchedAt);
    // Where each group's rows start in `out`: a group the answer repeats is written once, the last
    // value kept (PostgreSQL refuses an upsert that touches one row twice), and requested groups
    // without a row are found in one pass.
    const at = new Map<string, number>();
    const add = (group: number | string, name: string | undefined, values: Readonly<Record<string, number | null>>) => {
      const groupId = String(group);
      const groupName = name ?? ctx.names.get(group) ?? null;
      const first = at.get(groupId);
      if (first === undefined) at.set(groupId, out.length);
      metrics.forEach((metric, i) => {
        // Every field written out, in one order: one object shape for 100,000 rows.
        const row: StoreRow = {
          source: ctx.source,
          metric,
          group_by: result.groupBy,
          group_id: groupId,
          group_name: groupName,
          roll_up: result.rollUp,
          after: element.after,
          before: element.before,
          filters: ctx.filters,
          value: values[metric] ?? null,
          fetched_at: ctx.fetchedAt,
          complete,
        };
        if (first === undefined) out.push(row);
        else out[first + i] = row;
      });
    };
    for (const row of element.rows) add(row.group, row.name, row.values);
    for (const group of ctx.groups) if (!at.has(String(group))) add(group, undefined, {});
  }
  return out;
}

/** A row's values in the column order of sql.ts COLUMNS (`complete` as 1 or 0, which both engines take for a boolean). */
export function rowValues(row: StoreRow): SqlValue[] {
  return [row.source, row.metric, row.group_by, row.group_id, row.group_name, row.roll_up, row.after, row.before, row.filters, row.value, row.fetched_at, row.complete ? 1 : 0];
}

/**
 * The buckets of a run's window that had ended when it was fetched, as one span of its series
 * (fetched.ts); undefined when none had ended. Kept whatever the answer held: a bucket with no row
 * was still fetched.
 */
export function fetchedSpanOf(result: MeasurementResult, ctx: Pick<RowContext, 'source' | 'filters' | 'fetchedAt'>): FetchedSpan | undefined {
  const ended = bucketsOf(result.after, result.before, result.rollUp).filter((b) => bucketEnded(b.before, ctx.fetchedAt));
  const first = ended[0];
  const last = ended[ended.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const metrics = result.metrics.map((m) => m.key);
  return { source: ctx.source, group_by: result.groupBy, roll_up: result.rollUp, filters: ctx.filters, metrics, after: first.after, before: last.before };
}
