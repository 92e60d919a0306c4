// The SVG chart of one metric for the html report: a vega-lite line chart (one line per group,
// points on the buckets, a legend with the groups' names), compiled to vega and rendered to SVG in
// Node without a canvas. The libraries are loaded by the caller once per report (they take about
// half a second), never by the other formats.

import type { MetricChart } from './series.js';

export interface ChartLibraries {
  vega: typeof import('vega');
  vegaLite: typeof import('vega-lite');
}

/** Loads vega and vega-lite: only the html format calls this. */
export async function loadChartLibraries(): Promise<ChartLibraries> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  return { vega, vegaLite };
}

const WIDTH = 640;
const HEIGHT = 240;
const MAX_TICKS = 8;

/** Epoch milliseconds of a `yyyy-mm-dd` at 00:00 UTC: numbers, so no date parsing depends on a time zone. */
function utcMillis(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Vega's default category colours (tableau10), given by slot so a group keeps its colour across charts. */
const PALETTE = ['#4c78a8', '#f58518', '#e45756', '#72b7b2', '#54a24b', '#eeca3b', '#b279a2', '#ff9da6', '#9d755d', '#bab0ac'];

/**
 * The vega-lite spec of one metric's chart (exported for tests: what is drawn, before drawing).
 * `slots` gives each group its colour for the whole report (series.ts styleSlots).
 */
export function chartSpec(chart: MetricChart, groupTitle: string, slots: Map<number | string, number>): Record<string, unknown> {
  const labels = chart.series.map((series) => series.label);
  const colours = chart.series.map((series, i) => PALETTE[(slots.get(series.group) ?? i) % PALETTE.length] ?? '#4c78a8');
  const values: { date: number; group: string; value: number }[] = [];
  for (const series of chart.series) {
    series.values.forEach((value, bucket) => {
      const day = chart.buckets[bucket];
      // A gap is left out: the line goes straight from the bucket before to the bucket after.
      if (value !== null && day !== undefined) values.push({ date: utcMillis(day), group: series.label, value });
    });
  }
  // Ticks on bucket starts (every k-th one past 8 buckets), so each label sits on a point.
  const every = Math.ceil(chart.buckets.length / MAX_TICKS);
  const tickValues = chart.buckets.filter((_, i) => i % every === 0).map(utcMillis);
  return {
    width: WIDTH,
    height: HEIGHT,
    background: 'white',
    data: { values },
    mark: { type: 'line', point: true, strokeWidth: 2 },
    encoding: {
      x: {
        field: 'date',
        type: 'temporal',
        // Every chart of a report spans the whole window, also when a metric has values in part of
        // it only (durations where nothing was merged yet), so the charts line up date for date.
        scale: chart.buckets.length > 1 ? { type: 'utc', domain: [utcMillis(chart.buckets[0]!), utcMillis(chart.buckets[chart.buckets.length - 1]!)] } : { type: 'utc' },
        // Labels centred on their ticks (not pushed inside at the ends, where they would collide).
        axis: { title: 'bucket start', format: '%Y-%m-%d', labelFlush: false, labelOverlap: 'greedy', values: tickValues },
      },
      y: {
        field: 'value',
        type: 'quantitative',
        axis: { title: chart.unitLabel ?? chart.metric.key },
      },
      color: {
        field: 'group',
        type: 'nominal',
        scale: { domain: labels, range: colours },
        // Wide enough for `owner/a-long-repository-name (1234)`; longer names end in an ellipsis (the table has them whole).
        legend: { title: groupTitle, labelLimit: 320 },
      },
    },
    config: { font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', view: { stroke: null } },
  };
}

/** The chart as an SVG element (its text escaped by vega's SVG writer). */
export async function chartSvg(
  libs: ChartLibraries,
  chart: MetricChart,
  groupTitle: string,
  slots: Map<number | string, number>,
): Promise<string> {
  const { spec } = libs.vegaLite.compile(chartSpec(chart, groupTitle, slots) as never);
  const view = new libs.vega.View(libs.vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
