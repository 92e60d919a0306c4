// `--from STORE` (DESIGN.md §10 and §12): stored rows back into the result every renderer and the
// goals' judge take, with no API call and no key; one reader for `measurements --from` and `goals
// --from`, so both refuse a store that lacks what they show. Rows go through the same buildResult
// as an API answer (order, limit, names, a row for every group), so a stored report reads like a
// fetched one.

import { metricKey, v1Metric, v2Metric, type GroupBy } from '../../contract/metrics.js';
import type { MeasurementElement, MeasurementRow, TimeRange } from '../../contract/measurement-types.js';
import { EmctlError } from '../../contract/errors.js';
import type { MeasurementResult, ResultMetric } from '../result-model.js';
import { splitMetric, type MeasureSpec } from '../spec.js';
import { groupKeyOf, groupOf } from '../calls.js';
import { buildResult } from '../result.js';
import { chooseSeries, describeHoldings, type Holding, type Series, type StoreSelection } from './choose.js';
import type { SqlRow } from './engine.js';
import { coversSpan, fetchedSpans } from './fetched.js';
import { openEngine } from './open.js';
import { checkReadable, storedVersion } from './schema.js';
import { droppedLatestFirst, type DatedBucket } from './overlaps.js';
import { holdingsSql, newestBucketSql, overlappingRowSql, selectSql } from './sql.js';
import { shownTarget, type StoreTarget } from './target.js';

export interface StoredRequest extends StoreSelection {
  /** Groups of the group-by dimension: ids or stored names. */
  groups?: string[];
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
  limit?: number;
}

function metricOf(key: string): ResultMetric {
  const { name, agg } = key.includes(':') ? splitMetric(key) : { name: key, agg: undefined };
  return { name, agg, key: metricKey(name, agg), unit: (v2Metric(name) ?? v1Metric(name))?.unit ?? 'unstated' };
}

/** The groups asked for, as stored ids: each given value is an id or a stored name. */
function chosenGroups(wanted: readonly string[] | undefined, names: ReadonlyMap<string, string>): string[] | undefined {
  if (wanted === undefined) return undefined;
  const byName = new Map<string, string>();
  for (const [id, name] of names) byName.set(name, id);
  const ids = new Set(names.keys());
  const out: string[] = [];
  const missing: string[] = [];
  for (const w of wanted) {
    if (ids.has(w)) out.push(w);
    else if (byName.has(w)) out.push(byName.get(w) as string);
    else missing.push(w);
  }
  if (missing.length > 0) {
    const held = [...names].map(([id, name]) => (name === '' ? id : `${id} (${name})`));
    const shown = held.length > 30 ? [...held.slice(0, 30), `... and ${held.length - 30} more`] : held;
    throw new EmctlError('config', `the store holds no group ${missing.join(', ')} for this selection; it holds ${held.length}: ${shown.join(', ')}`);
  }
  return [...new Set(out)];
}

/** The result of stored rows of one series (pure). */
export function storedResult(series: Series, rows: readonly SqlRow[], request: StoredRequest): MeasurementResult {
  if (request.orderBy !== undefined && !series.metrics.includes(request.orderBy)) {
    throw new EmctlError('config', `--order-by ${request.orderBy} is not one of the metrics shown (${series.metrics.join(', ')})`);
  }
  const groupBy = series.groupBy as GroupBy;
  const groupKey = groupKeyOf(groupBy);
  // The latest name each group was stored with.
  const names = new Map<string, string>();
  const nameAt = new Map<string, string>();
  for (const r of rows) {
    const id = String(r.group_id);
    if (!names.has(id)) names.set(id, '');
    if (typeof r.group_name === 'string' && String(r.fetched_at) >= (nameAt.get(id) ?? '')) {
      names.set(id, r.group_name);
      nameAt.set(id, String(r.fetched_at));
    }
  }
  const groups = chosenGroups(request.groups, names);
  const keep = groups === undefined ? undefined : new Set(groups);
  const elements = new Map<string, MeasurementElement & { byGroup: Map<string, MeasurementRow>; partialAt?: string }>();
  for (const r of rows) {
    const id = String(r.group_id);
    if (keep && !keep.has(id)) continue;
    const rangeKey = `${r.after}\u0000${r.before}`;
    let element = elements.get(rangeKey);
    if (!element) {
      element = { after: String(r.after), before: String(r.before), metrics: [], byGroup: new Map() };
      elements.set(rangeKey, element);
    }
    let row = element.byGroup.get(id);
    if (!row) {
      row = { [groupKey]: groupOf(id) };
      element.byGroup.set(id, row);
      element.metrics.push(row);
    }
    row[String(r.metric)] = r.value === null ? null : Number(r.value);
    const fetched = String(r.fetched_at);
    if (Number(r.complete) === 0 && (element.partialAt === undefined || fetched < element.partialAt)) element.partialAt = fetched;
  }
  const resultNames = new Map<number | string, string>();
  for (const [id, name] of names) if (name !== '') resultNames.set(groupOf(id), name);
  const spec: MeasureSpec = {
    metrics: series.metrics.map(metricOf),
    groupBy,
    rollUp: series.rollUp,
    window: { after: series.after, before: series.before },
    teamIds: [],
    repositoryIds: [],
    repositoryNames: [],
    contributorIds: [],
    serviceIds: [],
    labels: [],
    orderBy: request.orderBy,
    orderDir: request.orderDir ?? 'asc',
    limit: request.limit,
    format: 'table',
    out: undefined,
    title: undefined,
    withChildren: false,
  };
  const ordered = [...elements.values()].map(({ after, before, metrics }) => ({ after, before, metrics }));
  const partial = new Map([...elements.values()].filter((e) => e.partialAt !== undefined).map((e) => [`${e.after}/${e.before}`, e.partialAt as string]));
  const allGroups = (groups ?? [...names.keys()]).map(groupOf);
  const result = buildResult(spec, ordered, { report: undefined, window: { after: series.after, before: series.before }, names: resultNames, groups: allGroups });
  for (const element of result.elements) {
    const at = partial.get(`${element.after}/${element.before}`);
    if (at !== undefined) element.partialAt = at;
  }
  return result;
}

/** The rows a migration to version 2 would keep: per series (a metric of a group), the latest fetch first. */
export function withoutOverlaps(rows: readonly SqlRow[]): SqlRow[] {
  const bySeries = new Map<string, (SqlRow & DatedBucket)[]>();
  for (const row of rows) {
    const key = `${String(row.metric)}\u0000${String(row.group_id)}`;
    const list = bySeries.get(key) ?? [];
    if (list.length === 0) bySeries.set(key, list);
    list.push({ ...row, after: String(row.after), before: String(row.before), fetched_at: String(row.fetched_at) });
  }
  const dropped = new Set<SqlRow>();
  for (const list of bySeries.values()) for (const row of droppedLatestFirst(list)) dropped.add(row);
  return [...bySeries.values()].flat().filter((row) => !dropped.has(row)).sort((a, b) => (a.after < b.after ? -1 : a.after > b.after ? 1 : a.before < b.before ? -1 : a.before > b.before ? 1 : 0));
}

/** One read of `readStored`. */
export interface StoreRead {
  /** The selection, and for `measurements --from` the groups, order and limit. */
  request: StoredRequest;
  /** Put before this read's errors: which goals it serves (`goal \`x\`: `). */
  label?: string;
  /**
   * A bucket every metric asked must have been fetched after it ended (the goals' judged bucket):
   * rows stored then, or a fetch that found it quiet (fetched.ts: a quiet bucket stores no row).
   * Those without are given back with the newest bucket stored of them (and when their rows were
   * fetched, where they were stored only before the bucket ended), for the caller to refuse.
   * Given it, a window with no row at all is the caller's to word, not an error here.
   */
  required?: TimeRange;
}

/** The newest bucket stored of a metric of the series, and when it was fetched. */
export interface NewestBucket extends TimeRange {
  fetchedAt: string;
}

export interface StoredRead {
  result: MeasurementResult;
  /** Of the metrics asked, those with no row stored in `required`. */
  lacking: { metric: string; newest: NewestBucket | undefined; partialAt?: string }[];
}

/**
 * Stored series back as results, all in one transaction, for `measurements --from` (one read) and
 * `goals --from` (one read per shared request). A selection the store does not hold, or a window
 * with no whole bucket of it, is an error: a failed or stopped fetch never reads as "no data".
 */
export async function readStored(target: StoreTarget, reads: readonly StoreRead[], env: Record<string, string | undefined>, now: Date): Promise<StoredRead[]> {
  const where = shownTarget(target);
  const engine = await openEngine(target, { write: false, env });
  try {
    return await engine.transaction(async (tx) => {
      const version = await storedVersion(tx, engine.dialect, false, where);
      checkReadable(version, where);
      if (version === 0) throw new EmctlError('config', `${where} holds no emctl measurements (no emctl_meta table): write some with emctl measurements --out first`);
      const holdings = (await tx.all(holdingsSql(engine.dialect))).map((h) => ({ ...h, n: Number(h.n) }) as unknown as Holding);
      const out: StoredRead[] = [];
      for (const { request, label = '', required } of reads) {
        const labelled = (error: unknown) => (error instanceof EmctlError && label !== '' ? new EmctlError(error.kind, `${label}${error.message}`, error.details) : error);
        let series: Series;
        try {
          series = chooseSeries(holdings, request, now, { windowOutsideOk: required !== undefined });
        } catch (error) {
          throw labelled(error);
        }
        const key = [series.source, series.groupBy, series.rollUp, series.filters];
        const selected = await tx.all(selectSql(engine.dialect, series.metrics.length, version), [...key, series.after, series.before, ...series.metrics]);
        // A version-1 database may hold overlapping buckets: read as the migration would keep them.
        const rows = version >= 2 ? selected : withoutOverlaps(selected);
        const lacking: StoredRead['lacking'] = [];
        if (required !== undefined) {
          // Held: a row fetched after the bucket ended. Rows fetched only before are partial: the
          // fetch after its end did not run, as when nothing is stored.
          const held = new Set<string>();
          const partialAt = new Map<string, string>();
          for (const r of rows) {
            if (String(r.after) !== required.after || String(r.before) !== required.before) continue;
            const metric = String(r.metric);
            if (Number(r.complete) !== 0) held.add(metric);
            else if (String(r.fetched_at) > (partialAt.get(metric) ?? '')) partialAt.set(metric, String(r.fetched_at));
          }
          const seriesKey = { source: series.source, group_by: series.groupBy, roll_up: series.rollUp, filters: series.filters };
          for (const metric of series.metrics) {
            if (held.has(metric)) continue;
            // No row, but a run fetched the bucket after it ended: a quiet bucket, not a stopped
            // fetch. Unless a row cut otherwise overlaps it: an unaligned run replaced the bucket
            // (section 10) after the span was recorded, and the span no longer speaks for it.
            const fetched = await fetchedSpans(tx, engine.dialect, seriesKey, metric);
            if (fetched !== undefined && coversSpan(fetched, required.after, required.before)) {
              const [cutOtherwise] = await tx.all(overlappingRowSql(engine.dialect), [...key, metric, required.before, required.after]);
              if (cutOtherwise === undefined) continue;
            }
            const [newest] = await tx.all(newestBucketSql(engine.dialect), [...key, metric]);
            const partial = partialAt.get(metric);
            lacking.push({
              metric,
              newest: newest === undefined ? undefined : { after: String(newest.after), before: String(newest.before), fetchedAt: String(newest.fetched_at) },
              ...(partial === undefined ? {} : { partialAt: partial }),
            });
          }
        } else if (rows.length === 0) {
          throw labelled(new EmctlError('config', `the store holds no whole bucket inside [${series.after}, ${series.before}) for this selection`, describeHoldings(holdings)));
        }
        try {
          out.push({ result: storedResult(series, rows, request), lacking });
        } catch (error) {
          throw labelled(error);
        }
      }
      return out;
    });
  } finally {
    await engine.close();
  }
}

/** `measurements --from`: one read. */
export async function readStore(target: StoreTarget, request: StoredRequest, env: Record<string, string | undefined>, now: Date): Promise<MeasurementResult> {
  const [read] = await readStored(target, [{ request }], env, now);
  return (read as StoredRead).result;
}
