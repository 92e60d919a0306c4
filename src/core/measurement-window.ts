// The time window of a measurements request: `--after/--before` dates, or `--last N{d,w,mo}`
// (DESIGN.md §6.1: the window ends tomorrow, UTC, so today is included, and starts N days, weeks
// or calendar months before that). "Now" is a parameter so the rules are testable.

import type { TimeRange } from '../api/measurement-types.js';

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
