// Aggregations of duration-like samples (DESIGN.md §6.2): avg is the mean; p50/p75/p90 are
// percentiles by linear interpolation between the closest ranks (numpy's default method).

import type { MetricAgg } from '../../contract/metrics.js';

export function mean(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total / values.length;
}

/** numpy.percentile(values, p * 100) with the default 'linear' method; `sorted` ascending, non-empty. */
export function percentile(sorted: Float64Array, p: number): number {
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

const LEVEL: Record<Exclude<MetricAgg, 'avg'>, number> = { p50: 0.5, p75: 0.75, p90: 0.9 };

/**
 * Non-empty samples of one metric in one group and bucket, sorted at most once however many
 * aggregations of it a query asks for.
 */
export class Samples {
  private sorted: Float64Array | undefined;

  constructor(readonly values: number[]) {}

  /** The aggregate; no agg (the metric's default) is the mean. */
  aggregate(agg: MetricAgg | undefined): number {
    const level = agg === undefined || agg === 'avg' ? undefined : LEVEL[agg];
    if (level === undefined) return mean(this.values);
    this.sorted ??= new Float64Array(this.values).sort();
    return percentile(this.sorted, level);
  }
}
