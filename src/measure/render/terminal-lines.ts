// The terminal line chart of one metric (up to MAX_SERIES groups), drawn in characters: each
// group's line in its own mark (and colour, when painted) for the whole report, so no two lines of
// a chart look alike even without colour. Buckets sit at the centres of equal spans of the width;
// the line between two buckets is straight, and stops at a bucket with no value. The line into a
// bucket still in progress is dashed, and the bucket is labelled under the axis.

import { niceAxis } from './axis.js';
import { painter, type Paint } from './colour.js';
import type { Bucket } from './buckets.js';
import type { MetricChart } from './series.js';

const HEIGHT = 15;
const MIN_PLOT_COLUMNS = 16;
/** One mark per style slot: as many as a chart can have lines (MAX_SERIES), none repeated. */
const MARKS = ['*', 'o', '+', 'x', '#', '@'] as const;
const COLOURS = ['blue', 'yellow', 'green', 'magenta', 'cyan', 'red'] as const;

/** A goal's threshold: a dotted row across the plot, grey (no group's colour), its label on it. */
export const THRESHOLD_MARK = '┄';
export const THRESHOLD_COLOUR = 'gray';

export function markOf(slot: number): string {
  return MARKS[slot % MARKS.length] ?? '*';
}

export function colourOf(slot: number): (typeof COLOURS)[number] {
  return COLOURS[slot % COLOURS.length] ?? 'blue';
}

/** The column of each bucket's centre in a plot of `columns` cells. */
function bucketColumns(count: number, columns: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.min(columns - 1, Math.floor(((i + 0.5) * columns) / count)));
}

/**
 * Labels placed along `columns` cells at their centre columns, newest first so the newest is
 * always shown, skipping any that would touch one already placed. Returns the line.
 */
export function placeLabels(labels: readonly (string | undefined)[], centres: readonly number[], columns: number): string {
  const cells = new Array<string>(columns).fill(' ');
  let limit = columns; // first column taken by a label to the right
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i];
    if (label === undefined) continue;
    const chars = [...label];
    const start = Math.max(0, Math.min(columns - chars.length, (centres[i] ?? 0) - Math.floor(chars.length / 2)));
    if (start + chars.length + 2 > limit && limit !== columns) continue;
    if (start + chars.length > columns) continue;
    chars.forEach((ch, k) => (cells[start + k] = ch));
    limit = start;
  }
  return cells.join('').trimEnd();
}

interface Grid {
  cells: string[][];
  owner: number[][];
}

function put(grid: Grid, row: number, column: number, mark: string, series: number): void {
  const line = grid.cells[row];
  const owners = grid.owner[row];
  if (line === undefined || owners === undefined || column < 0 || column >= line.length) return;
  line[column] = mark;
  owners[column] = series;
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

/**
 * A threshold's row: the mark in every empty cell, and its label over free cells of the row, as far
 * right as they allow (nowhere when no lines leave room: the legend names it anyway).
 */
function drawThreshold(grid: Grid, row: number, label: string, owner: number): void {
  const cells = grid.cells[row];
  if (cells === undefined) return;
  cells.forEach((cell, c) => {
    if (cell === ' ') put(grid, row, c, THRESHOLD_MARK, owner);
  });
  const text = [...` ${label} `];
  const free = (start: number) => start >= 0 && text.every((_, k) => cells[start + k] === THRESHOLD_MARK);
  for (let start = cells.length - text.length - 1; start >= 0; start--) {
    if (!free(start)) continue;
    text.forEach((ch, k) => put(grid, row, start + k, ch, owner));
    return;
  }
}

/** The plot, its x axis and the date labels under it; `width` columns at most (the last kept free). */
export function drawLines(chart: MetricChart, buckets: readonly Bucket[], width: number, color: boolean): string[] {
  let dataMin = 0;
  let dataMax = 0;
  for (const v of [...chart.series.flatMap((s) => s.values), ...chart.thresholds.map((t) => t.value)]) {
    if (v === null) continue;
    dataMin = Math.min(dataMin, v);
    dataMax = Math.max(dataMax, v);
  }
  const axis = niceAxis(dataMin, dataMax, HEIGHT, chart.metric.unit);
  const { min, max, steps: rows } = axis;
  const rowValue = (y: number) => max - (y * (max - min)) / rows;
  const labels = Array.from({ length: rows + 1 }, (_, y) => axis.label(rowValue(y)));
  const labelWidth = Math.max(...labels.map((l) => l.length));
  const axisColumn = labelWidth + 1;
  const columns = Math.max(MIN_PLOT_COLUMNS, width - 2 - axisColumn);
  const grid: Grid = {
    cells: Array.from({ length: rows + 1 }, () => new Array<string>(columns).fill(' ')),
    owner: Array.from({ length: rows + 1 }, () => new Array<number>(columns).fill(-1)),
  };
  const rowOf = (v: number) => rows - Math.round(((v - min) / (max - min)) * rows);
  const centres = bucketColumns(buckets.length, columns);

  // The last group of the legend first, so the first ends on top where lines cross.
  for (let s = chart.series.length - 1; s >= 0; s--) {
    const series = chart.series[s];
    if (series === undefined) continue;
    const mark = markOf(series.slot);
    series.values.forEach((v, i) => {
      if (v === null) return;
      const next = series.values[i + 1];
      const from = centres[i] ?? 0;
      const to = centres[i + 1];
      if (next === null || next === undefined || to === undefined) return;
      const dashed = buckets[i + 1]?.inProgress === true;
      let previous = rowOf(v);
      for (let c = from; c <= to; c++) {
        const value = v + ((next - v) * (c - from)) / Math.max(1, to - from);
        const row = rowOf(value);
        if (dashed) {
          if ((c - from) % 2 === 0) put(grid, row, c, mark, s);
        } else {
          // A steep step fills the column between the two rows, so the line stays unbroken.
          const [top, bottom] = previous < row ? [previous + 1, row] : [row, previous - 1];
          for (let r = top; r <= bottom; r++) put(grid, r, c, mark, s);
          put(grid, row, c, mark, s);
        }
        previous = row;
      }
    });
    // Every value's own point, also one with no neighbour to draw a line to.
    series.values.forEach((v, i) => {
      if (v !== null) put(grid, rowOf(v), centres[i] ?? 0, mark, s);
    });
  }

  // The goals' lines under the groups' (a group's mark wins a shared cell), labelled on the line.
  chart.thresholds.forEach((threshold, t) => drawThreshold(grid, rowOf(threshold.value), threshold.label, chart.series.length + t));
  const paints = [...chart.series.map((series) => painter(color, colourOf(series.slot))), ...chart.thresholds.map(() => painter(color, THRESHOLD_COLOUR))];
  const lines = grid.cells.map((cells, y) => {
    const label = (labels[y] ?? '').padStart(labelWidth);
    const tick = Math.abs(rowValue(y)) < 1e-9 ? '┼' : '┤';
    return `${label} ${tick}${paintRuns(cells, grid.owner[y] ?? [], paints)}`;
  });
  const indent = ' '.repeat(axisColumn + 1);
  const ticks = new Array<string>(columns).fill('─');
  for (const c of centres) ticks[c] = '┬';
  lines.push(`${' '.repeat(labelWidth + 1)}└${ticks.join('')}`);
  // Every k-th bucket named, counted back from the newest, as many as fit with two spaces between.
  const widest = Math.max(...buckets.map((b) => [...b.label].length));
  const every = Math.max(1, Math.ceil((widest + 2) / (columns / Math.max(1, buckets.length))));
  const named = buckets.map((b, i) => ((buckets.length - 1 - i) % every === 0 ? b.label : undefined));
  lines.push(`${indent}${placeLabels(named, centres, columns)}`);
  const open = buckets.map((b) => (b.inProgress ? 'in progress' : undefined));
  if (open.some((label) => label !== undefined)) lines.push(`${indent}${placeLabels(open, centres, columns)}`);
  return lines;
}
