// The time window of a measurements request: `--after/--before` dates, or `--last N{d,w,mo}`
// (DESIGN.md §6.1: the window ends tomorrow, UTC, so today is included, and starts N days, weeks
// or calendar months before that). "Now" is a parameter so the rules are testable.
// A rule of the service (contract/): emctl and the emulator's metric engine bucket by the same calendar.

import type { TimeRange } from './measurement-types.js';
import type { RollUp } from './metrics.js';

export const DATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
export const LAST_PATTERN = /^([1-9][0-9]{0,3})(d|w|mo)$/;

/** The window used when a request names none. */
export const DEFAULT_LAST = '30d';

/** A real calendar date written yyyy-mm-dd (2026-02-30 is not one). */
export function isDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return formatDate(date) === text;
}

export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDate(text: string): Date {
  const m = DATE_PATTERN.exec(text);
  if (!m) throw new Error(`not a date: ${text}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** `date` plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  const d = parseDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return formatDate(d);
}

/** `date` moved by `months` calendar months; a day past the target month's end becomes its last day. */
export function addMonths(date: string, months: number): string {
  const d = parseDate(date);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatDate(new Date(Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay))));
}

/** Today's date in UTC. */
export function utcToday(now: Date): string {
  return formatDate(now);
}

/** The window of `--last` (already checked against LAST_PATTERN): [before - N units, tomorrow). */
export function lastWindow(last: string, now: Date): TimeRange {
  const m = LAST_PATTERN.exec(last);
  if (!m) throw new Error(`not a --last value: ${last}`);
  const n = Number(m[1]);
  const before = addDays(utcToday(now), 1);
  const after = m[2] === 'd' ? addDays(before, -n) : m[2] === 'w' ? addDays(before, -7 * n) : addMonths(before, -n);
  return { after, before };
}

const DAY_MS = 86_400_000;

/**
 * One calendar month after `ms`, the day of month clamped to the target month's last day. Month
 * buckets chain from the previous bucket's end (DESIGN.md §6.2), so a range starting on Jan 31
 * is cut Jan 31 -> Feb 28 -> Mar 28 -> Apr 28: the clamp, once taken, is kept. The emulator cuts
 * its buckets with this function and the request check counts them with it.
 */
export function addCalendarMonth(ms: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** The start of the bucket after the one starting at `ms`. */
export function nextBucketStart(ms: number, rollUp: Exclude<RollUp, 'custom'>): number {
  return rollUp === '1d' ? ms + DAY_MS : rollUp === '1w' ? ms + 7 * DAY_MS : addCalendarMonth(ms);
}

/**
 * How many buckets [start, end) is cut into by `rollUp`, counting no further than `cap + 1` (a
 * count past the cap is all a caller needs to know). Days and weeks are computed; months are
 * chained, which is at most `cap + 1` steps.
 */
export function countBuckets(start: number, end: number, rollUp: RollUp, cap: number): number {
  if (!(start < end)) return 0;
  if (rollUp === 'custom') return 1;
  if (rollUp === '1d') return Math.min(cap + 1, Math.ceil((end - start) / DAY_MS));
  if (rollUp === '1w') return Math.min(cap + 1, Math.ceil((end - start) / (7 * DAY_MS)));
  let count = 0;
  for (let at = start; at < end && count <= cap; at = addCalendarMonth(at)) count += 1;
  return count;
}
