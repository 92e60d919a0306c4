// One bucket per moment (DESIGN.md §10, schema version 2): a series (source, metric, group_by,
// group_id, filters, roll_up) never holds two overlapping buckets. The pure halves of keeping it so:
// which stored buckets a run's rows replace (replacements: the SQL deletes them in the run's
// transaction), and which buckets of an older database survive (keptLatestFirst: the migration
// from version 1 and a read of a version-1 file). No I/O here.

import type { RollUp } from '../../contract/metrics.js';

export interface Bucket {
  after: string;
  before: string;
}

/** The fields of a stored row the rules look at. */
export interface DatedBucket extends Bucket {
  fetched_at: string;
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A day's number (days since 1970-01-01), each distinct date parsed once: a history repeats its dates in every series. */
function dayNumbers(): (date: string) => number {
  const known = new Map<string, number>();
  return (date) => {
    let n = known.get(date);
    if (n === undefined) {
      n = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
      known.set(date, n);
    }
    return n;
  };
}
const dayOf = dayNumbers();

/**
 * Which of one series' buckets stay, the most recently fetched first: a bucket is kept when it
 * overlaps none already kept, else dropped. Ties of `fetched_at` (two runs in one second) go to
 * the later bucket. Returns the dropped ones. Each bucket marks its days in one bitmap over the
 * series' span, so the cost is the number of days the buckets cover, never buckets x buckets.
 */
export function droppedLatestFirst<T extends DatedBucket>(series: readonly T[]): T[] {
  if (series.length < 2) return [];
  let first = Infinity;
  let last = -Infinity;
  const spans = series.map((bucket) => {
    const start = dayOf(bucket.after);
    const end = Math.max(start + 1, dayOf(bucket.before));
    if (start < first) first = start;
    if (end > last) last = end;
    return { bucket, start, end };
  });
  const taken = new Uint8Array(last - first);
  spans.sort((a, b) => {
    const x = a.bucket;
    const y = b.bucket;
    if (x.fetched_at !== y.fetched_at) return x.fetched_at < y.fetched_at ? 1 : -1;
    return b.start - a.start || b.end - a.end;
  });
  const dropped: T[] = [];
  for (const { bucket, start, end } of spans) {
    let free = true;
    for (let d = start - first; d < end - first && free; d++) if (taken[d] === 1) free = false;
    if (free) taken.fill(1, start - first, end - first);
    else dropped.push(bucket);
  }
  return dropped;
}

/**
 * Stored buckets to delete for one statement: of the series (`metric` x `groups`, within the run's
 * source, group_by, filters and roll-up), every bucket that overlaps [after, before) and is none
 * of `buckets` (which tile that span: a bucket overlapping the span overlaps one of them).
 */
export interface Replacement {
  metric: string;
  groups: string[];
  after: string;
  before: string;
  buckets: Bucket[];
}

/** A run's row as `replacements` reads it. */
export interface RunRow extends Bucket {
  metric: string;
  group_id: string;
}

/**
 * What a run's rows replace, as few statements as the run allows: series with the same buckets
 * share one per contiguous span of them (a whole run is usually one span per metric). A stored
 * bucket identical to a run's bucket is not replaced here: the upsert updates it in place.
 */
export function replacements(rows: readonly RunRow[]): Replacement[] {
  // Each distinct bucket gets a number (rows of one bucket come together, so the lookup is mostly
  // skipped), each series the numbers of its buckets in the run's order (time order), with no
  // string built per row: a run is 100,000 rows.
  const ids = new Map<string, Map<string, number>>();
  const buckets: Bucket[] = [];
  let last: RunRow | undefined;
  let lastId = -1;
  const bySeries = new Map<string, Map<string, number[]>>();
  for (const row of rows) {
    if (last === undefined || row.after !== last.after || row.before !== last.before) {
      let byBefore = ids.get(row.after);
      if (!byBefore) {
        byBefore = new Map();
        ids.set(row.after, byBefore);
      }
      let id = byBefore.get(row.before);
      if (id === undefined) {
        id = buckets.length;
        buckets.push({ after: row.after, before: row.before });
        byBefore.set(row.before, id);
      }
      lastId = id;
      last = row;
    }
    let groups = bySeries.get(row.metric);
    if (!groups) {
      groups = new Map();
      bySeries.set(row.metric, groups);
    }
    const list = groups.get(row.group_id);
    if (list) list.push(lastId);
    else groups.set(row.group_id, [lastId]);
  }
  // Series of one metric with the same buckets are one class.
  const out: Replacement[] = [];
  for (const [metric, groups] of bySeries) {
    const classes = new Map<string, { groups: string[]; ids: number[] }>();
    for (const [group, list] of groups) {
      const key = list.join(',');
      const known = classes.get(key);
      if (known) known.groups.push(group);
      else classes.set(key, { groups: [group], ids: list });
    }
    for (const c of classes.values()) {
      const sorted = c.ids.map((id) => buckets[id] as Bucket).sort((a, b) => (a.after < b.after ? -1 : a.after > b.after ? 1 : 0));
      let span: Bucket[] = [];
      const flush = () => {
        const first = span[0];
        const end = span[span.length - 1];
        if (first && end) out.push({ metric, groups: c.groups, after: first.after, before: end.before, buckets: span });
        span = [];
      };
      for (const bucket of sorted) {
        const previous = span[span.length - 1];
        if (previous && previous.before !== bucket.after) flush();
        span.push(bucket);
      }
      flush();
    }
  }
  return out;
}

/** The longest bucket of a run, in days, per roll-up (for the store's `longest_bucket_days:` keys). */
export function longestBucketDays(rows: readonly (Bucket & { roll_up: RollUp })[]): Map<RollUp, number> {
  const out = new Map<RollUp, number>();
  let last: (Bucket & { roll_up: RollUp }) | undefined;
  for (const row of rows) {
    // Rows of one bucket come together: each bucket is measured once per run of them.
    if (last !== undefined && row.after === last.after && row.before === last.before && row.roll_up === last.roll_up) continue;
    last = row;
    const days = daysBetween(row.after, row.before);
    if (days > (out.get(row.roll_up) ?? 0)) out.set(row.roll_up, days);
  }
  return out;
}
