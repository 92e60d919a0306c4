// `--format html`: one self-contained page for a static site or an e-mail attachment, read by
// people who did not run the command: a heading naming the metrics and the grouping (or the
// report's title), the window in plain words, then per metric its human name (key and unit beside
// it), a chart and its table. The chart is a line per group up to MAX_SERIES groups, a bar chart for
// a single bucket; past MAX_SERIES groups the heatmap is the chart and the table at once
// (series.ts decides). Tables stay whole at any width and in print (html-table.ts). Everything is
// inline SVG and CSS; the Content-Security-Policy forbids any request and any script, so a name in
// the data can neither load anything nor run anything. Every string from the data is escaped
// (markup.ts escapeHtml).

import type { MeasurementResult } from '../result-model.js';
import { barChartSvg } from './html-bars.js';
import { legendHtml, lineChartSvg } from './html-chart.js';
import { heatmapHtml } from './html-heatmap.js';
import { metricTableHtml } from './html-table.js';
import { escapeHtml } from './markup.js';
import { NO_DATA, describeWindow, groupNoun, headingLine, reportTitle } from './rows.js';
import { openBucketsSentence, type Bucket } from './buckets.js';
import { gapsOf, ranked, reportCharts, type ChartKind, type ChartSeries, type ChartThreshold, type MetricChart } from './series.js';

const STYLE = `
  body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
         margin: 2rem auto; max-width: 1200px; padding: 0 1rem; overflow-wrap: anywhere; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.2rem; margin: 2.5rem 0 .35rem; }
  h2 .key { font: .75rem ui-monospace, SFMono-Regular, Menlo, monospace; color: #656d76; margin-left: .5rem; font-weight: 400; }
  h2 .unit { font-size: .85rem; color: #656d76; margin-left: .4rem; font-weight: 400; }
  .window, .note, .scale, footer, .muted { color: #656d76; }
  .note, .scale { font-size: .9rem; margin: .35rem 0 0; }
  .partial-note { background: #f6f8fa; border-left: 3px solid #8c959f; padding: .3rem .6rem; }
  figure { margin: .25rem 0 0; max-width: 960px; }
  figure > svg { display: block; width: 100%; height: auto; }
  .swatch { flex: none; }
  .legend { list-style: none; display: flex; flex-wrap: wrap; gap: .2rem 1.1rem; padding: 0; margin: .2rem 0 .1rem; font-size: .9rem; }
  .legend li { display: flex; align-items: center; gap: .35rem; }
  .ramp { display: inline-flex; height: .7rem; vertical-align: middle; border: 1px solid #d0d7de; }
  .ramp i { width: .7rem; }
  /* A table is whole at any width: its box scrolls sideways (opening on the newest buckets: an
     rtl box starts at its right end), the group and its summary stay in view on the left. */
  .table-wrap { overflow-x: auto; margin-top: .8rem; max-width: 100%; direction: rtl; }
  @media screen { .table-wrap { scroll-snap-type: x mandatory; } }
  /* Bucket columns are one width each (--cell, set on the table); the box shows a whole number of
     them beside the sticky group and summary columns, and its scrolling stops at column edges, so
     no bucket is ever half under the sticky columns. */
  @media screen {
    .table-wrap[style*="--cell"] { max-width: calc(var(--group) + var(--summary) + round(down, 100% - var(--group) - var(--summary), var(--cell))); scroll-padding-left: calc(var(--group) + var(--summary)); }
    .metric-table th.bucket, .metric-table td.num:not(.summary) { width: var(--cell); min-width: var(--cell); max-width: var(--cell); box-sizing: border-box; scroll-snap-align: end; }
    .metric-table .summary { width: var(--summary); min-width: var(--summary); max-width: var(--summary); box-sizing: border-box; }
  }
  .table-wrap:focus-visible { outline: 2px solid #4e79a7; }
  table { --group: 12rem; direction: ltr; border-collapse: separate; border-spacing: 0; font-size: .82rem; margin-right: auto; }
  th, td { padding: .25rem .5rem; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
  thead th { background: #f6f8fa; font-weight: 600; vertical-align: bottom; }
  th.group { position: sticky; left: 0; z-index: 2; background: #fff; font-weight: 400; width: var(--group); min-width: var(--group); max-width: var(--group); box-sizing: border-box; }
  thead th.group { background: #f6f8fa; font-weight: 600; }
  th.group .name { display: block; width: calc(var(--group) - 1rem); overflow: hidden; text-overflow: ellipsis; }
  .summary { position: sticky; left: var(--group); z-index: 2; background: #fff; font-weight: 600; border-right: 2px solid #d0d7de; }
  thead .summary { background: #f6f8fa; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  td.partial { color: #656d76; font-style: italic; }
  th .in-progress { font-weight: 400; font-style: italic; color: #656d76; }
  .heatmap td.num:not(.summary) { border: 1px solid #fff; }
  .heatmap td.dark { color: #fff; }
  .heatmap td.partial { outline: 1px dashed #8c959f; outline-offset: -3px; }
  .heatmap td.empty { color: #8c959f; }
  .mark { font-size: .7em; margin-left: .15em; }
  .print-only { display: none; }
  footer { margin-top: 2rem; font-size: .85rem; }
  @page { size: A4 landscape; margin: 12mm; }
  @media print {
    body { margin: 0; max-width: none; font-size: 10pt; }
    h2 { break-after: avoid; }
    figure, tr { break-inside: avoid; }
    .screen-only { display: none; }
    .print-only { display: block; }
    .print-only table { margin-top: .6rem; }
    .table-wrap { overflow: visible; direction: ltr; }
    table { font-size: 7.5pt; }
    th, td { padding: .15rem .3rem; }
    th.group, .summary { position: static; }
    th.group { width: 10rem; min-width: 10rem; max-width: 10rem; }
    th.group .name { width: 9.4rem; }
    .heatmap td, .heatmap td.partial { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  }
`;

/** No request of any kind (fonts, images, scripts, frames): the file reads the same offline. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** At most this many names in a note; the table has them all. */
const NOTE_NAMES = 12;

function nameList(series: readonly ChartSeries[], detail: (s: ChartSeries) => string): string {
  const named = series.slice(0, NOTE_NAMES).map((s) => `${s.label}${detail(s)}`);
  const more = series.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

function notes(chart: MetricChart, kind: ChartKind, bucketCount: number): string[] {
  const out: string[] = [];
  const { gaps, empty } = gapsOf(chart);
  if (gaps.length > 0) {
    const how = kind === 'lines' ? ' (the line stops where a value is missing)' : '';
    out.push(`No value in some time ranges${how}: ${nameList(gaps, (s) => ` (${s.gaps} of ${bucketCount})`)}.`);
  }
  if (empty.length > 0) out.push(`No value at all: ${nameList(empty, () => '')}.`);
  // The heatmap has no line to draw a threshold on: it is said under it.
  if (kind === 'rows') for (const t of chart.thresholds) out.push(`${t.label.charAt(0).toUpperCase()}${t.label.slice(1)}.`);
  return out;
}

/** A metric's chart and its table; past MAX_SERIES groups the heatmap is both. */
function chartHtml(chart: MetricChart, kind: ChartKind, buckets: readonly Bucket[], groupTitle: string): { figure: string | undefined; table: string } {
  const only = buckets[0];
  if (kind === 'rows') return { figure: undefined, table: heatmapHtml(chart, buckets, groupTitle) };
  if (kind === 'bars' && only !== undefined) return { figure: barChartSvg(chart, only), table: metricTableHtml(chart, ranked(chart.series), buckets, groupTitle) };
  return { figure: `${legendHtml(chart)}\n${lineChartSvg(chart, buckets)}`, table: metricTableHtml(chart, chart.series, buckets, groupTitle) };
}

function sectionHtml(chart: MetricChart, kind: ChartKind, buckets: readonly Bucket[], groupTitle: string, index: number): string {
  const unit = chart.unitLabel === undefined ? '' : ` <span class="unit">${escapeHtml(chart.unitLabel)}</span>`;
  const heading = `<h2 id="metric-${index + 1}"><span class="title">${escapeHtml(chart.title)}</span> <code class="key">${escapeHtml(chart.metric.key)}</code>${unit}</h2>`;
  if (chart.series.every((s) => s.window === null)) {
    return `<section class="metric">\n${heading}\n<p class="note">No values for this metric.</p>\n</section>`;
  }
  const { figure, table } = chartHtml(chart, kind, buckets, groupTitle);
  const noteHtml = notes(chart, kind, buckets.length).map((note) => `\n<p class="note">${escapeHtml(note)}</p>`).join('');
  const drawn = figure === undefined ? '' : `\n<figure>${figure}</figure>`;
  return `<section class="metric chart ${kind}">\n${heading}${drawn}${noteHtml}\n${table}\n</section>`;
}

/** The sentence under the window line when a bucket has not ended yet, or was stored before it ended. */
function partialNote(buckets: readonly Bucket[]): string | undefined {
  const sentence = openBucketsSentence(buckets);
  return sentence === undefined ? undefined : `${sentence}: values are partial and drawn pale, dashed or hollow.`;
}

export function renderMeasurementsHtml(result: MeasurementResult, options: { title?: string; generatedAt?: string; today?: string; thresholds?: readonly ChartThreshold[] }): string {
  const title = reportTitle(result, options.title);
  const window = describeWindow(result);
  const empty = result.noData || result.elements.every((element) => element.rows.length === 0);
  const main: string[] = [];
  let summary = window.charAt(0).toUpperCase() + window.slice(1);
  if (empty) main.push(`<p>${escapeHtml(NO_DATA)}</p>`);
  else {
    const { kind, groups, buckets, charts } = reportCharts(result, options.today, options.thresholds);
    summary += `; ${groups.length} ${groupNoun(result, groups.length)}`;
    const partial = partialNote(buckets);
    if (partial !== undefined) main.push(`<p class="note partial-note">${escapeHtml(partial)}</p>`);
    const groupTitle = groupNoun(result, 1);
    charts.forEach((chart, i) => main.push(sectionHtml(chart, kind, buckets, groupTitle.charAt(0).toUpperCase() + groupTitle.slice(1), i)));
  }
  const made = options.generatedAt === undefined ? 'Made by emctl.' : `Made by emctl at ${escapeHtml(options.generatedAt)}.`;
  const footer = result.report === undefined ? made : `Report <code>${escapeHtml(result.report)}</code>. ${made}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(headingLine(result, options.title))}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="window">${escapeHtml(summary)}</p>
</header>
<main>
${main.join('\n')}
</main>
<footer>${footer}</footer>
</body>
</html>
`;
}
