// The grid that every tabular format shows (table, markdown, html): one row per time range and
// group, in the service's order (elements in time order, groups as order_by left them), with the
// group's name next to its id. Each format only lays this grid out.

import type { MeasurementResult } from '../result-model.js';
import { openBucketsSentence, resultBuckets } from './buckets.js';
import { dayRange, lastDay } from './dates.js';
import { metricsHeading, metricTitle } from './titles.js';
import { formatValue } from './values.js';

export interface Grid {
  /**
   * Column titles: from and to (both days included), the group's id, its name when any group has
   * one, then each metric's human name (csv and json keep the API's keys and exclusive `before`).
   */
  header: string[];
  /** True for the columns whose cells are numbers (right-aligned). */
  numeric: boolean[];
  /** Cells as a person reads them (durations human). */
  rows: string[][];
  /**
   * Said under the grid when a time range is in progress (its `To` marked `*`), in the chart
   * formats' sentence (buckets.ts): its values are partial, never to be read as final.
   */
  note?: string;
}

/** The mark on the `To` of a time range in progress, explained by the grid's note. */
export const OPEN_MARK = '*';

/**
 * Whether the formats show a name column: always for the groupings that have names (team,
 * repository, contributor: empty where unknown), else when some row carries one.
 */
export function hasNames(result: MeasurementResult): boolean {
  return result.nameColumn !== undefined || result.elements.some((element) => element.rows.some((row) => row.name !== undefined));
}

/**
 * A name as one line of plain text: line breaks and other control characters (an escape sequence
 * would repaint the terminal) become a space, so a name can neither split a row nor restyle it.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

/** `today` (yyyy-mm-dd): a time range ending after it is in progress, its `To` marked and noted. */
export function humanGrid(result: MeasurementResult, today?: string): Grid {
  const withNames = hasNames(result);
  const noun = groupNoun(result, 1);
  const header = ['From', 'To', `${noun.charAt(0).toUpperCase()}${noun.slice(1)} id`];
  const numeric = [false, false, true];
  if (withNames) {
    header.push('Name');
    numeric.push(false);
  }
  for (const metric of result.metrics) {
    header.push(metricTitle(metric));
    numeric.push(true);
  }
  const rows: string[][] = [];
  const buckets = resultBuckets(result, today);
  result.elements.forEach((element, i) => {
    const to = `${lastDay(element.before)}${buckets[i]?.inProgress ? OPEN_MARK : ''}`;
    for (const row of element.rows) {
      const cells = [element.after, to, String(row.group)];
      if (withNames) cells.push(oneLine(row.name ?? ''));
      for (const metric of result.metrics) cells.push(formatValue(metric.unit, row.values[metric.key]));
      rows.push(cells);
    }
  });
  // The sentence the chart formats say of the same buckets.
  const open = openBucketsSentence(buckets);
  return { header, numeric, rows, ...(open === undefined ? {} : { note: `${OPEN_MARK} ${open}: values are partial` }) };
}

const ROLL_UP_WORDS: Record<MeasurementResult['rollUp'], string> = {
  '1d': 'daily',
  '1w': 'weekly',
  '1mo': 'monthly',
  custom: 'whole window',
};

/**
 * The one line that says what was measured, its dates both included as people say them:
 * `by team, Sep 1 - Nov 30, 2026, weekly` (the request's `--before` was 2026-12-01).
 */
export function describeWindow(result: MeasurementResult): string {
  const groupBy = result.groupBy.replace(/_/g, ' ');
  return `by ${groupBy}, ${dayRange(result.after, result.before, true)}, ${ROLL_UP_WORDS[result.rollUp]}`;
}

const NOUNS: Record<MeasurementResult['groupBy'], [string, string]> = {
  organization: ['organization', 'organizations'],
  team: ['team', 'teams'],
  repository: ['repository', 'repositories'],
  contributor: ['contributor', 'contributors'],
  coding_assistant: ['coding assistant', 'coding assistants'],
  ai_review: ['AI review tool', 'AI review tools'],
  agentic_pr: ['agentic PR tool', 'agentic PR tools'],
};

/** `team` / `teams`: what one group of the report is, for headers and counts. */
export function groupNoun(result: Pick<MeasurementResult, 'groupBy'>, count: number): string {
  const [one, many] = NOUNS[result.groupBy] ?? [result.groupBy, result.groupBy];
  return count === 1 ? one : many;
}

/** The title of a report: the caller's (`title:`, `--title`), else its metrics and grouping. */
export function reportTitle(result: MeasurementResult, title: string | undefined): string {
  return title ?? metricsHeading(result.metrics, result.groupBy === 'organization' ? undefined : groupNoun(result, 1));
}

/**
 * The heading line of the chart and markdown formats and the html page's <title>: the title, then
 * the window; the grouping only when a given title does not already say it (`Pull requests merged
 * by team: Sep 7 - 20, 2026, weekly`, `Delivery: by team, Sep 7 - 20, 2026, weekly`).
 */
export function headingLine(result: MeasurementResult, title: string | undefined): string {
  const dates = `${dayRange(result.after, result.before, true)}, ${ROLL_UP_WORDS[result.rollUp]}`;
  return title === undefined ? `${reportTitle(result, title)}: ${dates}` : `${title}: ${describeWindow(result)}`;
}

/** The sentence every human format gives when the service had no data (204 for every call). */
export const NO_DATA = 'No data for these filters.';
