// What the two chart formats (terminal chart, html) draw: the report's groups, each with one style
// slot (colour, terminal mark) for the whole report; its buckets with their inclusive labels and
// whether each is still in progress; and per metric every group's values in the chart's unit.
// The choice of drawing is made here once, so both formats agree: one bucket is a bar chart;
// up to MAX_SERIES groups a line each; more, a row each (a heatmap, or a ranked table with
// sparklines in the terminal), so every group is seen.

import type { MeasurementResult, ResultMetric } from '../result-model.js';
import { resultBuckets, type Bucket } from './buckets.js';
import { oneLine } from './rows.js';
import { metricTitle } from './titles.js';
import { chartUnitLabel } from './values.js';

/**
 * More lines than this on one chart cannot be told apart (managers called 8 spaghetti): past it
 * every group gets a row, in a heatmap or a ranked table with sparklines.
 */
export const MAX_SERIES = 6;

export type ChartKind = 'lines' | 'rows' | 'bars';

export interface ReportGroup {
  group: number | string;
  /** `Payments (42)`, or the bare id when emctl knows no name. */
  label: string;
  /** Its style slot, 0.. in legend order: the same colour and mark in every chart of the report. */
  slot: number;
}

export interface ChartSeries extends ReportGroup {
  /** One value per bucket in the chart's unit (the API's: durations in minutes, labelled as durations); null where there is none. */
  values: (number | null)[];
  /** The same values in the API's unit (for formatting as a person reads them). */
  raw: (number | null)[];
  /**
   * The group's value over the window in the API's unit, null when it has none: over the buckets
   * that have ended, or over those in progress when it has a value in none that has ended.
   */
  window: number | null;
  /** `window` comes from buckets in progress only (partial, shown as such). */
  windowPartial: boolean;
  /** Buckets without a value. */
  gaps: number;
}

/**
 * A goal's threshold on one metric of the report (DESIGN.md section 11, round 2, and section 12),
 * drawn as a labelled line; the caller matches goals to the report.
 */
export interface ChartThreshold {
  /** The metric key it is a threshold of (`branch.time_to_review:p75`). */
  metricKey: string;
  /** In the API's unit, as the chart's values. */
  value: number;
  /** `goal review-speed: at most 1d`. */
  label: string;
}

export interface MetricChart {
  metric: ResultMetric;
  /** `Cycle time, 75th percentile`. */
  title: string;
  /** The chart's unit (`duration`, `count`, ...), undefined when the spec states none. */
  unitLabel: string | undefined;
  /** How the window value is made: a total for amounts, the mean of the buckets otherwise. */
  windowWord: 'total' | 'average';
  /**
   * Some buckets are in progress and some have ended: the window values leave out those in
   * progress (a partial week would pull an average down, or count part of a total as if whole).
   */
  windowLeavesOutOpen: boolean;
  /** Every group of the report, in legend (slot) order. */
  series: ChartSeries[];
  /** The goals' thresholds on this metric, each a labelled line. */
  thresholds: ChartThreshold[];
}

export interface ReportCharts {
  kind: ChartKind;
  groups: ReportGroup[];
  buckets: Bucket[];
  charts: MetricChart[];
}

/** The legend's name of a group: its name (on one line) with the id in brackets, so both can be looked up. */
function groupLabel(group: number | string, name: string | undefined): string {
  return name === undefined || name === '' ? String(group) : `${oneLine(name)} (${group})`;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Every group of the report in one stable order, by label (numbers in ids compared as numbers):
 * the order of the legends, and the slot that gives a group its colour, whatever the values.
 */
export function reportGroups(result: MeasurementResult): ReportGroup[] {
  const names = new Map<number | string, string | undefined>();
  for (const element of result.elements) {
    for (const row of element.rows) {
      if (!names.has(row.group) || names.get(row.group) === undefined) names.set(row.group, row.name);
    }
  }
  const groups = [...names].map(([group, name]) => ({ group, label: groupLabel(group, name) }));
  groups.sort((a, b) => collator.compare(a.label, b.label) || collator.compare(String(a.group), String(b.group)));
  return groups.map((g, slot) => ({ ...g, slot }));
}

/** Amounts add up over the window; a duration, ratio or percentile does not, so it is averaged. */
function windowWordOf(metric: ResultMetric): 'total' | 'average' {
  return metric.unit === 'count' || metric.unit === 'lines' || metric.unit === 'days' ? 'total' : 'average';
}

/**
 * One metric over the report's groups. A count the group has no row for in a bucket is 0 there
 * (the service leaves out groups with nothing in a bucket, and counts are sums), once the group has
 * a value somewhere; any other missing value is a gap. `open[i]`: bucket i is in progress, so its
 * value is partial and left out of the window value (windowLeavesOutOpen).
 */
export function metricChart(result: MeasurementResult, metric: ResultMetric, groups: readonly ReportGroup[], open: readonly boolean[] = []): MetricChart {
  const unitLabel = chartUnitLabel(metric.unit);
  const windowWord = windowWordOf(metric);
  const index = new Map(groups.map((g, i) => [g.group, i]));
  const raws = groups.map(() => new Array<number | null>(result.elements.length).fill(null));
  result.elements.forEach((element, bucket) => {
    for (const row of element.rows) {
      const value = row.values[metric.key];
      const raw = raws[index.get(row.group) ?? -1];
      if (raw !== undefined && typeof value === 'number' && Number.isFinite(value)) raw[bucket] = value;
    }
  });
  const windowOf = (raw: readonly (number | null)[], take: (i: number) => boolean): number | null => {
    let total = 0;
    let counted = 0;
    raw.forEach((value, i) => {
      if (value === null || !take(i)) return;
      total += value;
      counted += 1;
    });
    return counted === 0 ? null : windowWord === 'total' ? total : total / counted;
  };
  const series = groups.map((g, i) => {
    const known = raws[i] ?? [];
    const any = known.some((value) => value !== null);
    const raw = metric.unit === 'count' && any ? known.map((value) => value ?? 0) : known;
    const ended = windowOf(raw, (b) => open[b] !== true);
    const window = ended ?? windowOf(raw, () => true);
    return {
      ...g,
      values: [...raw],
      raw,
      window,
      windowPartial: ended === null && window !== null,
      gaps: raw.filter((value) => value === null).length,
    };
  });
  const windowLeavesOutOpen = open.some((o) => o) && result.elements.some((_, b) => open[b] !== true);
  return { metric, title: metricTitle(metric), unitLabel, windowWord, windowLeavesOutOpen, series, thresholds: [] };
}

/** Series by their window value, highest first, those without one last; ties by legend order. */
export function ranked(series: readonly ChartSeries[]): ChartSeries[] {
  return [...series].sort((a, b) => {
    if (a.window === null || b.window === null) return (a.window === null ? 1 : 0) - (b.window === null ? 1 : 0) || a.slot - b.slot;
    return b.window - a.window || a.slot - b.slot;
  });
}

/**
 * The whole report as the chart formats draw it; `today` (yyyy-mm-dd) marks buckets in progress, as
 * does a stored bucket's `partialAt`; each threshold goes to the chart of its metric.
 */
export function reportCharts(result: MeasurementResult, today: string | undefined, thresholds: readonly ChartThreshold[] = []): ReportCharts {
  const groups = reportGroups(result);
  const buckets = resultBuckets(result, today);
  const kind: ChartKind = buckets.length === 1 ? 'bars' : groups.length > MAX_SERIES ? 'rows' : 'lines';
  const open = buckets.map((b) => b.inProgress);
  const charts = result.metrics.map((metric) => ({ ...metricChart(result, metric, groups, open), thresholds: thresholds.filter((t) => t.metricKey === metric.key) }));
  return { kind, groups, buckets, charts };
}

/** Groups with no value in some buckets (`gaps`) and groups with none at all (`empty`), in legend order. */
export function gapsOf(chart: MetricChart): { gaps: ChartSeries[]; empty: ChartSeries[] } {
  const gaps: ChartSeries[] = [];
  const empty: ChartSeries[] = [];
  for (const series of chart.series) {
    if (series.window === null) empty.push(series);
    else if (series.gaps > 0) gaps.push(series);
  }
  return { gaps, empty };
}
