// The terminal chart's two row-per-group forms. Past MAX_SERIES groups, lines cannot be told
// apart, so every group gets a ranked row: its rank, its name, a sparkline of its buckets (one
// character each, ▁ to █ on the metric's 5th to 95th percentile, ▲ and ▼ beyond it, · where it has
// no value, ░ while the bucket is in progress) and its value over the window. With one bucket, a horizontal bar per group, highest first. Groups with no value
// keep their row at the end.

import { painter } from './colour.js';
import type { Bucket } from './buckets.js';
import type { MetricChart } from './series.js';
import { MAX_SERIES, ranked } from './series.js';
import { metricDomain, placeOn, type Domain } from './scale.js';
import { colourOf } from './terminal-lines.js';
import { formatValue } from './values.js';
import { cutTo, wrapTo } from './fit.js';
import { displayWidth, padTo } from './width.js';

const LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const GAP = '·';
const ABOVE = '▲';
const BELOW = '▼';
const FULL = '█';
const OPEN = '░';
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/**
 * One character per value on the scale (the metric's 5th to 95th percentile): ▁ to █ within it,
 * ▲ above it, ▼ below it, · for no value. One outlier takes ▲ instead of flattening every other
 * line to ▁.
 */
export function sparkline(values: readonly (number | null)[], domain: Domain, open: readonly boolean[] = [], dim: (text: string) => string = (t) => t): string {
  return values
    .map((v, i) => {
      // A bucket in progress holds part of its time: hollow and dim, never a level or ▼ that
      // would read as a drop.
      if (open[i] === true) return dim(OPEN);
      if (v === null) return GAP;
      const { t, beyond } = placeOn(domain, v);
      if (beyond === 'above') return ABOVE;
      if (beyond === 'below') return BELOW;
      return LEVELS[Math.round(t * (LEVELS.length - 1))] ?? GAP;
    })
    .join('');
}

/** A group name is never cut shorter than this (nor than its column's title). */
const MIN_LABEL = 10;

/**
 * The ranked table: `#`, the group, the sparkline, the window's total or average, each line in
 * `width` columns (the last kept free): names are cut, never the values.
 */
export function rankedRows(chart: MetricChart, buckets: readonly Bucket[], groupTitle: string, color: boolean, width: number): string[] {
  const fit = width - 1;
  const rows = ranked(chart.series);
  const domain = metricDomain(chart.series, buckets.map((b) => !b.inProgress));
  const dim = painter(color, 'dim');
  // `*`: a value from buckets in progress only (the group has none in a bucket that has ended).
  const values = rows.map((r) => `${formatValue(chart.metric.unit, r.window)}${r.windowPartial ? '*' : ''}`);
  const valueWidth = Math.max(chart.windowWord.length, ...values.map((v) => v.length));
  const rankWidth = String(rows.length).length;
  const labels = rows.map((r) => r.label);
  const fullLabel = Math.max(displayWidth(groupTitle), ...labels.map(displayWidth));
  const first = buckets[0]?.label ?? '';
  const last = buckets[buckets.length - 1]?.label ?? '';
  const room = (spark: number) => fit - (2 + rankWidth + 2 + 2 + spark + 2 + valueWidth);
  // The sparkline's heading names the first and last buckets when that leaves the names room.
  let sparkHead = buckets.length > 1 ? `${first} … ${last}` : first;
  if (room(Math.max(buckets.length, displayWidth(sparkHead))) < Math.min(fullLabel, MIN_LABEL)) sparkHead = cutTo(first, Math.max(buckets.length, 1));
  const sparkWidth = Math.max(buckets.length, displayWidth(sparkHead));
  const labelWidth = Math.max(Math.min(fullLabel, MIN_LABEL, displayWidth(groupTitle) + MIN_LABEL), Math.min(fullLabel, room(sparkWidth)));
  const lines = [
    dim(`  ${'#'.padStart(rankWidth)}  ${padTo(cutTo(groupTitle, labelWidth), labelWidth)}  ${padTo(sparkHead, sparkWidth)}  ${chart.windowWord.padStart(valueWidth)}`),
  ];
  const open = buckets.map((b) => b.inProgress);
  rows.forEach((series, i) => {
    const spark = series.window === null ? '' : sparkline(series.values, domain, open, dim);
    const rank = series.window === null ? '' : String(i + 1);
    lines.push(`  ${rank.padStart(rankWidth)}  ${padTo(cutTo(labels[i] ?? '', labelWidth), labelWidth)}  ${padTo(spark, sparkWidth)}  ${(values[i] ?? '').padStart(valueWidth)}`.trimEnd());
  });
  const at = (v: number) => formatValue(chart.metric.unit, v);
  const notes = [`  ${LEVELS[0] ?? ''} to ${FULL}: ${at(domain.low)} to ${at(domain.high)} (the 5th to 95th percentile); ${ABOVE} above, ${BELOW} below`];
  const inProgress = buckets.filter((b) => b.inProgress).map((b) => b.label);
  if (inProgress.length > 0) {
    const leftOut = chart.windowLeavesOutOpen ? `; not counted in the ${chart.windowWord}${rows.some((r) => r.windowPartial) ? ` (* from ${inProgress.length === 1 ? 'it' : 'them'} only)` : ''}` : '';
    notes.push(`  ${OPEN} in progress: ${inProgress.join(', ')} (the last ${inProgress.length === 1 ? 'character' : `${inProgress.length} characters`}, values partial)${leftOut}`);
  }
  for (const note of notes) lines.push(...wrapTo(note, fit).map(dim));
  return lines;
}

/** `columns` cells of bar for `fraction` of the whole, in eighths of a cell. */
function bar(fraction: number, columns: number, open: boolean): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * columns * 8);
  if (open) return OPEN.repeat(Math.max(eighths > 0 ? 1 : 0, Math.round(eighths / 8)));
  return FULL.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? '');
}

/** One bucket: a bar per group, highest first, its value after it; hollow (░) while in progress. */
export function barRows(chart: MetricChart, bucket: Bucket, width: number, color: boolean): string[] {
  const rows = ranked(chart.series);
  const values = rows.map((r) => (r.raw[0] === null || r.raw[0] === undefined ? '' : formatValue(chart.metric.unit, r.raw[0])));
  const valueWidth = Math.max(...values.map((v) => v.length));
  // Names are cut to leave the bars at least 10 columns.
  const labels = rows.map((r) => cutTo(r.label, Math.max(MIN_LABEL, width - valueWidth - 8 - 10)));
  const labelWidth = Math.max(...labels.map(displayWidth));
  const columns = Math.max(10, width - labelWidth - valueWidth - 8);
  const high = Math.max(0, ...rows.map((r) => r.values[0] ?? 0));
  const byColour = rows.length <= MAX_SERIES;
  const lines = rows.map((series, i) => {
    const v = series.values[0] ?? null;
    const paint = painter(color && byColour, colourOf(series.slot));
    const drawn = v === null ? padTo('no value', columns) : paint(padTo(bar(high > 0 ? v / high : 0, columns, bucket.inProgress), columns));
    return `  ${padTo(labels[i] ?? '', labelWidth)}  ${drawn}  ${(values[i] ?? '').padStart(valueWidth)}`.trimEnd();
  });
  if (bucket.inProgress) lines.push(`  in progress: ${bucket.label} has not ended (values so far)`);
  return lines;
}
