// The SVG bar chart of one metric for the html report when there is one bucket (no roll-up): a
// horizontal bar per group, highest first, its value written at its end; a group with no value
// keeps its row, marked so. Up to MAX_SERIES groups each bar has the group's colour of the report;
// past that the bars share one colour (each is named on its row, so colour tells nothing). When
// the bucket has not ended, the bars are hollow and the chart says "in progress".

import { scaleLinear } from 'd3-scale';
import { GOAL_COLOUR, WIDTH } from './html-chart.js';
import { escapeHtml, fitText, px, slotColour, textPixels } from './markup.js';
import type { Bucket } from './buckets.js';
import { MAX_SERIES, ranked, type MetricChart } from './series.js';
import { formatValue } from './values.js';

const ROW = 24;
const BAR = 16;
const TOP = 22;
const FONT = 12;
const VALUE_SPACE = 96;
const MAX_LABEL = 260;

export function barChartSvg(chart: MetricChart, bucket: Bucket): string {
  const rows = ranked(chart.series);
  const labelWidth = Math.min(MAX_LABEL, Math.max(80, ...rows.map((r) => textPixels(r.label, FONT) + 12)));
  const barSpace = WIDTH - labelWidth - VALUE_SPACE;
  let low = 0;
  let high = 0;
  for (const v of [...rows.map((s) => s.values[0]), ...chart.thresholds.map((t) => t.value)]) {
    if (v === null || v === undefined) continue;
    low = Math.min(low, v);
    high = Math.max(high, v);
  }
  const x = scaleLinear()
    .domain([low, high > low ? high : low + 1])
    .range([0, barSpace]);
  const zero = x(0);
  const bottom = TOP + rows.length * ROW;
  // Under the rows, a line for each goal's label.
  const height = bottom + 4 + chart.thresholds.length * 16;
  const byColour = rows.length <= MAX_SERIES;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart-bars" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeHtml(chart.title)}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${FONT}">`,
  );
  out.push(`<text class="x-label" x="${px(labelWidth)}" y="13" fill="#57606a">${escapeHtml(bucket.label)}</text>`);
  if (bucket.inProgress) {
    out.push(`<text class="in-progress" x="${px(WIDTH - 4)}" y="13" text-anchor="end" fill="#57606a" font-style="italic">in progress: values so far</text>`);
  }
  rows.forEach((series, r) => {
    const top = TOP + r * ROW;
    const v = series.values[0] ?? null;
    const colour = byColour ? slotColour(series.slot) : '#4e79a7';
    const label = fitText(series.label, labelWidth - 12, FONT);
    const cut = label === series.label ? '' : `<title>${escapeHtml(series.label)}</title>`;
    out.push(`<g class="row" data-group="${escapeHtml(String(series.group))}">`);
    out.push(`<text class="row-label" x="${px(labelWidth - 8)}" y="${px(top + ROW / 2)}" dy="0.32em" text-anchor="end" fill="#1f2328">${cut}${escapeHtml(label)}</text>`);
    const text = formatValue(chart.metric.unit, series.raw[0] ?? null);
    if (v === null) {
      out.push(`<text x="${px(labelWidth + zero + 4)}" y="${px(top + ROW / 2)}" dy="0.32em" fill="#8c959f">no value</text>`);
    } else {
      const left = Math.min(x(v), zero);
      const width = Math.max(1, Math.abs(x(v) - zero));
      const style = bucket.inProgress ? `fill="${colour}" fill-opacity="0.25" stroke="${colour}" stroke-width="1.5" stroke-dasharray="4 3"` : `fill="${colour}"`;
      const title = escapeHtml(`${series.label}, ${bucket.label}${bucket.inProgress ? ' (in progress)' : ''}: ${text}`);
      out.push(`<rect class="bar" x="${px(labelWidth + left)}" y="${px(top + (ROW - BAR) / 2)}" width="${px(width)}" height="${BAR}" ${style}><title>${title}</title></rect>`);
      out.push(`<text x="${px(labelWidth + Math.max(x(v), zero) + 6)}" y="${px(top + ROW / 2)}" dy="0.32em" fill="#1f2328">${escapeHtml(text)}</text>`);
    }
    out.push('</g>');
  });
  // The goals' thresholds: a dashed line down through the bars, its label under them.
  chart.thresholds.forEach((t, k) => {
    const at = labelWidth + x(t.value);
    out.push(`<line class="goal-line" x1="${px(at)}" x2="${px(at)}" y1="${TOP}" y2="${bottom + 4 + k * 16}" stroke="${GOAL_COLOUR}" stroke-width="1.5" stroke-dasharray="7 4"/>`);
    const anchor = at > WIDTH - VALUE_SPACE ? 'end' : 'start';
    out.push(`<text class="goal-label" x="${px(at + (anchor === 'end' ? -4 : 4))}" y="${bottom + 14 + k * 16}" text-anchor="${anchor}" fill="${GOAL_COLOUR}">${escapeHtml(t.label)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
