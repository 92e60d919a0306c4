// `--format html`: one self-contained page for a static site or an e-mail attachment, read by
// people who did not run the command: a title, the window in plain words, then per metric its
// human name (key and unit beside it), a chart and a table. The chart is a line per group up to
// MAX_SERIES groups, a heatmap past that, a bar chart for a single bucket (series.ts decides).
// Everything is inline SVG and CSS; the Content-Security-Policy forbids any request and any
// script, so a name in the data can neither load anything nor run anything. Every string from the
// data is escaped (markup.ts escapeHtml).

import type { MeasurementResult } from '../result-model.js';
import { barChartSvg } from './html-bars.js';
import { legendHtml, lineChartSvg } from './html-chart.js';
import { heatmapSvg } from './html-heatmap.js';
import { metricTableHtml } from './html-table.js';
import { escapeHtml } from './markup.js';
import { NO_DATA, describeWindow, groupNoun, reportTitle } from './rows.js';
import { gapsOf, openBucketsSentence, ranked, reportCharts, type Bucket, type ChartKind, type ChartSeries, type MetricChart } from './series.js';

const STYLE = `
  body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
         margin: 2rem auto; max-width: 960px; padding: 0 1rem; overflow-wrap: anywhere; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.2rem; margin: 2.5rem 0 .35rem; }
  h2 .key { font: .75rem ui-monospace, SFMono-Regular, Menlo, monospace; color: #656d76; margin-left: .5rem; font-weight: 400; }
  h2 .unit { font-size: .85rem; color: #656d76; margin-left: .4rem; font-weight: 400; }
  .window, .note, footer, .muted { color: #656d76; }
  .note { font-size: .9rem; margin: .35rem 0 0; }
  .partial-note { background: #f6f8fa; border-left: 3px solid #8c959f; padding: .3rem .6rem; }
  figure { margin: .25rem 0 0; }
  figure > svg { display: block; width: 100%; height: auto; }
  .swatch { flex: none; }
  .legend { list-style: none; display: flex; flex-wrap: wrap; gap: .2rem 1.1rem; padding: 0; margin: .2rem 0 .1rem; font-size: .9rem; }
  .legend li { display: flex; align-items: center; gap: .35rem; }
  .table-wrap { overflow-x: auto; margin-top: .8rem; max-width: 100%; }
  table { border-collapse: collapse; font-size: .82rem; }
  th, td { padding: .25rem .5rem; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
  thead th { background: #f6f8fa; font-weight: 600; vertical-align: bottom; }
  /* The group's name stays in view while a wide table scrolls sideways. */
  tbody th, thead th:first-child { position: sticky; left: 0; background: #fff; font-weight: 400; white-space: nowrap; max-width: 16rem; overflow: hidden; text-overflow: ellipsis; }
  thead th:first-child { background: #f6f8fa; font-weight: 600; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  td.partial { color: #656d76; font-style: italic; }
  td.window { font-weight: 600; }
  th .in-progress { font-weight: 400; font-style: italic; color: #656d76; }
  footer { margin-top: 2rem; font-size: .85rem; }
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
  return out;
}

function chartHtml(chart: MetricChart, kind: ChartKind, buckets: readonly Bucket[]): { figure: string; rows: ChartSeries[] } {
  const only = buckets[0];
  if (kind === 'bars' && only !== undefined) return { figure: barChartSvg(chart, only), rows: ranked(chart.series) };
  if (kind === 'rows') return { figure: heatmapSvg(chart, buckets), rows: ranked(chart.series) };
  return { figure: `${legendHtml(chart)}\n${lineChartSvg(chart, buckets)}`, rows: chart.series };
}

function sectionHtml(chart: MetricChart, kind: ChartKind, buckets: readonly Bucket[], groupTitle: string, index: number): string {
  const unit = chart.unitLabel === undefined ? '' : ` <span class="unit">${escapeHtml(chart.unitLabel)}</span>`;
  const heading = `<h2 id="metric-${index + 1}"><span class="title">${escapeHtml(chart.title)}</span> <code class="key">${escapeHtml(chart.metric.key)}</code>${unit}</h2>`;
  if (chart.series.every((s) => s.window === null)) {
    return `<section class="metric">\n${heading}\n<p class="note">No values for this metric.</p>\n</section>`;
  }
  const { figure, rows } = chartHtml(chart, kind, buckets);
  const noteHtml = notes(chart, kind, buckets.length).map((note) => `\n<p class="note">${escapeHtml(note)}</p>`).join('');
  const table = metricTableHtml(chart, rows, buckets, groupTitle);
  return `<section class="metric chart ${kind}">\n${heading}\n<figure>${figure}</figure>${noteHtml}\n${table}\n</section>`;
}

/** The sentence under the window line when a bucket has not ended yet, or was stored before it ended. */
function partialNote(buckets: readonly Bucket[]): string | undefined {
  const sentence = openBucketsSentence(buckets);
  return sentence === undefined ? undefined : `${sentence}: values are partial and drawn pale, dashed or hollow.`;
}

export function renderMeasurementsHtml(result: MeasurementResult, options: { title?: string; generatedAt?: string; today?: string }): string {
  const title = reportTitle(result, options.title);
  const window = describeWindow(result);
  const empty = result.noData || result.elements.every((element) => element.rows.length === 0);
  const main: string[] = [];
  let summary = window.charAt(0).toUpperCase() + window.slice(1);
  if (empty) main.push(`<p>${escapeHtml(NO_DATA)}</p>`);
  else {
    const { kind, groups, buckets, charts } = reportCharts(result, options.today);
    summary += `; ${groups.length} ${groupNoun(result, groups.length)}`;
    const partial = partialNote(buckets);
    if (partial !== undefined) main.push(`<p class="note partial-note">${escapeHtml(partial)}</p>`);
    const groupTitle = groupNoun(result, 1);
    charts.forEach((chart, i) => main.push(sectionHtml(chart, kind, buckets, groupTitle.charAt(0).toUpperCase() + groupTitle.slice(1), i)));
  }
  const footer = options.generatedAt === undefined ? 'Made by emctl.' : `Made by emctl at ${escapeHtml(options.generatedAt)}.`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(`${title}: ${window}`)}</title>
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
