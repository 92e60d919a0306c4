// Dates as people read them in the human formats: a bucket is shown by its first and last day,
// both included (`Sep 1 - 7`), where the API and the data outputs (csv, json) keep the exclusive
// `before`. A bucket whose `before` is after today has not ended: its value is partial, and every
// human format says so rather than let a short week read as a drop; so is a bucket read back from
// a history that was stored before it ended. "Today" is given by the caller (the CLI's clock),
// never read here.

import type { ResultElement } from '../result-model.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

interface Day {
  year: number;
  month: number;
  day: number;
}

function parseDay(iso: string): Day {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month: month - 1, day };
}

/** The `yyyy-mm-dd` before an exclusive `before`: the last day a bucket or window includes. */
export function lastDay(before: string): string {
  const ms = Date.parse(`${before}T00:00:00Z`);
  return Number.isNaN(ms) ? before : new Date(ms - DAY_MS).toISOString().slice(0, 10);
}

/**
 * `Sep 1 - 7`, `Sep 28 - Oct 4`, `Sep 7` (one day), with `, 2026` after it when `withYear`; a range
 * across a new year always names both years (`Dec 29, 2025 - Jan 4, 2026`).
 */
export function dayRange(after: string, before: string, withYear = false): string {
  const a = parseDay(after);
  const b = parseDay(lastDay(before));
  const month = (d: Day) => MONTHS[d.month] ?? '?';
  if (a.year !== b.year) return `${month(a)} ${a.day}, ${a.year} - ${month(b)} ${b.day}, ${b.year}`;
  const year = withYear ? `, ${a.year}` : '';
  if (a.month === b.month && a.day >= b.day) return `${month(a)} ${a.day}${year}`;
  if (a.month === b.month) return `${month(a)} ${a.day} - ${b.day}${year}`;
  return `${month(a)} ${a.day} - ${month(b)} ${b.day}${year}`;
}

/** Whether the labels of a report's buckets need their years (the window spans more than one). */
function spansYears(after: string, before: string): boolean {
  return parseDay(after).year !== parseDay(lastDay(before)).year;
}

/** Each bucket's label for one report: years only where the window crosses a new year. */
export function bucketLabels(elements: readonly Pick<ResultElement, 'after' | 'before'>[]): string[] {
  const first = elements[0];
  const last = elements[elements.length - 1];
  const withYear = first !== undefined && last !== undefined && spansYears(first.after, last.before);
  return elements.map((element) => dayRange(element.after, element.before, withYear));
}

/**
 * Whether a bucket is still in progress on `today` (yyyy-mm-dd): its exclusive `before` is after
 * today, so at least today is still being counted. No `today`, no bucket in progress.
 */
export function inProgress(before: string, today: string | undefined): boolean {
  return today !== undefined && before > today;
}


/** `Oct 22, 2026 06:00 UTC`: when a stored bucket was fetched, for the notes that say it is partial. */
export function fetchedLabel(iso: string): string {
  const day = parseDay(iso.slice(0, 10));
  const time = iso.slice(11, 16);
  return `${MONTHS[day.month] ?? '?'} ${day.day}, ${day.year}${time === '' ? '' : ` ${time} UTC`}`;
}
