// `--format chart`: the report in the terminal, a block per metric under its human name (key and
// unit beside it, dim). What each block draws follows the report (series.ts): a line per group up
// to MAX_SERIES groups, with a legend giving each group's mark; past that a ranked table with a
// sparkline per group; with one bucket, a bar per group. A group keeps its mark and colour in
// every chart of the report, and no two groups of a chart share either.

import type { MeasurementResult } from '../result-model.js';
import { painter } from './colour.js';
import { NO_DATA, groupNoun, headingLine } from './rows.js';
import { openBucketsSentence, type Bucket } from './buckets.js';
import { gapsOf, reportCharts, type ChartKind, type ChartThreshold, type MetricChart } from './series.js';
import { colourOf, drawLines, markOf, THRESHOLD_COLOUR, THRESHOLD_MARK } from './terminal-lines.js';
import { barRows, rankedRows } from './terminal-rows.js';
import { formatValue } from './values.js';
import { cutTo, wrapTo } from './fit.js';
import { displayWidth, padTo } from './width.js';

const DEFAULT_CHART_WIDTH = 80;

/** At most this many names in a note; the table format has them all. */
const NOTE_NAMES = 12;

function names(series: readonly { label: string }[]): string {
  const shown = series.slice(0, NOTE_NAMES).map((s) => s.label);
  return series.length > shown.length ? `${shown.join(', ')} and ${series.length - shown.length} more` : shown.join(', ');
}

/** A group's line in `fit` columns: its name cut (never its value), a long note wrapped under it. */
function legend(chart: MetricChart, color: boolean, fit: number): string[] {
  const tails = chart.series.map((s) => {
    if (s.window === null) return { value: 'no values', gaps: '' };
    const partial = s.windowPartial ? ' so far' : '';
    return { value: `${chart.windowWord}${partial} ${formatValue(chart.metric.unit, s.window)}`, gaps: s.gaps > 0 ? `(no value in ${s.gaps} of ${s.values.length})` : '' };
  });
  const valueWidth = Math.max(...tails.map((t) => t.value.length));
  const width = Math.min(Math.max(...chart.series.map((s) => displayWidth(s.label))), Math.max(10, fit - 7 - valueWidth));
  const lines = chart.series.flatMap((s, i) => {
    const mark = painter(color, colourOf(s.slot))(markOf(s.slot).repeat(2));
    const tail = tails[i] ?? { value: '', gaps: '' };
    const head = `  ${mark} ${padTo(cutTo(s.label, width), width)}  ${tail.value}`;
    if (tail.gaps === '') return [head];
    // The gaps note goes on its line when it fits there, else under it.
    return 7 + width + tail.value.length + 2 + tail.gaps.length <= fit ? [`${head}  ${tail.gaps}`] : [head, `      ${tail.gaps}`];
  });
  if (!chart.windowLeavesOutOpen) return lines;
  const soFar = chart.series.some((s) => s.windowPartial) ? `; "${chart.windowWord} so far": from buckets in progress only` : '';
  return [...lines, ...wrapTo(`  ${chart.windowWord}s count the buckets that have ended${soFar}`, fit)];
}

/** A goal's line in the legend, in the line's own mark and colour. */
function thresholdLegend(chart: MetricChart, color: boolean, fit: number): string[] {
  return chart.thresholds.map((t) => `  ${painter(color, THRESHOLD_COLOUR)(`${THRESHOLD_MARK}${THRESHOLD_MARK}`)} ${cutTo(t.label, fit - 5)}`);
}

/** The metric's human name, its key and unit beside it (dim), or under it when the line would not fit. */
function titleLines(chart: MetricChart, color: boolean, fit: number): string[] {
  const bold = painter(color, 'bold');
  const dim = painter(color, 'dim');
  const unit = chart.unitLabel === undefined ? '' : `, ${chart.unitLabel}`;
  const key = `${chart.metric.key}${unit}`;
  if (displayWidth(`${chart.title}  ${key}`) <= fit) return [`${bold(chart.title)}  ${dim(key)}`];
  return [bold(cutTo(chart.title, fit)), `  ${dim(cutTo(key, fit - 2))}`];
}

function metricBlock(chart: MetricChart, kind: ChartKind, buckets: readonly Bucket[], groupTitle: string, width: number, color: boolean): string[] {
  const fit = width - 1;
  const title = titleLines(chart, color, fit);
  if (chart.series.every((s) => s.window === null)) return [...title, '  no values for this metric'];
  const only = buckets[0];
  if (kind === 'bars' && only !== undefined) return [...title, ...barRows(chart, only, width, color), ...thresholdLegend(chart, color, fit)];
  if (kind === 'rows') {
    const lines = [...title, ...rankedRows(chart, buckets, `${groupTitle.charAt(0).toUpperCase()}${groupTitle.slice(1)}`, color, width)];
    const { gaps, empty } = gapsOf(chart);
    if (gaps.length > 0) lines.push(...wrapTo(`  no value in some time ranges (· in the sparkline): ${names(gaps)}`, fit));
    if (empty.length > 0) lines.push(...wrapTo(`  no value at all: ${names(empty)}`, fit));
    return [...lines, ...thresholdLegend(chart, color, fit)];
  }
  return [...title, ...drawLines(chart, buckets, width, color), ...legend(chart, color, fit), ...thresholdLegend(chart, color, fit)];
}

export function renderMeasurementsChart(result: MeasurementResult, options: { color: boolean; width?: number; title?: string; today?: string; thresholds?: readonly ChartThreshold[] }): string {
  if (result.noData || result.elements.every((element) => element.rows.length === 0)) return `${NO_DATA}\n`;
  const width = Math.max(40, options.width ?? DEFAULT_CHART_WIDTH);
  const { kind, groups, buckets, charts } = reportCharts(result, options.today, options.thresholds);
  const groupTitle = groupNoun(result, 1);
  const blocks = charts.map((chart) => metricBlock(chart, kind, buckets, groupTitle, width, options.color).join('\n'));
  // Every line fits the width (its last column kept free): the heading and notes wrap at spaces.
  const heading = wrapTo(`${headingLine(result, options.title)}; ${groups.length} ${groupNoun(result, groups.length)}`, width - 1).join('\n');
  // A stored bucket that was partial is said once, with when it was fetched (a live one is labelled under each axis).
  const stored = openBucketsSentence(buckets.filter((b) => b.fetchedAt !== undefined));
  const partial = stored === undefined ? [] : [wrapTo(`${stored}: its values are partial.`, width - 1).join('\n')];
  return `${[heading, ...partial, ...blocks].join('\n\n')}\n`;
}
