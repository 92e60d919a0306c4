// The SVG heatmap of one metric for the html report when there are more groups than lines can
// be told apart: a row per group, ranked by its value over the window (highest first, groups with
// no value last), a column per bucket, darker for higher. Each cell's title gives the group, the
// dates and the value (a browser shows it on hover, no script); where a cell is wide enough the
// value is written in it too. A bucket in progress is labelled and its cells drawn pale with a
// dashed edge. The window's value ends each row.

import { scaleLinear } from 'd3-scale';
import { WIDTH, xLabelSvg, xLabels } from './html-chart.js';
import { escapeHtml, fitText, px, textPixels } from './markup.js';
import { ranked, type Bucket, type MetricChart } from './series.js';
import { formatValue } from './values.js';

const ROW = 20;
const HEADER = 58;
const FONT = 12;
const CELL_FONT = 10.5;
const VALUE_COLUMN = 92;
const MAX_LABEL = 230;
/** Light to dark: a sequential blue that keeps white text readable on its upper half. */
const RAMP = ['#eef4fb', '#8db9e0', '#1f4e8c'];

/** `rgb(r, g, b)` (what d3's colour interpolation gives) as `#rrggbb`, a third of the bytes. */
function hex(rgb: string): string {
  const parts = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0'));
  return parts.length === 3 ? `#${parts.join('')}` : rgb;
}

/** Whether white text reads better than black on a `#rrggbb` fill (relative luminance). */
function isDark(fill: string): boolean {
  const [r = 255, g = 255, b = 255] = [1, 3, 5].map((at) => parseInt(fill.slice(at, at + 2), 16));
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) < 0.2;
}

export function heatmapSvg(chart: MetricChart, buckets: readonly Bucket[]): string {
  const rows = ranked(chart.series);
  const labelWidth = Math.min(MAX_LABEL, Math.max(80, ...rows.map((r) => textPixels(r.label, FONT) + 12)));
  const cellWidth = (WIDTH - labelWidth - VALUE_COLUMN) / Math.max(1, buckets.length);
  const height = HEADER + rows.length * ROW + 6;
  let low = Infinity;
  let high = -Infinity;
  for (const s of rows) {
    for (const v of s.values) {
      if (v === null) continue;
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
  }
  if (!Number.isFinite(low)) [low, high] = [0, 1];
  const colour = scaleLinear<string>()
    .domain([low, (low + high) / 2, high > low ? high : low + 1])
    .range(RAMP)
    .clamp(true);
  const showValues = cellWidth >= 46;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart-heatmap" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeHtml(chart.title)}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${FONT}">`,
  );
  // Column heads: dates (as many as fit), "in progress" over a bucket that has not ended.
  const { twoLines, shown } = xLabels(buckets, cellWidth);
  out.push(`<text x="0" y="12" fill="#57606a">ranked by ${chart.windowWord}; darker is higher</text>`);
  buckets.forEach((bucket, i) => {
    const cx = px(labelWidth + (i + 0.5) * cellWidth);
    if (bucket.inProgress) out.push(`<text class="in-progress" x="${cx}" y="12" text-anchor="middle" fill="#57606a" font-style="italic">in progress</text>`);
    if (shown.has(i)) out.push(xLabelSvg(bucket.label, twoLines, cx, twoLines ? HEADER - 22 : HEADER - 8));
  });
  out.push(`<text x="${px(WIDTH - 4)}" y="${HEADER - 8}" text-anchor="end" fill="#57606a" font-weight="600">${chart.windowWord}</text>`);

  // Per bucket once: where its cells go, and what its title says of it.
  const lefts = buckets.map((_, i) => px(labelWidth + i * cellWidth + 1));
  const centres = buckets.map((_, i) => px(labelWidth + (i + 0.5) * cellWidth));
  const whens = buckets.map((b) => `${b.label}${b.inProgress ? ' (in progress)' : ''}`);
  const cellWidthPx = px(Math.max(1, cellWidth - 2));
  const fills = new Map<number, { fill: string; dark: boolean }>();
  const fillOf = (v: number) => {
    let known = fills.get(v);
    if (known === undefined) {
      const fill = hex(colour(v));
      known = { fill, dark: isDark(fill) };
      fills.set(v, known);
    }
    return known;
  };
  const baseline = px(ROW / 2 + FONT * 0.35);
  rows.forEach((series, r) => {
    const label = fitText(series.label, labelWidth - 12, FONT);
    const cut = label === series.label ? '' : `<title>${escapeHtml(series.label)}</title>`;
    const name = escapeHtml(series.label);
    // A row is one group translated to its place, so its cells need no y of their own.
    out.push(`<g class="row" data-group="${escapeHtml(String(series.group))}" transform="translate(0,${HEADER + r * ROW})">`);
    out.push(`<text class="row-label" x="${px(labelWidth - 8)}" y="${baseline}" text-anchor="end" fill="#1f2328">${cut}${escapeHtml(label)}</text>`);
    const texts: string[] = [];
    series.values.forEach((v, i) => {
      const open = buckets[i]?.inProgress === true;
      const text = v === null ? 'no value' : formatValue(chart.metric.unit, series.raw[i] ?? null);
      const edge = open ? ' fill-opacity="0.45" stroke="#57606a" stroke-dasharray="3 2"' : '';
      const cell = v === null ? undefined : fillOf(v);
      const fill = cell === undefined ? '#ffffff" stroke="#d0d7de' : cell.fill;
      out.push(`<rect x="${lefts[i]}" y="1" width="${cellWidthPx}" height="${ROW - 2}" fill="${fill}"${edge}><title>${name}, ${whens[i]}: ${escapeHtml(text)}</title></rect>`);
      if (showValues && cell !== undefined) {
        const ink = !open && cell.dark ? ' fill="#ffffff"' : '';
        texts.push(`<text x="${centres[i]}" y="${baseline}"${ink}>${escapeHtml(fitText(text, cellWidth - 4, CELL_FONT))}</text>`);
      }
    });
    if (texts.length > 0) out.push(`<g font-size="${CELL_FONT}" text-anchor="middle" fill="#1f2328" pointer-events="none">${texts.join('')}</g>`);
    const total = series.window === null ? 'no value' : formatValue(chart.metric.unit, series.window);
    out.push(`<text x="${px(WIDTH - 4)}" y="${baseline}" text-anchor="end" fill="${series.window === null ? '#8c959f' : '#1f2328'}">${escapeHtml(total)}</text>`);
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}
