// What the two chart formats (terminal chart, html) draw for one metric: the roll-up buckets along x
// and one series per group, in the chart's unit (durations in hours). Both formats show the same
// groups, so the choice of which groups fit on a chart is made here, once.

import type { MeasurementResult, ResultMetric } from '../../core/measurement-result.js';
import { oneLine } from './rows.js';
import { chartUnit } from './values.js';

/** More lines than this on one chart cannot be told apart; the others are left to the table. */
export const MAX_SERIES = 8;

export interface ChartSeries {
  group: number | string;
  /** `Payments (42)`, or the bare id when emctl knows no name. */
  label: string;
  /** One value per bucket in the chart's unit; null where the group has no value. */
  values: (number | null)[];
  /** The value in the last bucket that has one, in the API's unit (for the legend). */
  last: number;
  /** The value in the last bucket that has one, in the chart's unit (for ranking). */
  lastCharted: number;
  /** Buckets without a value. */
  gaps: number;
}

export interface MetricChart {
  metric: ResultMetric;
  /** The y axis unit (`hours`, `count`, ...), undefined when the spec states none. */
  unitLabel: string | undefined;
  /** Start date (`after`) of every bucket, in time order. */
  buckets: string[];
  /** The groups drawn, highest last value first. */
  series: ChartSeries[];
  /** Groups with a value that were not drawn (past MAX_SERIES). */
  omitted: number;
}

/** The legend's name of a group: its name (on one line) with the id in brackets, so both can be looked up. */
export function groupLabel(group: number | string, name: string | undefined): string {
  return name === undefined || name === '' ? String(group) : `${oneLine(name)} (${group})`;
}

/**
 * The series of one metric. A count the group has no row for in a bucket is 0 there (the service
 * leaves out groups with nothing in a bucket, and counts are sums); any other missing value is a
 * gap. Groups with no value at all are not drawn; of the rest, the MAX_SERIES with the highest last
 * value are drawn (ties by the higher mean over the window, then by label), the others counted in
 * `omitted`.
 */
export function metricChart(result: MeasurementResult, metric: ResultMetric, maxSeries = MAX_SERIES): MetricChart {
  const { label: unitLabel, factor } = chartUnit(metric.unit);
  const buckets = result.elements.map((element) => element.after);
  const byGroup = new Map<number | string, { name: string | undefined; raw: (number | null)[] }>();
  result.elements.forEach((element, bucket) => {
    for (const row of element.rows) {
      let entry = byGroup.get(row.group);
      if (entry === undefined) {
        entry = { name: row.name, raw: new Array<number | null>(buckets.length).fill(null) };
        byGroup.set(row.group, entry);
      }
      entry.name ??= row.name;
      const value = row.values[metric.key];
      if (typeof value === 'number' && Number.isFinite(value)) entry.raw[bucket] = value;
    }
  });

  const drawable: ChartSeries[] = [];
  // Ties of the last value (a daily chart's last bucket, today, is often 0 for every group) go to
  // the group with the higher mean over the window, then by name: not to the alphabet alone.
  const means = new Map<number | string, number>();
  for (const [group, { name, raw }] of byGroup) {
    let lastIndex = -1;
    raw.forEach((value, i) => {
      if (value !== null) lastIndex = i;
    });
    if (lastIndex < 0) continue;
    const filled = metric.unit === 'count' ? raw.map((value) => value ?? 0) : raw;
    const last = filled[filled.length - 1] ?? raw[lastIndex] ?? 0;
    let total = 0;
    let counted = 0;
    for (const value of filled) {
      if (value === null) continue;
      total += value;
      counted += 1;
    }
    means.set(group, total / counted);
    drawable.push({
      group,
      label: groupLabel(group, name),
      values: filled.map((value) => (value === null ? null : value * factor)),
      last,
      lastCharted: last * factor,
      gaps: filled.filter((value) => value === null).length,
    });
  }
  drawable.sort((a, b) => b.lastCharted - a.lastCharted || means.get(b.group)! - means.get(a.group)! || a.label.localeCompare(b.label));
  const series = drawable.slice(0, maxSeries);
  return { metric, unitLabel, buckets, series, omitted: drawable.length - series.length };
}

/**
 * One style slot (a colour, a line mark) per group for a whole report, in order of first appearance
 * across its charts, so a group looks the same in every chart of the report.
 */
export function styleSlots(charts: readonly MetricChart[]): Map<number | string, number> {
  const slots = new Map<number | string, number>();
  for (const chart of charts) {
    for (const series of chart.series) if (!slots.has(series.group)) slots.set(series.group, slots.size);
  }
  return slots;
}
