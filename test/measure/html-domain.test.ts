// The html report's line charts share the window on their x axis: a metric with values in part of
// the window only (a duration before anything was merged) still spans every bucket, so the charts
// of a report line up date for date (src/measure/render/html-chart.ts).

import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../src/measure/result-model.js';
import { renderMeasurements } from '../../src/measure/render/index.js';

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

describe('html chart x axis', () => {
  it('every chart has a date under every bucket, at the same place', async () => {
    const html = await renderMeasurements(result, 'html', { color: false });
    const charts = [...html.matchAll(/<svg xmlns[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(charts).toHaveLength(2);
    const labels = charts.map((svg) => [...svg.matchAll(/<text class="x-label" x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => `${m[2]} @ ${m[1]}`));
    expect(labels[0]).toHaveLength(3);
    expect(labels[0]?.[0]).toMatch(/^Sep 1 - 7 @ /);
    expect(labels[1]).toEqual(labels[0]);
    // The duration's points start in the second week, over the second date.
    const points = [...(charts[1] ?? '').matchAll(/<circle cx="([\d.]+)"/g)].map((m) => m[1]);
    expect(points).toEqual(labels[0]?.slice(1).map((label) => label.split(' @ ')[1]));
  });
});
