// The html report's charts share the window on their x axis: a metric with values in part of the
// window only (a duration before anything was merged) still spans every bucket, so the charts of a
// report line up date for date (src/measure/render/html-chart.ts).

import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../src/core/measurement-result.js';
import { chartSpec } from '../../src/measure/render/html-chart.js';
import { metricChart, styleSlots } from '../../src/measure/render/series.js';

const merged = { name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' } as const;
const cycle = { name: 'branch.computed.cycle_time', agg: 'p75', key: 'branch.computed.cycle_time:p75', unit: 'minutes' } as const;

const result: MeasurementResult = {
  report: undefined,
  metrics: [merged, cycle],
  groupBy: 'organization',
  groupKey: 'organization_id',
  nameColumn: undefined,
  rollUp: '1w',
  after: '2026-09-01',
  before: '2026-09-22',
  elements: [
    { after: '2026-09-01', before: '2026-09-08', rows: [{ group: 1, name: undefined, values: { 'pr.merged': 0 } }] },
    { after: '2026-09-08', before: '2026-09-15', rows: [{ group: 1, name: undefined, values: { 'pr.merged': 2, 'branch.computed.cycle_time:p75': 600 } }] },
    { after: '2026-09-15', before: '2026-09-22', rows: [{ group: 1, name: undefined, values: { 'pr.merged': 1, 'branch.computed.cycle_time:p75': 120 } }] },
  ],
  noData: false,
};

type Spec = { data: { values: { date: number }[] }; encoding: { x: { scale: { type: string; domain?: number[] } } } };

describe('html chart x axis', () => {
  it('spans the first to the last bucket start for every metric', () => {
    const charts = result.metrics.map((m) => metricChart(result, m));
    const slots = styleSlots(charts);
    const window = [Date.UTC(2026, 8, 1), Date.UTC(2026, 8, 15)];
    for (const chart of charts) expect((chartSpec(chart, 'organization', slots) as Spec).encoding.x.scale).toEqual({ type: 'utc', domain: window });
    // The duration's points start in the second week; its axis still starts with the first.
    expect((chartSpec(charts[1]!, 'organization', slots) as Spec).data.values.map((v) => v.date)).toEqual([Date.UTC(2026, 8, 8), Date.UTC(2026, 8, 15)]);
  });

  it('one bucket: the axis is left to the point', () => {
    const one = { ...result, rollUp: 'custom' as const, elements: result.elements.slice(2) };
    expect((chartSpec(metricChart(one, merged), 'organization', new Map()) as Spec).encoding.x.scale).toEqual({ type: 'utc' });
  });
});
