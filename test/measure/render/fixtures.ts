// Hand-built measurement results for the renderer tests, shaped as `emctl measurements` builds them.

import type { MeasurementResult, ResultMetric, ResultRow } from '../../../src/measure/result-model.js';

export const cycleP75: ResultMetric = {
  name: 'branch.computed.cycle_time',
  agg: 'p75',
  key: 'branch.computed.cycle_time:p75',
  unit: 'minutes',
};
export const merged: ResultMetric = { name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' };
export const depth: ResultMetric = { name: 'pr.review_depth', agg: undefined, key: 'pr.review_depth', unit: 'ratio' };
export const sizeP75: ResultMetric = { name: 'pr.merged.size', agg: 'p75', key: 'pr.merged.size:p75', unit: 'lines' };

export function row(group: number | string, name: string | undefined, values: ResultRow['values']): ResultRow {
  return { group, name, values };
}

/** Two weekly buckets, two teams; the second bucket has a null (no sample) and a left-out key. */
export function weeklyByTeam(parts: Partial<MeasurementResult> = {}): MeasurementResult {
  return {
    report: 'weekly-delivery',
    metrics: [cycleP75, merged, depth, sizeP75],
    groupBy: 'team',
    groupKey: 'team_id',
    nameColumn: 'team_name',
    rollUp: '1w',
    after: '2026-09-07',
    before: '2026-09-21',
    elements: [
      {
        after: '2026-09-07',
        before: '2026-09-14',
        rows: [
          row(42, 'Payments', { 'branch.computed.cycle_time:p75': 3120, 'pr.merged': 12, 'pr.review_depth': 2.5, 'pr.merged.size:p75': 1537.5 }),
          row(7, 'Platform', { 'branch.computed.cycle_time:p75': 200.25, 'pr.merged': 3, 'pr.review_depth': 0.333333, 'pr.merged.size:p75': 40 }),
        ],
      },
      {
        after: '2026-09-14',
        before: '2026-09-21',
        rows: [
          row(42, 'Payments', { 'branch.computed.cycle_time:p75': 45, 'pr.merged': 1, 'pr.review_depth': 1, 'pr.merged.size:p75': 12 }),
          row(7, 'Platform', { 'branch.computed.cycle_time:p75': null, 'pr.merged': 0, 'pr.review_depth': 0 }),
        ],
      },
    ],
    noData: false,
    ...parts,
  };
}

export function noData(parts: Partial<MeasurementResult> = {}): MeasurementResult {
  return weeklyByTeam({ elements: [], noData: true, ...parts });
}

/** Grouped by organization: no name column, one metric, the whole window in one element. */
export function orgWhole(): MeasurementResult {
  return {
    report: undefined,
    metrics: [merged],
    groupBy: 'organization',
    groupKey: 'organization_id',
    nameColumn: undefined,
    rollUp: 'custom',
    after: '2026-06-01',
    before: '2026-09-01',
    elements: [{ after: '2026-06-01', before: '2026-09-01', rows: [row(1, undefined, { 'pr.merged': 12345 })] }],
    noData: false,
  };
}

/** Names that a careless writer would let break a CSV line, a Markdown row or an HTML page. */
export function awkwardNames(): MeasurementResult {
  return weeklyByTeam({
    metrics: [merged],
    elements: [
      {
        after: '2026-09-07',
        before: '2026-09-14',
        rows: [
          row(42, 'Pay|ments, "core"', { 'pr.merged': 2 }),
          row(43, '<b>Ops</b> & a\\b\nnext', { 'pr.merged': 1 }),
          row(44, undefined, { 'pr.merged': 0 }),
        ],
      },
    ],
  });
}
