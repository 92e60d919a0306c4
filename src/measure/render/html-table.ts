// The table of one metric in the html report: a row per group, then the group's value over the
// window (its total or average, the "summary"), then a column per bucket with its inclusive dates.
// Whole at any width and in print (DESIGN.md §11, round 2): the group column and the summary beside
// it stay in view (sticky) while the buckets scroll sideways inside the table's own box, which
// opens on the newest buckets; in print, where nothing scrolls, a table of more buckets than a
// landscape page holds is printed as several, each with the group and summary columns. The cells
// are plain by default; the heatmap (html-heatmap.ts) paints them.

import { labelLines } from './html-chart.js';
import { escapeHtml, textPixels } from './markup.js';
import type { Bucket } from './buckets.js';
import type { ChartSeries, MetricChart } from './series.js';
import { formatValue } from './values.js';

/** Buckets one printed table holds beside the group and summary columns (A4 landscape). */
export const PRINT_BUCKETS = 13;
/**
 * The table's font (.82rem, 13.1 px) as textPixels counts it, made larger by an eighth: a name cut
 * by an ellipsis where there was room reads worse than a column a little wide. Then the cell
 * padding (.5rem) and the group column's bounds, in pixels.
 */
const NAME_FONT = 14.8;
const CELL_PADDING = 8;
const GROUP_MIN = 96;
const GROUP_MAX = 240;

/** How one bucket cell of a row is drawn. */
export interface Cell {
  text: string;
  /** Extra classes (`partial`, `beyond above`, ...). */
  classes?: string;
  /** Inline style (the heatmap's colours). */
  style?: string;
  /** Extra words for the cell's tooltip. */
  title?: string;
  /** Markup after the value (the heatmap's beyond-the-scale mark), already escaped. */
  after?: string;
}

/** A plain cell: the value as a person reads it, marked partial in a bucket in progress. */
export function plainCell(chart: MetricChart, series: ChartSeries, i: number, buckets: readonly Bucket[]): Cell {
  const cell: Cell = { text: formatValue(chart.metric.unit, series.raw[i] ?? null) };
  if (buckets[i]?.inProgress) cell.classes = 'partial';
  return cell;
}

/** Near-equal slices of at most `size` (13 buckets print as 7 + 6, not 13 + 0 or 12 + 1). */
function slices(count: number, size: number): [number, number][] {
  const parts = Math.max(1, Math.ceil(count / size));
  const out: [number, number][] = [];
  for (let p = 0; p < parts; p++) out.push([Math.round((p * count) / parts), Math.round(((p + 1) * count) / parts)]);
  return out;
}

function tableHtml(
  chart: MetricChart,
  rows: readonly ChartSeries[],
  buckets: readonly Bucket[],
  groupTitle: string,
  cellOf: (series: ChartSeries, i: number) => Cell,
  [from, to]: [number, number],
  extraClass: string,
): string {
  const summary = buckets.length > 1;
  const summaryWord = chart.windowWord === 'total' ? 'Total' : 'Average';
  const heads = buckets.slice(from, to).map((bucket) => {
    const open = bucket.inProgress ? '<br><span class="in-progress">in progress</span>' : '';
    return `<th class="num bucket" scope="col">${labelLines(bucket.label, true).map(escapeHtml).join('<br>')}${open}</th>`;
  });
  // With a bucket in progress beside ended ones, the summary counts the ended ones only; a group
  // with values in progress only shows those, marked partial.
  const leftOut = chart.windowLeavesOutOpen ? '<br><span class="in-progress">ended only</span>' : '';
  const summaryHead = summary ? `<th class="num summary" scope="col">${summaryWord}${leftOut}</th>` : '';
  const body = rows.map((series) => {
    const name = escapeHtml(series.label);
    const cells = buckets.slice(from, to).map((bucket, k) => {
      const i = from + k;
      const cell = cellOf(series, i);
      const title = `${series.label}, ${bucket.label}${bucket.inProgress ? ' (in progress)' : ''}: ${cell.text}${cell.title ?? ''}`;
      const style = cell.style === undefined ? '' : ` style="${cell.style}"`;
      return `<td class="num${cell.classes === undefined ? '' : ` ${cell.classes}`}"${style} title="${escapeHtml(title)}">${escapeHtml(cell.text)}${cell.after ?? ''}</td>`;
    });
    const partial = series.windowPartial ? ` partial" title="${escapeHtml(`${series.label}: from buckets in progress only`)}` : '';
    const summaryCell = summary ? `<td class="num summary${partial}">${escapeHtml(formatValue(chart.metric.unit, series.window))}</td>` : '';
    return `<tr><th class="group" scope="row"><span class="name" title="${name}">${name}</span></th>${summaryCell}${cells.join('')}</tr>`;
  });
  return `<table class="metric-table${extraClass}" style="${tableVars(chart, rows, buckets, groupTitle, cellOf)}" aria-label="${escapeHtml(chart.title)}">
<thead><tr><th class="group" scope="col">${escapeHtml(groupTitle)}</th>${summaryHead}${heads.join('')}</tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table>`;
}

/**
 * Every bucket column one width (the widest header line or cell), and the summary's: the box shows
 * a whole number of bucket columns beside the sticky ones and snaps to column edges (html.ts), so
 * no bucket is ever half under the group and summary columns.
 */
function tableVars(chart: MetricChart, rows: readonly ChartSeries[], buckets: readonly Bucket[], groupTitle: string, cellOf: (series: ChartSeries, i: number) => Cell): string {
  // The group column is as wide as its longest name (within bounds, the rest cut with an ellipsis),
  // and the sticky summary starts where it ends.
  const widest = Math.max(textPixels(groupTitle, NAME_FONT), ...rows.map((r) => textPixels(r.label, NAME_FONT)));
  const groupWidth = Math.round(Math.min(GROUP_MAX, Math.max(GROUP_MIN, widest + 2 * CELL_PADDING)));
  const summary = buckets.length > 1;
  let cell = textPixels('in progress', NAME_FONT);
  buckets.forEach((bucket, i) => {
    for (const line of labelLines(bucket.label, true)) cell = Math.max(cell, textPixels(line, NAME_FONT));
    // A cell's text and its beyond-the-scale mark.
    for (const series of rows) cell = Math.max(cell, textPixels(`${cellOf(series, i).text} ▲`, NAME_FONT));
  });
  const words = summary ? Math.max(textPixels(chart.windowWord === 'total' ? 'Total' : 'Average', NAME_FONT), textPixels('ended only', NAME_FONT), ...rows.map((r) => textPixels(formatValue(chart.metric.unit, r.window), NAME_FONT))) : 0;
  return `--group:${groupWidth}px;--cell:${Math.ceil(cell + 2 * CELL_PADDING)}px;--summary:${summary ? Math.ceil(words + 2 * CELL_PADDING) : 0}px`;
}

/**
 * The metric's table in its scrolling box; with more buckets than a printed page holds, the same
 * rows again in slices of at most PRINT_BUCKETS buckets, shown only in print.
 */
export function metricTableHtml(
  chart: MetricChart,
  rows: readonly ChartSeries[],
  buckets: readonly Bucket[],
  groupTitle: string,
  cellOf: (series: ChartSeries, i: number) => Cell = (series, i) => plainCell(chart, series, i, buckets),
  extraClass = '',
): string {
  const whole = tableHtml(chart, rows, buckets, groupTitle, cellOf, [0, buckets.length], extraClass);
  const parts = slices(buckets.length, PRINT_BUCKETS);
  const vars = `style="${tableVars(chart, rows, buckets, groupTitle, cellOf)}"`;
  if (parts.length === 1) return `<div class="table-wrap" ${vars} role="region" tabindex="0" aria-label="${escapeHtml(chart.title)}, by ${escapeHtml(groupTitle.toLowerCase())}">${whole}</div>`;
  const printed = parts.map((part) => tableHtml(chart, rows, buckets, groupTitle, cellOf, part, extraClass)).join('\n');
  return `<div class="table-wrap screen-only" ${vars} role="region" tabindex="0" aria-label="${escapeHtml(chart.title)}, by ${escapeHtml(groupTitle.toLowerCase())}">${whole}</div>
<div class="print-only">${printed}</div>`;
}
