// `--from STORE` (DESIGN.md §10): stored rows back into the result every renderer takes, with no
// API call and no key. Rows go through the same buildResult as an API answer (order, limit,
// names, a row for every group), so a stored report reads like a fetched one.

import { metricKey, v1Metric, v2Metric, type GroupBy } from '../../contract/metrics.js';
import type { MeasurementElement, MeasurementRow } from '../../contract/measurement-types.js';
import { EmctlError } from '../../contract/errors.js';
import type { MeasurementResult, ResultMetric } from '../result-model.js';
import { splitMetric, type MeasureSpec } from '../spec.js';
import { groupKeyOf, groupOf } from '../calls.js';
import { buildResult } from '../result.js';
import { chooseSeries, describeHoldings, type Holding, type Series, type StoreSelection } from './choose.js';
import type { SqlRow } from './engine.js';
import { openEngine } from './open.js';
import { checkReadable, storedVersion } from './schema.js';
import { droppedLatestFirst, type DatedBucket } from './overlaps.js';
import { holdingsSql, selectSql } from './sql.js';
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

export async function readStore(target: StoreTarget, request: StoredRequest, env: Record<string, string | undefined>, now: Date): Promise<MeasurementResult> {
  const where = shownTarget(target);
  const engine = await openEngine(target, { write: false, env });
  try {
    return await engine.transaction(async (tx) => {
      const version = await storedVersion(tx, engine.dialect, false, where);
      checkReadable(version, where);
      if (version === 0) throw new EmctlError('config', `${where} holds no emctl measurements (no emctl_meta table): write some with --out first`);
      const holdings = (await tx.all(holdingsSql(engine.dialect))).map((h) => ({ ...h, n: Number(h.n) }) as unknown as Holding);
      const series = chooseSeries(holdings, request, now);
      const selected = await tx.all(selectSql(engine.dialect, series.metrics.length, version), [
        series.source, series.groupBy, series.rollUp, series.filters, series.after, series.before, ...series.metrics,
      ]);
      // A version-1 database may hold overlapping buckets: shown as the migration would keep them.
      const rows = version >= 2 ? selected : withoutOverlaps(selected);
      if (rows.length === 0) {
        throw new EmctlError('config', `the store holds no whole bucket inside [${series.after}, ${series.before}) for this selection`, describeHoldings(holdings));
      }
      return storedResult(series, rows, request);
    });
  } finally {
    await engine.close();
  }
}
