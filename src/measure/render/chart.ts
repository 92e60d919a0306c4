// `--format chart`: a line chart per metric in the terminal, drawn by asciichart, one series per
// group, under a title with the unit and over a legend that names the groups. asciichart draws one
// column per value and cannot skip a value, so this file fits the buckets to the width (linear
// between buckets, which is what a line between two points means), bridges gaps, and draws each
// series in its own plot so that, without colour, each can have its own line symbol.

import type { MeasurementResult } from '../../core/measurement-result.js';
import { painter, type Paint } from './colour.js';
import { NO_DATA, describeWindow, reportTitle } from './rows.js';
import { metricChart, styleSlots, type ChartSeries, type MetricChart } from './series.js';
import { formatValue } from './values.js';
import { displayWidth, padTo } from './width.js';

type Symbols = [string, string, string, string, string, string, string, string, string, string];
type Plot = (series: number[][], cfg: { min: number; max: number; height: number; offset: number; symbols: Symbols; format: (x: number) => string }) => string;

export const DEFAULT_CHART_WIDTH = 80;
const HEIGHT = 15;
const MIN_PLOT_COLUMNS = 16;
const AXIS_ZERO = '┼';
const AXIS = '┤';
const BOX: Symbols = [AXIS_ZERO, AXIS, '╶', '╴', '─', '╰', '╭', '╮', '╯', '│'];
/** Without colour each series gets its own mark (the first keeps the box lines). */
const PLAIN_MARKS = ['', '·', 'x', '+', 'o', '*', '#', '%'];
const COLOURS = ['blue', 'yellow', 'green', 'magenta', 'cyan', 'red', 'white', 'gray'] as const;

/** A group's style slot in this report (see styleSlots), the same in every chart. */
type Slots = Map<number | string, number>;

function colourOf(slot: number): (typeof COLOURS)[number] {
  return COLOURS[slot % COLOURS.length] ?? 'white';
}

function symbolsFor(slot: number, color: boolean): Symbols {
  const mark = color ? '' : (PLAIN_MARKS[slot % PLAIN_MARKS.length] ?? '');
  if (mark === '') return BOX;
  return [AXIS_ZERO, AXIS, '╶', '╴', mark, mark, mark, mark, mark, mark];
}

/** The two characters that stand for a series in its legend line. */
function legendMark(slot: number, color: boolean): string {
  const symbols = symbolsFor(slot, color);
  return symbols[4].repeat(2);
}

/** `values` at `columns + 1` evenly spaced points, linear between buckets; gaps bridged first. */
export function fitToColumns(values: (number | null)[], columns: number): number[] {
  const known = bridgeGaps(values);
  if (known.length === 1) return new Array<number>(columns + 1).fill(known[0] ?? 0);
  const out: number[] = [];
  for (let j = 0; j <= columns; j++) {
    const t = (j * (known.length - 1)) / columns;
    const i = Math.min(Math.floor(t), known.length - 2);
    const a = known[i] ?? 0;
    const b = known[i + 1] ?? 0;
    out.push(a + (b - a) * (t - i));
  }
  return out;
}

/** Gaps inside a series are bridged by a straight line; gaps at its ends hold the nearest value. */
export function bridgeGaps(values: (number | null)[]): number[] {
  const known: number[] = [];
  const indexes: number[] = [];
  values.forEach((value, i) => {
    if (value !== null) {
      known.push(value);
      indexes.push(i);
    }
  });
  const out: number[] = [];
  let k = 0; // the index into `indexes` of the next known value at or after i
  for (let i = 0; i < values.length; i++) {
    while (k < indexes.length && (indexes[k] ?? 0) < i) k++;
    const next = indexes[k];
    const previous = indexes[k - 1];
    const value = values[i];
    if (value !== null && value !== undefined) out.push(value);
    else if (previous === undefined) out.push(known[k] ?? 0);
    else if (next === undefined) out.push(known[k - 1] ?? 0);
    else {
      const a = known[k - 1] ?? 0;
      const b = known[k] ?? 0;
      out.push(a + ((b - a) * (i - previous)) / (next - previous));
    }
  }
  return out;
}

/**
 * A y axis whose labels are round numbers (0, 5, 10, ... rather than 0, 3.5, 7, ...): the step is
 * the smallest of 1, 2, 2.5, 5 times a power of ten that covers the data in at most `maxRows` rows;
 * the axis then has just the rows the data needs.
 */
export function niceAxis(dataMin: number, dataMax: number, maxRows: number): { min: number; max: number; rows: number; decimals: number } {
  const low = Math.min(0, dataMin);
  const high = dataMax > low ? dataMax : low + 1;
  let exponent = Math.floor(Math.log10((high - low) / maxRows));
  for (;;) {
    for (const factor of [1, 2, 2.5, 5]) {
      const step = Number((factor * 10 ** exponent).toPrecision(6));
      const min = Math.floor(low / step) * step;
      const rows = Math.ceil((high - min) / step - 1e-9);
      if (rows <= maxRows) {
        const decimals = Math.max(0, -exponent + (factor === 2.5 ? 1 : 0));
        return { min, max: Number((min + step * rows).toPrecision(12)), rows, decimals };
      }
    }
    exponent += 1;
  }
}

/**
 * Overlays the plots of several series (same scale, same labels) into one: a plot cell takes the
 * mark of the highest-ranked series that draws there, so the first series stays on top. The axis
 * is drawn once: asciichart marks `┼` where its one series starts, which for several series would
 * put a `┼` on several rows, so with more than one series the axis is `┤` on every row and `┼` on
 * the zero row only (`zeroRow`, counted from the top).
 */
function overlay(plots: string[][][], axisColumn: number, zeroRow: number): { cells: string[][]; owner: number[][] } {
  const base = plots[0] ?? [];
  const cells = base.map((line) => [...line]);
  const owner = base.map((line) => line.map(() => -1));
  for (let s = plots.length - 1; s >= 0; s--) {
    const plot = plots[s] ?? [];
    plot.forEach((line, y) => {
      line.forEach((cell, x) => {
        const row = cells[y];
        const rowOwner = owner[y];
        if (row === undefined || rowOwner === undefined) return;
        if (x > axisColumn && cell !== ' ') {
          row[x] = cell;
          rowOwner[x] = s;
        }
      });
    });
  }
  if (plots.length > 1) {
    cells.forEach((row, y) => {
      if (row[axisColumn] === AXIS || row[axisColumn] === AXIS_ZERO) row[axisColumn] = y === zeroRow ? AXIS_ZERO : AXIS;
    });
  }
  return { cells, owner };
}

function paintRuns(cells: string[], owner: number[], paints: Paint[]): string {
  let out = '';
  let run = '';
  let runOwner = -1;
  const flush = () => {
    out += runOwner >= 0 ? (paints[runOwner] ?? ((s: string) => s))(run) : run;
    run = '';
  };
  cells.forEach((cell, x) => {
    const o = owner[x] ?? -1;
    if (o !== runOwner) {
      flush();
      runOwner = o;
    }
    run += cell;
  });
  flush();
  return out.trimEnd();
}

function drawChart(chart: MetricChart, slots: Slots, plot: Plot, width: number, color: boolean): string[] {
  const slot = (i: number) => slots.get(chart.series[i]?.group ?? '') ?? i;
  // The y axis starts at 0 (or below, for a negative value), as the html chart's does.
  let dataMin = 0;
  let dataMax = 0;
  for (const s of chart.series) {
    for (const v of s.values) {
      if (v === null) continue;
      dataMin = Math.min(dataMin, v);
      dataMax = Math.max(dataMax, v);
    }
  }
  const { min, max, rows, decimals } = niceAxis(dataMin, dataMax, HEIGHT);
  const labelWidth = Math.max(min.toFixed(decimals).length, max.toFixed(decimals).length);
  // asciichart puts the whole label in one cell and the axis in the next (offset 2): label, space, axis.
  const format = (x: number) => `${x.toFixed(decimals).padStart(labelWidth)} `;
  const offset = 2;
  const axisColumn = labelWidth + 1;
  const columns = Math.max(MIN_PLOT_COLUMNS, width - axisColumn - 2);
  const plots = chart.series.map((s, i) =>
    plot([fitToColumns(s.values, columns)], { min, max, height: rows, offset, symbols: symbolsFor(slot(i), color), format })
      .split('\n')
      // One array entry per visible column: the label cell holds the whole label string.
      .map((line) => [...line]),
  );
  const paints = chart.series.map((_, i) => painter(color, colourOf(slot(i))));
  // Row y of the plot is labelled max - y * (max - min) / rows; 0 is on a gridline (min is a multiple of the step).
  const zeroRow = max === min ? rows : Math.round((max * rows) / (max - min));
  const { cells, owner } = overlay(plots, axisColumn, zeroRow);
  const lines = cells.map((row, y) => paintRuns(row, owner[y] ?? [], paints));

  const first = chart.buckets[0] ?? '';
  const last = chart.buckets[chart.buckets.length - 1] ?? '';
  const gap = Math.max(2, columns - first.length - last.length);
  lines.push(`${' '.repeat(axisColumn)}${first}${' '.repeat(gap)}${last}`);
  return lines;
}

function legend(chart: MetricChart, slots: Slots, color: boolean): string[] {
  const labels = chart.series.map((s) => s.label);
  const width = Math.max(...labels.map(displayWidth));
  const lines = chart.series.map((s: ChartSeries, i) => {
    const slot = slots.get(s.group) ?? i;
    const mark = painter(color, colourOf(slot))(legendMark(slot, color));
    const gaps = s.gaps > 0 ? `  (no value in ${s.gaps} of ${s.values.length} buckets)` : '';
    return `  ${mark} ${padTo(labels[i] ?? '', width)}  last ${formatValue(chart.metric.unit, s.last)}${gaps}`;
  });
  if (chart.omitted > 0) {
    const shown = chart.series.length;
    lines.push(`  showing ${shown} of ${shown + chart.omitted} groups: those with the highest last value (see --format table for all)`);
  }
  return lines;
}

/** With a single bucket there is no line to draw: each group's value, highest first. */
function valueList(chart: MetricChart): string[] {
  const labels = chart.series.map((s) => s.label);
  const values = chart.series.map((s) => formatValue(chart.metric.unit, s.last));
  const labelWidth = Math.max(...labels.map(displayWidth));
  const valueWidth = Math.max(...values.map((value) => value.length));
  const lines = labels.map((label, i) => `  ${padTo(label, labelWidth)}  ${(values[i] ?? '').padStart(valueWidth)}`);
  if (chart.omitted > 0) lines.push(`  and ${chart.omitted} more groups (see --format table)`);
  return lines;
}

function metricBlock(chart: MetricChart, slots: Slots, plot: Plot, width: number, color: boolean): string[] {
  const bold = painter(color, 'bold');
  // The unit names the y axis; a list of values shows each value in its own human form.
  const title = bold(chart.unitLabel === undefined || chart.buckets.length < 2 ? chart.metric.key : `${chart.metric.key} (${chart.unitLabel})`);
  if (chart.series.length === 0) return [title, '  no values for this metric'];
  if (chart.buckets.length < 2) return [title, ...valueList(chart)];
  return [title, ...drawChart(chart, slots, plot, width, color), ...legend(chart, slots, color)];
}

export async function renderMeasurementsChart(
  result: MeasurementResult,
  options: { color: boolean; width?: number; title?: string },
): Promise<string> {
  if (result.noData || result.elements.every((element) => element.rows.length === 0)) return `${NO_DATA}\n`;
  const { plot } = (await import('asciichart')) as unknown as { plot: Plot };
  const width = Math.max(40, options.width ?? DEFAULT_CHART_WIDTH);
  const charts = result.metrics.map((metric) => metricChart(result, metric));
  const slots = styleSlots(charts);
  const blocks = charts.map((chart) => metricBlock(chart, slots, plot, width, options.color).join('\n'));
  let heading = `${reportTitle(result, options.title)}: ${describeWindow(result)}`;
  if (result.elements.length < 2) {
    heading += '\nOne time range only: a line needs at least 2 buckets (a roll-up of 1d, 1w or 1mo); the values:';
  }
  return `${[heading, ...blocks].join('\n\n')}\n`;
}
