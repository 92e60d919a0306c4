// --last windows (DESIGN.md §6.1: end tomorrow UTC, start N days/weeks/calendar months earlier)
// and the date helpers they rest on.

import { describe, expect, it } from 'vitest';
import { addCalendarMonth, addMonths, countBuckets, isDate, lastWindow } from '../../src/contract/measurement-window.js';

describe('lastWindow', () => {
  const cases: [string, string, string, string][] = [
    // now (UTC), last, after, before
    ['2026-11-23T10:00:00Z', '90d', '2026-08-26', '2026-11-24'],
    ['2026-11-23T23:59:59Z', '1d', '2026-11-23', '2026-11-24'],
    ['2026-11-23T00:00:00Z', '12w', '2026-09-01', '2026-11-24'],
    ['2026-11-23T10:00:00Z', '6mo', '2026-05-24', '2026-11-24'],
    ['2026-11-23T10:00:00Z', '1mo', '2026-10-24', '2026-11-24'],
    // tomorrow is 2026-03-31; a month earlier has no 31st: the month's last day
    ['2026-03-30T12:00:00Z', '1mo', '2026-02-28', '2026-03-31'],
    ['2028-03-30T12:00:00Z', '1mo', '2028-02-29', '2028-03-31'],
    // across a year end
    ['2026-12-31T18:00:00Z', '2w', '2026-12-18', '2027-01-01'],
    // a time zone ahead of UTC: still the UTC day
    ['2026-11-23T23:30:00-05:00', '1d', '2026-11-24', '2026-11-25'],
  ];
  it.each(cases)('now %s, --last %s -> [%s, %s)', (now, last, after, before) => {
    expect(lastWindow(last, new Date(now))).toEqual({ after, before });
  });
});

describe('dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['26-01-01', false],
  ])('isDate(%s) = %s', (text, ok) => expect(isDate(text)).toBe(ok));

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-01-31', -2, '2025-11-30'],
    ['2026-05-15', -12, '2025-05-15'],
  ])('addMonths(%s, %d) = %s', (date, n, expected) => expect(addMonths(date, n)).toBe(expected));
});

describe('month buckets (one rule for the emulator and the request check)', () => {
  const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);

  it('chain from the previous end: Jan 31 -> Feb 28 -> Mar 28 -> Apr 28', () => {
    const starts = [ms('2026-01-31')];
    for (let i = 0; i < 3; i++) starts.push(addCalendarMonth(starts[starts.length - 1] ?? 0));
    expect(starts.map(day)).toEqual(['2026-01-31', '2026-02-28', '2026-03-28', '2026-04-28']);
    expect(day(addCalendarMonth(ms('2028-01-30')))).toBe('2028-02-29');
  });

  it.each<[string, string, '1d' | '1w' | '1mo' | 'custom', number]>([
    ['2026-01-31', '2026-05-01', '1mo', 4],
    ['2026-01-01', '2026-05-01', '1mo', 4],
    ['2026-01-01', '2026-01-15', '1w', 2],
    ['2026-01-01', '2026-01-11', '1d', 10],
    ['2026-01-01', '2026-01-15', '1d', 11],
    ['2026-01-01', '2026-01-15', 'custom', 1],
    ['2026-01-15', '2026-01-01', '1d', 0],
    ['1000-01-01', '9000-01-01', '1d', 11],
    ['1000-01-01', '9000-01-01', '1mo', 11],
  ])('%s to %s by %s: %i buckets (cap 10)', (after, before, rollUp, count) => {
    expect(countBuckets(ms(after), ms(before), rollUp, 10)).toBe(count);
  });
});
