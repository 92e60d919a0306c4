// The SVG line chart of one metric for the html report (up to MAX_SERIES groups): one line per
// group in the group's colour for the whole report, a point on each bucket (its value in the
// point's title, which a browser shows on hover with no script), the buckets' inclusive dates
// along x, the y axis in the cells' unit (axis.ts: `1d 12h` for durations). A bucket still in progress sits on a grey band labelled "in progress",
// its point hollow and the line to it dashed, so a partial week never reads as a drop. A gap is a
// gap: the line stops and starts again (the note under the chart names the groups with gaps).

import { scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';
import { axisTicks, niceAxis } from './axis.js';
import { escapeHtml, px, slotColour, textPixels } from './markup.js';
import type { Bucket } from './buckets.js';
import type { ChartSeries, MetricChart } from './series.js';
import { formatValue } from './values.js';

export const WIDTH = 900;
const HEIGHT = 300;
const MARGIN = { top: 26, right: 16, bottom: 44, left: 56 };
const FONT = 12;
const LABEL_FONT = 11;
/** A goal's line: a red no group has (the palette holds Tableau's softer red). */
export const GOAL_COLOUR = '#cf222e';

type Point = [x: number, y: number | null];

/** A bucket's label on one line, or on two (`Sep 28 -` over `Oct 4`) where one is too wide. */
export function labelLines(label: string, twoLines: boolean): string[] {
  const at = label.indexOf(' - ');
  return twoLines && at > 0 ? [label.slice(0, at + 2), label.slice(at + 3)] : [label];
}

/**
 * How the buckets are named along x with `step` pixels each: on one line when every label fits,
 * else on two; and which are named: every k-th, counted back from the newest, as many as fit.
 */
export function xLabels(buckets: readonly Bucket[], step: number): { twoLines: boolean; shown: Set<number> } {
  const widest = (two: boolean) => Math.max(...buckets.flatMap((b) => labelLines(b.label, two).map((line) => textPixels(line, LABEL_FONT))));
  const twoLines = widest(false) + 4 > step;
  const every = Math.max(1, Math.ceil((widest(twoLines) + 4) / Math.max(step, 1)));
  const shown = new Set<number>();
  for (let i = buckets.length - 1; i >= 0; i -= every) shown.add(i);
  return { twoLines, shown };
}

/** The `<text>` of a bucket's label centred on `x`, its first line's baseline at `y`. */
export function xLabelSvg(label: string, twoLines: boolean, x: string, y: number): string {
  const lines = labelLines(label, twoLines);
  const spans = lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : '1.15em'}">${escapeHtml(line)}</tspan>`).join('');
  return `<text class="x-label" x="${x}" y="${y}" text-anchor="middle" fill="#57606a" font-size="${LABEL_FONT}">${lines.length === 1 ? escapeHtml(label) : spans}</text>`;
}

function pointTitle(series: ChartSeries, bucket: Bucket | undefined, raw: number | null, chart: MetricChart): string {
  const when = bucket === undefined ? '' : `${bucket.label}${bucket.inProgress ? ' (in progress)' : ''}`;
  return `${series.label}, ${when}: ${formatValue(chart.metric.unit, raw)}`;
}

/** The chart as one SVG element; every string from the data escaped. */
export function lineChartSvg(chart: MetricChart, buckets: readonly Bucket[]): string {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scalePoint<number>()
    .domain(buckets.map((_, i) => i))
    .range([0, plotWidth])
    .padding(0.5);
  const step = x.step();
  let low = 0;
  let high = 0;
  for (const v of [...chart.series.flatMap((s) => s.values), ...chart.thresholds.map((t) => t.value)]) {
    if (v === null) continue;
    low = Math.min(low, v);
    high = Math.max(high, v);
  }
  // Round steps in the cells' unit: durations labelled `1d 12h` like the table, not hours.
  const axis = niceAxis(low, high, 6, chart.metric.unit);
  const y = scaleLinear().domain([axis.min, axis.max]).range([plotHeight, 0]);
  const ticks = axisTicks(axis);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart-lines" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeHtml(chart.title)}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${FONT}">`,
  );
  out.push(`<g transform="translate(${MARGIN.left},${MARGIN.top})">`);

  // In-progress buckets first, under everything: a grey band with its label above the plot.
  buckets.forEach((bucket, i) => {
    if (!bucket.inProgress) return;
    const left = (x(i) ?? 0) - step / 2;
    out.push(`<rect class="in-progress-band" x="${px(left)}" y="0" width="${px(step)}" height="${plotHeight}" fill="#f1f3f5"/>`);
    out.push(`<text class="in-progress" x="${px(left + step / 2)}" y="-8" text-anchor="middle" fill="#57606a" font-style="italic">in progress</text>`);
  });

  // The y grid and its labels; the unit above them.
  for (const tick of ticks) {
    const ty = px(y(tick));
    out.push(`<line x1="0" x2="${plotWidth}" y1="${ty}" y2="${ty}" stroke="${tick === 0 ? '#8c959f' : '#e6e8eb'}"/>`);
    out.push(`<text class="y-label" x="-8" y="${ty}" dy="0.32em" text-anchor="end" fill="#57606a">${escapeHtml(axis.label(tick))}</text>`);
  }
  if (chart.unitLabel !== undefined) {
    out.push(`<text x="-${MARGIN.left - 4}" y="-10" fill="#57606a">${escapeHtml(chart.unitLabel)}</text>`);
  }

  // The buckets' dates, centred under their points.
  const { twoLines, shown } = xLabels(buckets, step);
  buckets.forEach((bucket, i) => {
    const bx = px(x(i) ?? 0);
    out.push(`<line x1="${bx}" x2="${bx}" y1="${plotHeight}" y2="${plotHeight + 5}" stroke="#8c959f"/>`);
    if (shown.has(i)) out.push(xLabelSvg(bucket.label, twoLines, bx, plotHeight + 18));
  });

  // The goals' thresholds: a dashed line across the plot, under the groups' lines.
  for (const t of chart.thresholds) {
    const ty = px(y(t.value));
    out.push(`<line class="goal-line" x1="0" x2="${plotWidth}" y1="${ty}" y2="${ty}" stroke="${GOAL_COLOUR}" stroke-width="1.5" stroke-dasharray="7 4"/>`);
  }

  // Lines, the last (highest-slot) group drawn first so the legend's first is on top.
  const path = line<Point>()
    .defined((d) => d[1] !== null)
    .x((d) => x(d[0]) ?? 0)
    .y((d) => y(d[1] ?? 0))
    .digits(1);
  // Points shrink with the buckets' spacing, so a daily quarter is still a line, not a bead string.
  const radius = Math.max(1.5, Math.min(3.5, step / 4));
  for (const series of [...chart.series].reverse()) {
    const colour = slotColour(series.slot);
    const done: Point[] = series.values.map((v, i) => [i, buckets[i]?.inProgress ? null : v]);
    // The dashed part: from the last ended bucket into the ones in progress.
    const firstOpen = buckets.findIndex((b) => b.inProgress);
    const open: Point[] = series.values.map((v, i) => [i, firstOpen >= 0 && i >= firstOpen - 1 ? v : null]);
    const group = escapeHtml(String(series.group));
    out.push(`<g class="series" data-group="${group}">`);
    const solid = path(done);
    if (solid !== null && solid.includes('L')) {
      out.push(`<path class="series-line" d="${solid}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>`);
    }
    const dashed = firstOpen >= 0 ? path(open) : null;
    if (dashed !== null && dashed.includes('L')) {
      out.push(`<path class="series-line in-progress-line" d="${dashed}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-dasharray="5 4"/>`);
    }
    series.values.forEach((v, i) => {
      if (v === null) return;
      const bucket = buckets[i];
      const hollow = bucket?.inProgress === true;
      const fill = hollow ? '#ffffff' : colour;
      const title = escapeHtml(pointTitle(series, bucket, series.raw[i] ?? null, chart));
      out.push(`<circle cx="${px(x(i) ?? 0)}" cy="${px(y(v))}" r="${hollow ? radius + 0.5 : radius}" fill="${fill}" stroke="${colour}" stroke-width="2"><title>${title}</title></circle>`);
    });
    out.push('</g>');
  }
  // Each threshold's label at the right end, above its line, over the groups' lines (a white halo keeps it legible).
  for (const t of chart.thresholds) {
    const ty = px(y(t.value) - 5);
    out.push(`<text class="goal-label" x="${plotWidth - 2}" y="${ty}" text-anchor="end" fill="${GOAL_COLOUR}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeHtml(t.label)}</text>`);
  }
  out.push('</g></svg>');
  return out.join('\n');
}

/** The legend of a line chart: each group's colour and name, in the report's one order. */
export function legendHtml(chart: MetricChart): string {
  const items = chart.series.map((series) => {
    const colour = slotColour(series.slot);
    const swatch = `<svg class="swatch" width="22" height="10" aria-hidden="true"><line x1="1" x2="21" y1="5" y2="5" stroke="${colour}" stroke-width="3" stroke-linecap="round"/></svg>`;
    const empty = series.window === null ? ' <span class="muted">(no values)</span>' : '';
    return `<li data-group="${escapeHtml(String(series.group))}">${swatch}${escapeHtml(series.label)}${empty}</li>`;
  });
  return `<ul class="legend">${items.join('')}</ul>`;
}
