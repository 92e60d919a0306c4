// `--format table`: the grid laid out for a terminal, columns two spaces apart, numbers (and ids)
// right-aligned so digits line up, names left-aligned next to their ids.

import type { MeasurementResult } from '../result-model.js';
import { painter } from './colour.js';
import { NO_DATA, humanGrid, type Grid } from './rows.js';
import { displayWidth, padTo } from './width.js';

const GAP = '  ';

/** The grid as aligned lines: a header, a rule, then one line per row (no trailing spaces). */
export function layOutGrid(grid: Grid, color: boolean): string[] {
  const bold = painter(color, 'bold');
  const dim = painter(color, 'dim');
  const widths = grid.header.map((title) => displayWidth(title));
  for (const row of grid.rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell));
    });
  }
  const last = grid.header.length - 1;
  // The last column is not padded when left-aligned, so no line ends in spaces (also when painted).
  const line = (cells: string[], paint: (s: string) => string) =>
    cells
      .map((cell, i) => {
        const right = grid.numeric[i] ?? false;
        return paint(i === last && !right ? cell : padTo(cell, widths[i] ?? 0, right));
      })
      .join(GAP);
  const rule = widths.map((w) => '-'.repeat(w));
  return [line(grid.header, bold), line(rule, dim), ...grid.rows.map((row) => line(row, (s) => s))];
}

export function renderMeasurementsTable(result: MeasurementResult, options: { color: boolean; today?: string }): string {
  const grid = humanGrid(result, options.today);
  if (result.noData || grid.rows.length === 0) return `${NO_DATA}\n`;
  return `${[...layOutGrid(grid, options.color), ...(grid.note === undefined ? [] : ['', grid.note])].join('\n')}\n`;
}
