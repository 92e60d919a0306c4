// Which groups a chart draws when more than MAX_SERIES have values (src/measure/render/series.ts):
// the highest last value; ties by the higher mean over the window, then by name. A daily count's
// last bucket (today) is often empty for every group, and the alphabet alone then chose the lines.

import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../src/core/measurement-result.js';
import { metricChart } from '../../src/measure/render/series.js';

const merged = { name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' } as const;

/** Three daily buckets; group g has `perDay[g]` merged PRs on each of the first two days, none on the last. */
function daily(perDay: Record<string, number>): MeasurementResult {
  const day = (d: number) => `2026-09-0${d}`;
  const rows = Object.entries(perDay).map(([name, n], i) => ({ group: 100 + i, name, values: { 'pr.merged': n } }));
  return {
    report: undefined,
    metrics: [merged],
    groupBy: 'repository',
    groupKey: 'repository_id',
    nameColumn: 'repository_name',
    rollUp: '1d',
    after: day(1),
    before: day(4),
    elements: [
      { after: day(1), before: day(2), rows },
      { after: day(2), before: day(3), rows },
      { after: day(3), before: day(4), rows: [] },
    ],
    noData: false,
  };
}

describe('chart series ranking', () => {
  it('last values tied at 0: the busiest groups are drawn, not the first names', () => {
    // Means over the three days: a 2/3, b 4/3, c 6/3, d 8/3.
    const chart = metricChart(daily({ a: 1, b: 2, c: 3, d: 4 }), merged, 2);
    expect(chart.series.map((s) => s.label)).toEqual(['d (103)', 'c (102)']);
    expect(chart.series.map((s) => s.last)).toEqual([0, 0]);
    expect(chart.omitted).toBe(2);
  });

  it('a higher last value still wins over a higher mean; equal means fall back to the name', () => {
    const result = daily({ b: 5, a: 5, c: 9 });
    result.elements[2]!.rows = [{ group: 100, name: 'b', values: { 'pr.merged': 1 } }];
    // b: last 1; then a and c tied at 0, c's mean 18/3 above a's 10/3.
    expect(metricChart(result, merged, 3).series.map((s) => s.label)).toEqual(['b (100)', 'c (102)', 'a (101)']);
    expect(metricChart(daily({ y: 2, x: 2 }), merged, 2).series.map((s) => s.label)).toEqual(['x (101)', 'y (100)']);
  });
});
