// Scales that one outlier cannot wash out (DESIGN.md §11, round 2): a heatmap's colours and the
// terminal's sparklines span the 5th to the 95th percentile of the metric's values; a value beyond
// that range takes the end of the scale and is marked, its exact value still written where it is
// shown. Percentiles interpolate between closest ranks (numpy's default, like the service's).

/** Where the scale starts and ends, in the values' own unit. */
export interface Domain {
  low: number;
  high: number;
}

/** The value at `p` (0..1) of ascending `sorted`, by linear interpolation between closest ranks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  const a = sorted[below] ?? 0;
  const b = sorted[above] ?? a;
  return a + (b - a) * (at - below);
}

export const LOW_PERCENTILE = 0.05;
export const HIGH_PERCENTILE = 0.95;

/**
 * The 5th to 95th percentile of `values` (nulls and non-finite values left out). When those meet
 * (most values equal), the whole range; when every value is the same, a range of one unit from it,
 * so every value sits at the scale's low end rather than dividing by zero.
 */
export function robustDomain(values: readonly (number | null | undefined)[]): Domain {
  const sorted = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { low: 0, high: 1 };
  let low = percentile(sorted, LOW_PERCENTILE);
  let high = percentile(sorted, HIGH_PERCENTILE);
  if (!(high > low)) {
    low = sorted[0] ?? 0;
    high = sorted[sorted.length - 1] ?? low;
  }
  return high > low ? { low, high } : { low, high: low + 1 };
}

export type Beyond = 'above' | 'below' | undefined;

/** Where `value` falls on the scale: 0 at its low end, 1 at its high end, clamped; and whether it lies beyond. */
export function placeOn(domain: Domain, value: number): { t: number; beyond: Beyond } {
  if (value > domain.high) return { t: 1, beyond: 'above' };
  if (value < domain.low) return { t: 0, beyond: 'below' };
  return { t: (value - domain.low) / (domain.high - domain.low), beyond: undefined };
}

/**
 * The scale of one metric's cells: those of buckets that have ended (a partial week's low count
 * would stretch it), all of them when none has ended.
 */
export function metricDomain(series: readonly { values: readonly (number | null)[] }[], ended: readonly boolean[]): Domain {
  const pick = (all: boolean) => series.flatMap((s) => s.values.filter((_, i) => all || ended[i] === true));
  const values = pick(false);
  return robustDomain(values.some((v) => v !== null) ? values : pick(true));
}
