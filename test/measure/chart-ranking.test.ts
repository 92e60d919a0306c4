// The order of the rows when every group gets one (heatmap, ranked table, bar chart;
// src/measure/render/series.ts ranked): by the group's value over the window, highest first (a
// total for counts, the mean of its buckets for durations), groups with no value last, ties in
// the report's one legend order. A daily count's last bucket (today) is often empty for every
// group, so the last value alone would rank by the alphabet.

import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../src/measure/result-model.js';
import { metricChart, ranked, reportGroups } from '../../src/measure/render/series.js';

const merged = { name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' } as const;
const cycle = { name: 'branch.computed.cycle_time', agg: 'p50', key: 'branch.computed.cycle_time:p50', unit: 'minutes' } as const;

/** Three daily buckets; group g has `perDay[g]` on each of the first two days, nothing on the last. */
function daily(perDay: Record<string, number | null>): MeasurementResult {
  const day = (d: number) => `2026-09-0${d}`;
  const rows = Object.entries(perDay).map(([name, n], i) => ({ group: 100 + i, name, values: { 'pr.merged': n, 'branch.computed.cycle_time:p50': n } }));
  return {
    report: undefined,
    metrics: [merged, cycle],
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

const order = (result: MeasurementResult, metric: typeof merged | typeof cycle) =>
  ranked(metricChart(result, metric, reportGroups(result)).series).map((s) => [s.label, s.window]);

describe('ranked rows', () => {
  it('counts by their total over the window, the empty last day counting 0', () => {
    expect(order(daily({ a: 1, b: 2, c: 4, d: 3 }), merged)).toEqual([
      ['c (102)', 8],
      ['d (103)', 6],
      ['b (101)', 4],
      ['a (100)', 2],
    ]);
  });

  it('durations by the mean of the buckets with a value; no value last; ties in legend order', () => {
    expect(order(daily({ y: 60, x: 60, q: null, z: 90 }), cycle)).toEqual([
      ['z (103)', 90],
      ['x (101)', 60],
      ['y (100)', 60],
      ['q (102)', null],
    ]);
  });
});
