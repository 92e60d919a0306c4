// Judging a goal (DESIGN.md section 12), pure: each group's value in the latest complete bucket
// against the threshold. A value equal to the threshold meets it. A group with no value there (no
// row, the metric left out of its row, null, or a bucket stored before it ended) is "no data":
// never met, never missed, and never judged on an older bucket. The bucket in progress is part of
// the history shown, never of the verdict.

import type { TimeRange } from '../../contract/measurement-types.js';
import { bucketHolding } from '../../contract/measurement-window.js';
import type { MeasurementResult, ResultElement } from '../result-model.js';
import type { GoalSpec } from './spec.js';
import type { GoalWindow } from './window.js';

export type Verdict = 'met' | 'missed' | 'no_data';

export interface HistoryPoint extends TimeRange {
  value: number | null;
  /** False for the bucket in progress, and for a bucket stored before it ended. */
  complete: boolean;
}

export interface JudgedGroup {
  id: number | string;
  name: string | undefined;
  /** The value in the judged bucket; null: no data. */
  value: number | null;
  verdict: Verdict;
  /** The value in the complete bucket before it. */
  previous: number | null;
  /** (value - previous) / previous in per cent, one decimal; null without both or when previous is 0. */
  changePct: number | null;
  /** The `last` buckets ending with the judged one, then the bucket in progress. */
  history: HistoryPoint[];
}

export interface JudgedGoal {
  goal: GoalSpec;
  window: GoalWindow;
  /** Those that miss first (furthest from the threshold first), then no data, then those that meet. */
  groups: JudgedGroup[];
  counts: Record<Verdict, number>;
  /** Read back from a history: the judged bucket was stored before it ended, at this instant (so nothing is judged). */
  judgedPartialAt?: string;
}

/** What the service (or the store) answered for a goal. */
export interface GoalAnswer {
  result: MeasurementResult;
  /** The groups the goal names (team ids, repository ids); undefined: every group the answer holds. */
  groups?: readonly (number | string)[];
}

/** Every calendar bucket of [after, before), in order. */
export function bucketsOf(range: TimeRange, rollUp: GoalSpec['rollUp']): TimeRange[] {
  const out: TimeRange[] = [];
  for (let at = range.after; at < range.before; ) {
    const bucket = bucketHolding(at, rollUp);
    out.push(bucket);
    at = bucket.before;
  }
  return out;
}

export function meets(goal: Pick<GoalSpec, 'direction' | 'threshold'>, value: number): boolean {
  return goal.direction === 'at_most' ? value <= goal.threshold : value >= goal.threshold;
}

/** How far a value misses, relative to the threshold (for ordering: the worst first). */
function shortfall(goal: GoalSpec, value: number): number {
  const base = Math.max(Math.abs(goal.threshold), 1e-9);
  return goal.direction === 'at_most' ? (value - goal.threshold) / base : (goal.threshold - value) / base;
}

const rangeKey = (r: TimeRange) => `${r.after}/${r.before}`;

export function judgeGoal(goal: GoalSpec, window: GoalWindow, answer: GoalAnswer): JudgedGoal {
  const key = goal.metric.key;
  const elements = new Map<string, ResultElement>();
  for (const element of answer.result.elements) elements.set(rangeKey(element), element);
  // Each group's value per bucket, and its name.
  const values = new Map<string, Map<number | string, number | null>>();
  const names = new Map<number | string, string | undefined>();
  const order: (number | string)[] = [...(answer.groups ?? [])];
  const wanted = answer.groups === undefined ? undefined : new Set(answer.groups.map(String));
  for (const element of answer.result.elements) {
    const byGroup = new Map<number | string, number | null>();
    values.set(rangeKey(element), byGroup);
    for (const row of element.rows) {
      if (wanted !== undefined && !wanted.has(String(row.group))) continue;
      const v = row.values[key];
      byGroup.set(row.group, typeof v === 'number' && Number.isFinite(v) ? v : null);
      if (!names.has(row.group)) {
        if (wanted === undefined) order.push(row.group);
        names.set(row.group, row.name);
      } else if (names.get(row.group) === undefined) names.set(row.group, row.name);
    }
  }
  const complete = (range: TimeRange) => {
    const element = elements.get(rangeKey(range));
    return element === undefined || element.partialAt === undefined;
  };
  const valueAt = (range: TimeRange, group: number | string) => values.get(rangeKey(range))?.get(group) ?? null;
  const historyBuckets = bucketsOf(window.history, goal.rollUp);

  const groups = [...new Set(order)].map((id): JudgedGroup => {
    const value = complete(window.judged) ? valueAt(window.judged, id) : null;
    const previous = complete(window.previous) ? valueAt(window.previous, id) : null;
    const history: HistoryPoint[] = historyBuckets.map((b) => ({ ...b, value: valueAt(b, id), complete: complete(b) }));
    history.push({ ...window.inProgress, value: valueAt(window.inProgress, id), complete: false });
    return {
      id,
      name: names.get(id),
      value,
      verdict: value === null ? 'no_data' : meets(goal, value) ? 'met' : 'missed',
      previous,
      changePct: value === null || previous === null || previous === 0 ? null : Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10,
      history,
    };
  });
  const rank = { missed: 0, no_data: 1, met: 2 } as const;
  const label = (g: JudgedGroup) => g.name ?? String(g.id);
  groups.sort((a, b) => {
    if (a.verdict !== b.verdict) return rank[a.verdict] - rank[b.verdict];
    if (a.verdict === 'missed' && a.value !== null && b.value !== null) {
      const by = shortfall(goal, b.value) - shortfall(goal, a.value);
      if (by !== 0) return by;
    }
    return label(a).localeCompare(label(b), 'en', { numeric: true }) || String(a.id).localeCompare(String(b.id), 'en', { numeric: true });
  });
  const counts = { met: 0, missed: 0, no_data: 0 };
  for (const g of groups) counts[g.verdict] += 1;
  const partialAt = elements.get(rangeKey(window.judged))?.partialAt;
  return partialAt === undefined ? { goal, window, groups, counts } : { goal, window, groups, counts, judgedPartialAt: partialAt };
}
