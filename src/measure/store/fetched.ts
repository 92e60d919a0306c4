// What the runs fetched (DESIGN.md §10 and §12): per series and metric, the spans of buckets that
// had ended when a run fetched them, kept in emctl_meta under `fetched:` keys. Rows alone cannot
// tell a quiet bucket from one never fetched: the service leaves out a group with nothing in a
// bucket, so a week without a merge, grouped by organization, stores no row at all. With these
// spans, a judged bucket with no row that a run fetched after it ended is quiet ("no data"), one
// no run fetched is a stopped fetch (an error). A store written before emctl kept them holds no
// such key: there, rows are the only evidence, as before.

import type { Dialect, SqlRow, Tx } from './engine.js';
import { META_TABLE, placeholder, setMetaSql } from './sql.js';

const FETCHED = 'fetched:';

/** A series of the store: what a run's rows share. */
export interface SeriesKey {
  source: string;
  group_by: string;
  roll_up: string;
  filters: string;
}

/** What one run fetched of ended buckets: its series, its metrics and [after, before). */
export interface FetchedSpan extends SeriesKey {
  metrics: readonly string[];
  after: string;
  before: string;
}

/** [after, before), yyyy-mm-dd. */
export type Span = readonly [string, string];

function fetchedKey(series: SeriesKey, metric: string): string {
  return `${FETCHED}${JSON.stringify([series.source, series.group_by, series.roll_up, series.filters, metric])}`;
}

/** `spans` with `add`, sorted, those that touch or overlap joined into one. */
export function mergeSpans(spans: readonly Span[], add: Span): Span[] {
  const sorted = [...spans, add].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: [string, string][] = [];
  for (const [after, before] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && after <= last[1]) {
      if (before > last[1]) last[1] = before;
    } else out.push([after, before]);
  }
  return out;
}

/** Whether one span holds the whole of [after, before). */
export function coversSpan(spans: readonly Span[], after: string, before: string): boolean {
  return spans.some((s) => s[0] <= after && before <= s[1]);
}

/** The spans a meta value holds; undefined for a value emctl did not write (read as no record). */
function parseSpans(value: unknown): Span[] | undefined {
  if (typeof value !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const spans: Span[] = [];
  for (const s of parsed) {
    if (!Array.isArray(s) || s.length !== 2 || typeof s[0] !== 'string' || typeof s[1] !== 'string') return undefined;
    spans.push([s[0], s[1]]);
  }
  return spans;
}

async function readSpans(tx: Tx, dialect: Dialect, key: string): Promise<SqlRow | undefined> {
  return (await tx.all(`SELECT value FROM ${META_TABLE} WHERE key = ${placeholder(dialect, 0)}`, [key]))[0];
}

/** Records a run's span for each of its metrics, inside the run's transaction. */
export async function recordFetched(tx: Tx, dialect: Dialect, span: FetchedSpan): Promise<void> {
  for (const metric of span.metrics) {
    const key = fetchedKey(span, metric);
    const held = parseSpans((await readSpans(tx, dialect, key))?.value) ?? [];
    await tx.run(setMetaSql(dialect), [key, JSON.stringify(mergeSpans(held, [span.after, span.before]))]);
  }
}

/** The spans fetched of a series' metric; undefined when the store keeps no record of it. */
export async function fetchedSpans(tx: Tx, dialect: Dialect, series: SeriesKey, metric: string): Promise<Span[] | undefined> {
  return parseSpans((await readSpans(tx, dialect, fetchedKey(series, metric)))?.value);
}
