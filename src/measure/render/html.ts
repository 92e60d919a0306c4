// `--format html`: one self-contained page for a static site or an e-mail attachment: a title, the
// window, an SVG chart per metric and the table, readable offline with no script. Everything the
// page needs is inline; its Content-Security-Policy forbids any request and any script, so a name in
// the data can neither load anything nor run anything. Every string from the data is escaped here,
// and the SVG's text by vega's own writer.

import type { MeasurementResult } from '../../core/measurement-result.js';
import { chartSvg, loadChartLibraries } from './html-chart.js';
import { NO_DATA, describeWindow, humanGrid, reportTitle } from './rows.js';
import { metricChart, styleSlots, MAX_SERIES } from './series.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `
  body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
         margin: 2rem auto; max-width: 980px; padding: 0 1rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; }
  h2.metric { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  h2 .unit { font: .9rem system-ui, sans-serif; color: #656d76; margin-left: .4rem; }
  .window, .note, footer { color: #656d76; }
  .note { font-size: .9rem; margin: .25rem 0 0; }
  figure { margin: 0; overflow-x: auto; }
  svg { max-width: 100%; height: auto; }
  .table-wrap { overflow-x: auto; }
  table { border-collapse: collapse; font-size: .9rem; }
  th, td { padding: .3rem .7rem; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
  th { background: #f6f8fa; font-weight: 600; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  footer { margin-top: 2rem; font-size: .85rem; }
`;

/** No request of any kind (fonts, images, scripts, frames): the file reads the same offline. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function tableHtml(result: MeasurementResult): string {
  const grid = humanGrid(result);
  const cls = (i: number) => (grid.numeric[i] ? ' class="num"' : '');
  const head = grid.header.map((title, i) => `<th${cls(i)}>${escapeHtml(title)}</th>`).join('');
  const body = grid.rows.map((row) => `<tr>${row.map((cell, i) => `<td${cls(i)}>${escapeHtml(cell)}</td>`).join('')}</tr>`);
  return `<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table></div>`;
}

async function chartSections(result: MeasurementResult): Promise<string[]> {
  const libs = await loadChartLibraries();
  const groupTitle = result.groupBy.replace(/_/g, ' ');
  const charts = result.metrics.map((metric) => metricChart(result, metric));
  const slots = styleSlots(charts);
  const sections: string[] = [];
  for (const chart of charts) {
    const metric = chart.metric;
    const unit = chart.unitLabel === undefined ? '' : ` <span class="unit">${escapeHtml(chart.unitLabel)}</span>`;
    const heading = `<h2 class="metric">${escapeHtml(metric.key)}${unit}</h2>`;
    if (chart.series.length === 0) {
      sections.push(`<section>\n${heading}\n<p class="note">No values for this metric.</p>\n</section>`);
      continue;
    }
    const notes: string[] = [];
    if (chart.buckets.length < 2) notes.push('One time range only: each group is a single point (a roll-up of 1d, 1w or 1mo draws lines).');
    if (chart.omitted > 0) {
      const total = chart.series.length + chart.omitted;
      notes.push(`Showing ${chart.series.length} of ${total} groups: the ${MAX_SERIES} with the highest last value. The table has them all.`);
    }
    const gaps = chart.series.filter((s) => s.gaps > 0).length;
    if (gaps > 0) {
      const which = gaps === 1 ? 'group has' : 'groups have';
      notes.push(`Where a group has no value in a bucket, its line goes straight on to the next value (${gaps} ${which} such gaps).`);
    }
    const svg = await chartSvg(libs, chart, groupTitle, slots);
    const noteHtml = notes.map((note) => `\n<p class="note">${escapeHtml(note)}</p>`).join('');
    sections.push(`<section class="chart">\n${heading}\n<figure>${svg}</figure>${noteHtml}\n</section>`);
  }
  return sections;
}

export async function renderMeasurementsHtml(
  result: MeasurementResult,
  options: { title?: string; generatedAt?: string },
): Promise<string> {
  const title = reportTitle(result, options.title);
  const window = describeWindow(result);
  const empty = result.noData || result.elements.every((element) => element.rows.length === 0);
  const main = empty
    ? [`<p>${escapeHtml(NO_DATA)}</p>`]
    : [...(await chartSections(result)), `<section>\n<h2>Table</h2>\n${tableHtml(result)}\n</section>`];
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
<p class="window">${escapeHtml(window.charAt(0).toUpperCase() + window.slice(1))}</p>
</header>
<main>
${main.join('\n')}
</main>
<footer>${footer}</footer>
</body>
</html>
`;
}
