// The heatmap of one metric for the html report past MAX_SERIES groups, which is also its table
// (DESIGN.md §11, round 2: no second table under it): a row per group ranked by its value over the
// window (highest first, groups with no value last), the summary beside the group, a cell per
// bucket painted one of seven shades, darker for higher, its value written in it. The colours span the 5th to the 95th
// percentile of the metric's cells in buckets that have ended (scale.ts), so one outlier does not
// wash out the rest: a value beyond takes the end colour and is marked ▲ or ▼, its exact value
// still in the cell. A bucket in progress is drawn pale with a dashed edge, its values in italics.

import { scaleLinear } from 'd3-scale';
import type { Cell } from './html-table.js';
import { metricTableHtml } from './html-table.js';
import { escapeHtml } from './markup.js';
import { metricDomain, placeOn, type Domain } from './scale.js';
import type { Bucket } from './buckets.js';
import { ranked, type MetricChart } from './series.js';
import { formatValue } from './values.js';

/** Light to dark: a sequential blue that keeps white text readable on its upper half. */
const RAMP = ['#eef4fb', '#8db9e0', '#1f4e8c'] as const;

/** `rgb(r, g, b)` (what d3's interpolation gives) as `#rrggbb`. */
function hex(rgb: string): string {
  const parts = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0'));
  return parts.length === 3 ? `#${parts.join('')}` : rgb;
}

const ramp = scaleLinear<string>().domain([0, 0.5, 1]).range([...RAMP]).clamp(true);

/**
 * Steps of the colour scale: a reader tells seven shades apart and matches a cell to the legend;
 * a continuous ramp would make every cell a colour of its own and none comparable.
 */
export const SHADES = 7;

/** The colour of `t` (0..1): the shade of its seventh of the scale. */
export function rampColour(t: number): string {
  const step = Math.min(SHADES - 1, Math.floor(t * SHADES));
  return hex(ramp(step / (SHADES - 1)));
}

/** Whether white text contrasts more than black on a `#rrggbb` fill (WCAG relative luminance). */
export function isDark(fill: string): boolean {
  const [r = 255, g = 255, b = 255] = [1, 3, 5].map((at) => parseInt(fill.slice(at, at + 2), 16));
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05) > (luminance + 0.05) / 0.05;
}

/** `fill` mixed with white, `amount` of white (0..1): a bucket in progress is drawn pale. */
function paler(fill: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(fill.slice(at, at + 2), 16));
  return `#${channels.map((c) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, '0')).join('')}`;
}

/** The line above the table saying what the colours mean, with the scale's two ends. */
function legendHtml(chart: MetricChart, domain: Domain): string {
  const at = (v: number) => escapeHtml(formatValue(chart.metric.unit, v));
  const shades = Array.from({ length: SHADES }, (_, k) => `<i style="background:${rampColour((k + 0.5) / SHADES)}"></i>`).join('');
  const ramp = `<span class="ramp" aria-hidden="true">${shades}</span>`;
  return (
    `<p class="scale">Ranked by ${chart.windowWord}${chart.windowLeavesOutOpen ? ' of the buckets that have ended' : ''}. Colour from ${at(domain.low)} ${ramp} to ${at(domain.high)} ` +
    `(the 5th to 95th percentile of the cells); <span class="mark">▲</span> above it, <span class="mark">▼</span> below it, the value as written.</p>`
  );
}

export function heatmapHtml(chart: MetricChart, buckets: readonly Bucket[], groupTitle: string): string {
  const domain = metricDomain(chart.series, buckets.map((b) => !b.inProgress));
  const ends = { above: formatValue(chart.metric.unit, domain.high), below: formatValue(chart.metric.unit, domain.low) };
  const cellOf = (series: MetricChart['series'][number], i: number): Cell => {
    const raw = series.raw[i] ?? null;
    const value = series.values[i] ?? null;
    const open = buckets[i]?.inProgress === true;
    if (value === null) return { text: formatValue(chart.metric.unit, raw), classes: open ? 'empty partial' : 'empty' };
    const placed = placeOn(domain, value);
    // A partial value is not an outlier: it is pale and in italics, and not marked.
    const beyond = open ? undefined : placed.beyond;
    const fill = open ? paler(rampColour(placed.t), 0.6) : rampColour(placed.t);
    const classes = [open ? 'partial' : '', beyond === undefined ? '' : `beyond ${beyond}`, isDark(fill) ? 'dark' : ''].filter((c) => c !== '').join(' ');
    const cell: Cell = { text: formatValue(chart.metric.unit, raw), style: `background-color:${fill}` };
    if (classes !== '') cell.classes = classes;
    if (beyond !== undefined) {
      cell.after = `<span class="mark">${beyond === 'above' ? '▲' : '▼'}</span>`;
      cell.title = beyond === 'above' ? ` (above the colour scale, which ends at ${ends.above})` : ` (below the colour scale, which starts at ${ends.below})`;
    }
    return cell;
  };
  return `${legendHtml(chart, domain)}\n${metricTableHtml(chart, ranked(chart.series), buckets, groupTitle, cellOf, ' heatmap')}`;
}
