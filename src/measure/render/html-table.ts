// The table under each chart of the html report: one per metric, a row per group (in the chart's
// order), a column per bucket with its inclusive dates (one in progress says so), then the
// group's value over the window. Wide tables scroll sideways inside their wrapper, so the page
// itself never does.

import { labelLines } from './html-chart.js';
import { escapeHtml } from './markup.js';
import type { Bucket, ChartSeries, MetricChart } from './series.js';
import { formatValue } from './values.js';

export function metricTableHtml(chart: MetricChart, rows: readonly ChartSeries[], buckets: readonly Bucket[], groupTitle: string): string {
  const heads = buckets.map((bucket) => {
    const open = bucket.inProgress ? '<br><span class="in-progress">in progress</span>' : '';
    return `<th class="num">${labelLines(bucket.label, buckets.length > 4).map(escapeHtml).join('<br>')}${open}</th>`;
  });
  const windowHead = buckets.length > 1 ? `<th class="num">${chart.windowWord === 'total' ? 'Total' : 'Average'}</th>` : '';
  const body = rows.map((series) => {
    const cells = series.raw.map((value, i) => {
      const open = buckets[i]?.inProgress ? ' partial' : '';
      return `<td class="num${open}">${escapeHtml(formatValue(chart.metric.unit, value))}</td>`;
    });
    const windowCell = buckets.length > 1 ? `<td class="num window">${escapeHtml(formatValue(chart.metric.unit, series.window))}</td>` : '';
    return `<tr><th scope="row">${escapeHtml(series.label)}</th>${cells.join('')}${windowCell}</tr>`;
  });
  return `<div class="table-wrap"><table aria-label="${escapeHtml(chart.title)}">
<thead><tr><th>${escapeHtml(groupTitle)}</th>${heads.join('')}${windowHead}</tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table></div>`;
}
