// The grid that every tabular format shows (table, markdown, html): one row per time range and
// group, in the service's order (elements in time order, groups as order_by left them), with the
// group's name next to its id. Each format only lays this grid out.

import type { MeasurementResult } from '../../core/measurement-result.js';
import { formatValue } from './values.js';

export interface Grid {
  /** Column titles: after, before, the group key, `name` when any group has one, then metric keys. */
  header: string[];
  /** True for the columns whose cells are numbers (right-aligned). */
  numeric: boolean[];
  /** Cells as a person reads them (durations human). */
  rows: string[][];
}

/** Whether any row of the result carries a group name: then every format shows a name column. */
export function hasNames(result: MeasurementResult): boolean {
  return result.elements.some((element) => element.rows.some((row) => row.name !== undefined));
}

/**
 * A name as one line of plain text: line breaks and other control characters (an escape sequence
 * would repaint the terminal) become a space, so a name can neither split a row nor restyle it.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

export function humanGrid(result: MeasurementResult): Grid {
  const withNames = hasNames(result);
  const header = ['after', 'before', result.groupKey];
  const numeric = [false, false, true];
  if (withNames) {
    header.push('name');
    numeric.push(false);
  }
  for (const metric of result.metrics) {
    header.push(metric.key);
    numeric.push(true);
  }
  const rows: string[][] = [];
  for (const element of result.elements) {
    for (const row of element.rows) {
      const cells = [element.after, element.before, String(row.group)];
      if (withNames) cells.push(oneLine(row.name ?? ''));
      for (const metric of result.metrics) cells.push(formatValue(metric.unit, row.values[metric.key]));
      rows.push(cells);
    }
  }
  return { header, numeric, rows };
}

const ROLL_UP_WORDS: Record<MeasurementResult['rollUp'], string> = {
  '1d': 'daily',
  '1w': 'weekly',
  '1mo': 'monthly',
  custom: 'whole window',
};

/**
 * The one line that says what was measured: `by team, 2026-09-01 to 2026-12-01 (before), weekly`.
 * `before` is exclusive, as in the API and the --before flag, so the line says so.
 */
export function describeWindow(result: MeasurementResult): string {
  const groupBy = result.groupBy.replace(/_/g, ' ');
  return `by ${groupBy}, ${result.after} to ${result.before} (before), ${ROLL_UP_WORDS[result.rollUp]}`;
}

/** The title of a report: the caller's, else the report's name, else a plain word. */
export function reportTitle(result: MeasurementResult, title: string | undefined): string {
  return title ?? result.report ?? 'Measurements';
}

/** The sentence every human format gives when the service had no data (204 for every call). */
export const NO_DATA = 'No data for these filters.';
