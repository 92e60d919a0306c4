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

/** Whether white text reads better than black on an `rgb(r, g, b)` fill (relative luminance). */
function isDark(fill: string): boolean {
  const [r = 255, g = 255, b = 255] = (fill.match(/\d+/g) ?? []).map(Number);
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

  rows.forEach((series, r) => {
    const top = HEADER + r * ROW;
    const label = fitText(series.label, labelWidth - 12, FONT);
    const cut = label === series.label ? '' : `<title>${escapeHtml(series.label)}</title>`;
    out.push(`<g class="row" data-group="${escapeHtml(String(series.group))}">`);
    out.push(`<text class="row-label" x="${px(labelWidth - 8)}" y="${px(top + ROW / 2)}" dy="0.32em" text-anchor="end" fill="#1f2328">${cut}${escapeHtml(label)}</text>`);
    series.values.forEach((v, i) => {
      const bucket = buckets[i];
      const left = px(labelWidth + i * cellWidth + 1);
      const width = px(Math.max(1, cellWidth - 2));
      const when = `${bucket?.label ?? ''}${bucket?.inProgress ? ' (in progress)' : ''}`;
      const title = escapeHtml(`${series.label}, ${when}: ${v === null ? 'no value' : formatValue(chart.metric.unit, series.raw[i] ?? null)}`);
      const open = bucket?.inProgress === true ? ' fill-opacity="0.45" stroke="#57606a" stroke-dasharray="3 2"' : '';
      const fill = v === null ? '#ffffff" stroke="#d0d7de' : colour(v);
      out.push(`<rect x="${left}" y="${px(top + 1)}" width="${width}" height="${ROW - 2}" fill="${fill}"${open}><title>${title}</title></rect>`);
      if (showValues && v !== null) {
        const text = formatValue(chart.metric.unit, series.raw[i] ?? null);
        const ink = bucket?.inProgress !== true && isDark(colour(v)) ? '#ffffff' : '#1f2328';
        out.push(`<text x="${px(labelWidth + (i + 0.5) * cellWidth)}" y="${px(top + ROW / 2)}" dy="0.32em" text-anchor="middle" font-size="${CELL_FONT}" fill="${ink}" pointer-events="none">${escapeHtml(fitText(text, cellWidth - 4, CELL_FONT))}</text>`);
      }
    });
    const total = series.window === null ? 'no value' : formatValue(chart.metric.unit, series.window);
    out.push(`<text x="${px(WIDTH - 4)}" y="${px(top + ROW / 2)}" dy="0.32em" text-anchor="end" fill="${series.window === null ? '#8c959f' : '#1f2328'}">${escapeHtml(total)}</text>`);
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}
