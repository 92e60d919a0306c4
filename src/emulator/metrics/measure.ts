// The v2 answer of a measurement query (DESIGN.md §6.2): for each time range, cut into roll-up
// buckets, the rows of the groups that have data, each with one value per requested metric. One
// pass over the pull requests the selection keeps; per (bucket, group) accumulators; rows built,
// ordered and paged per element.

import type { MeasurementRow } from '../../contract/measurement-types.js';
import { GROUP_BY_KEYS } from '../../contract/metrics.js';
import type { EmulatorState } from '../state/state.js';
import { type ActivityIndex, EVENT_COLUMNS, type EventColumn, forEachInWindow } from './activity-index.js';
import { Samples } from './aggregate.js';
import { type Bucket, bucketOf, cutRange, isoDay } from './buckets.js';
import { type MetricRule, metricRule } from './definitions.js';
import { orderRows } from './order.js';
import { type GroupKey, select } from './selection.js';
import type { MeasurementElement, MeasurementQuery } from './types.js';

const DAY = 86_400_000;

/** What one group gathered in one bucket. */
interface Acc {
  /** Pull requests with an event in the bucket. */
  prs: number;
  releases: number;
  sums: Float64Array;
  /** Per metric: its samples, under the first requested metric of the same name (see sampleSlots). */
  samples: (Samples | undefined)[];
  sets: (Set<number | string> | undefined)[];
}

/** Per group: its accumulator in each bucket of the current range (index = bucket). */
type GroupAccs = Map<GroupKey, (Acc | undefined)[]>;

export function measure(ix: ActivityIndex, state: EmulatorState, q: MeasurementQuery): MeasurementElement[] {
  const rules = q.metrics.map((m) => metricRule(m.name));
  // Metrics of the same name (cycle time p75 and p50) share one sample list.
  const firstOfName = new Map<string, number>();
  const sampleSlot = q.metrics.map((m, j) => {
    if (!firstOfName.has(m.name)) firstOfName.set(m.name, j);
    return firstOfName.get(m.name)!;
  });
  const selection = select(ix, state, q);
  const elements: MeasurementElement[] = [];
  for (const range of q.timeRanges) {
    const buckets = cutRange(range, q.rollUp);
    if (buckets.length === 0) continue;
    const groups: GroupAccs = new Map();
    gatherPullRequests(ix, q, rules, sampleSlot, selection, buckets, groups);
    if (rules.some((r) => r.kind === 'releases') && (q.groupBy === 'organization' || q.groupBy === 'repository')) {
      gatherReleases(ix, state, q, selection.releaseRepos, buckets, groups);
    }
    buckets.forEach((bucket, b) => {
      elements.push({ after: isoDay(bucket.start), before: isoDay(bucket.end), metrics: rowsOf(q, rules, sampleSlot, groups, b) });
    });
  }
  return elements;
}

/** True when no element has a row: the route answers 204. */
export function isEmptyAnswer(elements: readonly MeasurementElement[]): boolean {
  return elements.every((e) => e.metrics.length === 0);
}

function newAcc(metrics: number): Acc {
  return { prs: 0, releases: 0, sums: new Float64Array(metrics), samples: new Array(metrics), sets: new Array(metrics) };
}

function bucketsOf(groups: GroupAccs, key: GroupKey, count: number): (Acc | undefined)[] {
  let list = groups.get(key);
  if (list === undefined) {
    list = [];
    for (let b = 0; b < count; b++) list.push(undefined);
    groups.set(key, list);
  }
  return list;
}

function accAt(list: (Acc | undefined)[], b: number, metrics: number): Acc {
  let acc = list[b];
  if (acc === undefined) list[b] = acc = newAcc(metrics);
  return acc;
}

function addToSet(acc: Acc, j: number, value: number | string): void {
  let set = acc.sets[j];
  if (set === undefined) acc.sets[j] = set = new Set();
  set.add(value);
}

/** The bucket holding t, or -1 (t NaN = the event did not happen). Uniform steps need no search. */
function bucketFinder(buckets: Bucket[], q: MeasurementQuery): (t: number) => number {
  const start = buckets[0]!.start;
  const end = buckets[buckets.length - 1]!.end;
  if (buckets.length === 1) return (t) => (t >= start && t < end ? 0 : -1);
  if (q.rollUp === '1d' || q.rollUp === '1w') {
    const step = q.rollUp === '1d' ? DAY : 7 * DAY;
    return (t) => (t >= start && t < end ? Math.floor((t - start) / step) : -1);
  }
  return (t) => bucketOf(buckets, t);
}

const COLUMN_AT = Object.fromEntries(EVENT_COLUMNS.map((c, k) => [c, k])) as Record<EventColumn, number>;
const FIRST_COMMIT = COLUMN_AT.firstCommit;
const OPENED = COLUMN_AT.opened;
const END = COLUMN_AT.end;

function gatherPullRequests(
  ix: ActivityIndex,
  q: MeasurementQuery,
  rules: MetricRule[],
  sampleSlot: number[],
  selection: ReturnType<typeof select>,
  buckets: Bucket[],
  groups: GroupAccs,
): void {
  const after = buckets[0]!.start;
  const before = buckets[buckets.length - 1]!.end;
  const m = rules.length;
  const n = buckets.length;
  const find = bucketFinder(buckets, q);
  const columns = EVENT_COLUMNS.map((c) => ix.times[c]);
  const eventOf = rules.map((r) => ('event' in r ? COLUMN_AT[r.event] : -1));
  const keys: GroupKey[] = [];
  // Bucket of each event column for the current PR (-1 = outside the range).
  const at = new Int32Array(columns.length);
  // Distinct buckets the current PR has an event in (at most one per event).
  const inBuckets: number[] = [];
  const visit = (i: number) => {
    inBuckets.length = 0;
    for (let c = 0; c < columns.length; c++) {
      const b = find(columns[c]![i]!);
      at[c] = b;
      if (b >= 0 && c !== END && !inBuckets.includes(b)) inBuckets.push(b);
    }
    if (inBuckets.length === 0 || !selection.passes(i)) return;
    keys.length = 0;
    selection.groupsOf(i, keys);
    for (const key of keys) {
      const accs = bucketsOf(groups, key, n);
      for (const b of inBuckets) accAt(accs, b, m).prs += 1;
      for (let j = 0; j < m; j++) {
        const rule = rules[j]!;
        switch (rule.kind) {
          case 'sum': {
            const b = at[eventOf[j]!]!;
            if (b < 0) break;
            const v = rule.value(ix, i);
            if (!Number.isNaN(v)) accAt(accs, b, m).sums[j]! += v;
            break;
          }
          case 'sample': {
            const b = at[eventOf[j]!]!;
            if (b < 0 || sampleSlot[j] !== j) break;
            const v = rule.value(ix, i);
            if (Number.isNaN(v)) break;
            const acc = accAt(accs, b, m);
            const samples = acc.samples[j];
            if (samples) samples.values.push(v);
            else acc.samples[j] = new Samples([v]);
            break;
          }
          case 'activityDays':
          case 'contributorDays':
            for (const c of [FIRST_COMMIT, OPENED]) {
              const b = at[c]!;
              if (b < 0) continue;
              const day = Math.floor(columns[c]![i]! / DAY);
              addToSet(accAt(accs, b, m), j, rule.kind === 'activityDays' ? day : `${ix.author[i]!}:${day}`);
            }
            break;
          case 'repositories': {
            const b = at[OPENED]!;
            if (b >= 0) addToSet(accAt(accs, b, m), j, ix.repo[i]!);
            break;
          }
          default:
            break;
        }
      }
    }
  };
  for (const list of selection.lists) forEachInWindow(ix, list, after, before, visit);
}

/** Releases in organization and repository groups, limited by the repository filters only. */
function gatherReleases(
  ix: ActivityIndex,
  state: EmulatorState,
  q: MeasurementQuery,
  repos: Set<number> | undefined,
  buckets: Bucket[],
  groups: GroupAccs,
): void {
  const m = q.metrics.length;
  const count = (times: Float64Array, key: GroupKey) => {
    buckets.forEach((bucket, b) => {
      const n = lowerBound(times, bucket.end) - lowerBound(times, bucket.start);
      if (n > 0) accAt(bucketsOf(groups, key, buckets.length), b, m).releases += n;
    });
  };
  if (q.groupBy === 'organization' && repos === undefined) {
    count(ix.releasesAll, state.org.id);
    return;
  }
  const entries = repos === undefined ? ix.releasesByRepo.entries() : [...repos].map((r) => [r, ix.releasesByRepo.get(r)] as const);
  for (const [repo, times] of entries) {
    if (times) count(times, q.groupBy === 'organization' ? state.org.id : repo);
  }
}

function lowerBound(sorted: Float64Array, t: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (sorted[mid]! < t) a = mid + 1;
    else b = mid;
  }
  return a;
}

/**
 * A metric's value in a group, undefined when it has none. A count is 0 only in a group that has
 * a pull request in the element (DESIGN.md §6.2): a group there for its releases alone has
 * `releases.count` and nothing else.
 */
function valueOf(q: MeasurementQuery, rule: MetricRule, sampleSlot: number[], acc: Acc, j: number): number | undefined {
  if (acc.prs === 0 && rule.kind !== 'releases') return undefined;
  switch (rule.kind) {
    case 'sum':
      return acc.sums[j]!;
    case 'sample': {
      const samples = acc.samples[sampleSlot[j]!];
      if (!samples) return undefined;
      return samples.aggregate(rule.meanOnly ? undefined : q.metrics[j]!.agg);
    }
    case 'prsInRange':
      return acc.prs;
    case 'activityDays':
    case 'contributorDays':
    case 'repositories':
      return acc.sets[j]?.size ?? 0;
    case 'releases':
      return q.groupBy === 'organization' || q.groupBy === 'repository' ? acc.releases : undefined;
    case 'zero':
      return 0;
    case 'absent':
      return undefined;
  }
}

function rowsOf(q: MeasurementQuery, rules: MetricRule[], sampleSlot: number[], groups: GroupAccs, b: number): MeasurementRow[] {
  const keyName = GROUP_BY_KEYS[q.groupBy];
  const rows: MeasurementRow[] = [];
  for (const [key, accs] of groups) {
    const acc = accs[b];
    if (acc === undefined) continue;
    const row: MeasurementRow = { [keyName]: key };
    let any = false;
    rules.forEach((rule, j) => {
      const value = valueOf(q, rule, sampleSlot, acc, j);
      if (value !== undefined) {
        row[q.metrics[j]!.key] = value;
        any = true;
      } else if (q.returnNoData) {
        row[q.metrics[j]!.key] = null;
      }
    });
    if (any || q.returnNoData) rows.push(row);
  }
  return orderRows(q, keyName, rows);
}
