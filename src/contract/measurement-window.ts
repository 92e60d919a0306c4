// The time window of a measurements request and the calendar its buckets follow (DESIGN.md §6.1,
// "Precise rules"): `--after/--before` dates as given, or `--last N{d,w,mo}` as whole calendar
// buckets of the roll-up, so that runs on different days produce the same buckets and a history
// never holds two overlapping weeks. "Now" is always a parameter, never read here.
// A rule of the service (contract/): emctl and the emulator's metric engine bucket by the same calendar.

import type { TimeRange } from './measurement-types.js';
import type { RollUp } from './metrics.js';

export const DATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
export const LAST_PATTERN = /^([1-9][0-9]{0,3})(d|w|mo)$/;

/** The window used when a request names none. */
export const DEFAULT_LAST = '30d';

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

/** The roll-ups whose buckets follow a calendar (custom is the window itself). */
export type CalendarRollUp = Exclude<RollUp, 'custom'>;

/**
 * The first day of the bucket that holds `day` (yyyy-mm-dd): the day itself for `1d`, its ISO
 * week's Monday for `1w` (weeks run Monday 00:00 UTC to the next Monday), the 1st of its month for
 * `1mo`.
 */
export function bucketStart(day: string, rollUp: CalendarRollUp): string {
  if (rollUp === '1d') return day;
  if (rollUp === '1mo') return `${day.slice(0, 8)}01`;
  // getUTCDay: Sunday 0 .. Saturday 6; days since Monday: (d + 6) % 7.
  return addDays(day, -((parseDate(day).getUTCDay() + 6) % 7));
}

/**
 * `window` widened to the calendar buckets of `rollUp` it touches: `after` back to its bucket's
 * first day, `before` forward to the first day after the bucket holding the window's last day.
 */
export function calendarWindow(window: TimeRange, rollUp: CalendarRollUp): TimeRange {
  return { after: bucketStart(window.after, rollUp), before: shiftBucket(bucketStart(addDays(window.before, -1), rollUp), rollUp, 1) };
}

/** The calendar bucket that starts `n` buckets after the one starting on `start` (n < 0: before it). */
function shiftBucket(start: string, rollUp: CalendarRollUp, n: number): string {
  if (rollUp === '1d') return addDays(start, n);
  if (rollUp === '1w') return addDays(start, 7 * n);
  return addMonths(start, n);
}

/** The calendar bucket [after, before) that holds `day`. */
export function bucketHolding(day: string, rollUp: CalendarRollUp): TimeRange {
  const after = bucketStart(day, rollUp);
  return { after, before: shiftBucket(after, rollUp, 1) };
}

/**
 * The bucket in progress at `now`: the one holding today (UTC). Its values are partial until its
 * `before` has passed.
 */
export function bucketInProgress(now: Date, rollUp: CalendarRollUp): TimeRange {
  return bucketHolding(utcToday(now), rollUp);
}

/** The latest complete bucket at `now`: the last one whose end has passed (the one before the bucket in progress). */
export function latestCompleteBucket(now: Date, rollUp: CalendarRollUp): TimeRange {
  const current = bucketInProgress(now, rollUp);
  return { after: shiftBucket(current.after, rollUp, -1), before: current.after };
}

/**
 * Whether a bucket had ended at `at` (an ISO instant, `2026-11-25T06:00:00Z`): its exclusive
 * `before` (00:00 UTC) is on or before it. A bucket fetched before that holds partial values.
 */
export function bucketEnded(before: string, at: string): boolean {
  return at >= `${before}T00:00:00Z`;
}

/** The days of `--last` as they were before calendar buckets: [tomorrow - N units, tomorrow). */
function dayWindow(n: number, unit: string, now: Date): TimeRange {
  const before = addDays(utcToday(now), 1);
  const after = unit === 'd' ? addDays(before, -n) : unit === 'w' ? addDays(before, -7 * n) : addMonths(before, -n);
  return { after, before };
}

/**
 * The window of `--last` (already checked against LAST_PATTERN) for a request cut by `rollUp`:
 * - `1w` / `1mo`: whole calendar buckets, the current one (in progress) last. N of the roll-up's own
 *   unit is N buckets (`12w` by weeks: this ISO week and the 11 before it; `6mo` by months: this
 *   month and the 5 before it); another unit covers the buckets that hold those days (`90d` by
 *   weeks: the weeks holding today and the 89 days before it).
 * - `1d` / `custom`: the N days (weeks, calendar months) ending tomorrow, so today is included.
 */
export function lastWindow(last: string, rollUp: RollUp, now: Date): TimeRange {
  const m = LAST_PATTERN.exec(last);
  if (!m) throw new Error(`not a --last value: ${last}`);
  const n = Number(m[1]);
  const unit = m[2] ?? 'd';
  const days = dayWindow(n, unit, now);
  if (rollUp === 'custom' || rollUp === '1d') return days;
  const current = bucketInProgress(now, rollUp);
  const ownUnit = (rollUp === '1w' && unit === 'w') || (rollUp === '1mo' && unit === 'mo');
  const after = ownUnit ? shiftBucket(current.after, rollUp, 1 - n) : bucketStart(days.after, rollUp);
  return { after, before: current.before };
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
export function nextBucketStart(ms: number, rollUp: CalendarRollUp): number {
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
