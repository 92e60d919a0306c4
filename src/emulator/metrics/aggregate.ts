// Aggregations of duration-like samples (DESIGN.md §6.2): avg is the mean; p50/p75/p90 are
// percentiles by linear interpolation between the closest ranks (numpy's default method).

import type { MetricAgg } from '../../api/metrics.js';

export function mean(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total / values.length;
}

/** numpy.percentile(values, p * 100) with the default 'linear' method; `values` must be non-empty. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

const LEVEL: Record<Exclude<MetricAgg, 'avg'>, number> = { p50: 0.5, p75: 0.75, p90: 0.9 };

/** The aggregate of non-empty samples; no agg (the metric's default) is the mean. */
export function aggregate(values: readonly number[], agg: MetricAgg | undefined): number {
  if (agg === undefined || agg === 'avg') return mean(values);
  const level = LEVEL[agg];
  return level === undefined ? mean(values) : percentile(values, level);
}
