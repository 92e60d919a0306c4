// --last windows (DESIGN.md §6.1 "Precise rules": whole calendar buckets for weekly and monthly
// roll-ups, the current one last; N days ending tomorrow for daily and custom ones), the calendar
// they follow, and the date helpers they rest on. Every rule is run on several fake days.

import { describe, expect, it } from 'vitest';
import {
  addCalendarMonth,
  addDays,
  addMonths,
  bucketEnded,
  bucketHolding,
  bucketInProgress,
  bucketStart,
  countBuckets,
  lastWindow,
  latestCompleteBucket,
} from '../../src/contract/measurement-window.js';
import type { RollUp } from '../../src/contract/metrics.js';
import { isDate } from '../../src/contract/calendar.js';

describe('lastWindow by day (roll-up 1d or custom: N days, weeks or months ending tomorrow)', () => {
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
    expect(lastWindow(last, 'custom', new Date(now))).toEqual({ after, before });
    expect(lastWindow(last, '1d', new Date(now))).toEqual({ after, before });
  });
});

describe('lastWindow by calendar bucket (roll-up 1w: ISO weeks; 1mo: calendar months)', () => {
  const cases: [string, string, RollUp, string, string][] = [
    // now (UTC), last, roll-up, after, before. 2026-11-23 is a Monday.
    ['2026-11-23T00:00:00Z', '12w', '1w', '2026-09-07', '2026-11-30'],
    ['2026-11-26T10:00:00Z', '12w', '1w', '2026-09-07', '2026-11-30'], // Thursday
    ['2026-11-28T10:00:00Z', '12w', '1w', '2026-09-07', '2026-11-30'], // Saturday
    ['2026-11-29T23:59:59Z', '12w', '1w', '2026-09-07', '2026-11-30'], // Sunday, the week's last second
    ['2026-11-30T00:00:00Z', '12w', '1w', '2026-09-14', '2026-12-07'], // the next Monday: the next week
    ['2026-11-26T10:00:00Z', '1w', '1w', '2026-11-23', '2026-11-30'],
    // 90 days (2026-08-29 .. 2026-11-26) are held by the weeks from Monday 2026-08-24; two days
    // later (2026-08-31 .. 2026-11-28) by one week fewer: always whole ISO weeks.
    ['2026-11-26T10:00:00Z', '90d', '1w', '2026-08-24', '2026-11-30'],
    ['2026-11-28T10:00:00Z', '90d', '1w', '2026-08-31', '2026-11-30'],
    // 3 calendar months ending tomorrow (2026-08-27 .. 2026-11-26), in whole weeks.
    ['2026-11-26T10:00:00Z', '3mo', '1w', '2026-08-24', '2026-11-30'],
    // ISO weeks across a year end: Monday 2026-12-28 to Monday 2027-01-04.
    ['2027-01-01T12:00:00Z', '2w', '1w', '2026-12-21', '2027-01-04'],
    ['2027-01-03T12:00:00Z', '1w', '1w', '2026-12-28', '2027-01-04'],
    // Months: this one and the N-1 before it, on any day of it.
    ['2026-11-01T00:00:00Z', '6mo', '1mo', '2026-06-01', '2026-12-01'],
    ['2026-11-26T10:00:00Z', '6mo', '1mo', '2026-06-01', '2026-12-01'],
    ['2026-11-30T23:59:59Z', '6mo', '1mo', '2026-06-01', '2026-12-01'],
    ['2026-12-01T00:00:00Z', '6mo', '1mo', '2026-07-01', '2027-01-01'],
    ['2026-03-31T12:00:00Z', '2mo', '1mo', '2026-02-01', '2026-04-01'],
    ['2028-02-29T12:00:00Z', '1mo', '1mo', '2028-02-01', '2028-03-01'],
    ['2026-01-15T12:00:00Z', '3mo', '1mo', '2025-11-01', '2026-02-01'],
    // Days or weeks by month: the months that hold them (90 days back from 2026-11-26 start in August).
    ['2026-11-26T10:00:00Z', '90d', '1mo', '2026-08-01', '2026-12-01'],
    ['2026-11-26T10:00:00Z', '4w', '1mo', '2026-10-01', '2026-12-01'],
    ['2026-11-26T10:00:00Z', '1d', '1mo', '2026-11-01', '2026-12-01'],
  ];
  it.each(cases)('now %s, --last %s by %s -> [%s, %s)', (now, last, rollUp, after, before) => {
    expect(lastWindow(last, rollUp, new Date(now))).toEqual({ after, before });
  });

  it('every day of a week gives that week the same window; the next Monday moves it by one week', () => {
    const monday = '2026-10-12';
    for (let d = 0; d < 7; d++) {
      for (const hour of ['00:00:00', '12:34:56', '23:59:59']) {
        const now = new Date(`${addDays(monday, d)}T${hour}Z`);
        expect(lastWindow('12w', '1w', now), `${addDays(monday, d)} ${hour}`).toEqual({ after: '2026-07-27', before: '2026-10-19' });
        expect(lastWindow('13w', '1w', now).after).toBe('2026-07-20');
      }
    }
    expect(lastWindow('12w', '1w', new Date('2026-10-19T00:00:00Z'))).toEqual({ after: '2026-08-03', before: '2026-10-26' });
  });

  it('every day of a month, month ends included, gives that month the same window', () => {
    for (const [first, days] of [['2026-01-01', 31], ['2026-02-01', 28], ['2028-02-01', 29], ['2026-04-01', 30], ['2026-12-01', 31]] as const) {
      const expected = lastWindow('6mo', '1mo', new Date(`${first}T00:00:00Z`));
      expect(expected.before).toBe(addMonths(first, 1));
      expect(expected.after).toBe(addMonths(first, -5));
      for (let d = 0; d < days; d++) expect(lastWindow('6mo', '1mo', new Date(`${addDays(first, d)}T23:59:59Z`)), addDays(first, d)).toEqual(expected);
    }
  });
});

describe('the bucket calendar', () => {
  it.each<[string, '1d' | '1w' | '1mo', string, string]>([
    ['2026-11-26', '1w', '2026-11-23', '2026-11-30'], // Thursday
    ['2026-11-23', '1w', '2026-11-23', '2026-11-30'], // Monday
    ['2026-11-29', '1w', '2026-11-23', '2026-11-30'], // Sunday
    ['2027-01-01', '1w', '2026-12-28', '2027-01-04'], // ISO week 53 of 2026
    ['2026-02-28', '1mo', '2026-02-01', '2026-03-01'],
    ['2028-02-29', '1mo', '2028-02-01', '2028-03-01'],
    ['2026-12-31', '1mo', '2026-12-01', '2027-01-01'],
    ['2026-12-31', '1d', '2026-12-31', '2027-01-01'],
  ])('%s by %s is in [%s, %s)', (day, rollUp, after, before) => {
    expect(bucketStart(day, rollUp)).toBe(after);
    expect(bucketHolding(day, rollUp)).toEqual({ after, before });
  });

  it('the bucket in progress holds today; the latest complete bucket is the one before it', () => {
    const thursday = new Date('2026-11-26T10:00:00Z');
    expect(bucketInProgress(thursday, '1w')).toEqual({ after: '2026-11-23', before: '2026-11-30' });
    expect(latestCompleteBucket(thursday, '1w')).toEqual({ after: '2026-11-16', before: '2026-11-23' });
    expect(latestCompleteBucket(thursday, '1mo')).toEqual({ after: '2026-10-01', before: '2026-11-01' });
    expect(latestCompleteBucket(new Date('2026-03-31T23:00:00Z'), '1mo')).toEqual({ after: '2026-02-01', before: '2026-03-01' });
    expect(latestCompleteBucket(new Date('2027-01-01T00:00:00Z'), '1d')).toEqual({ after: '2026-12-31', before: '2027-01-01' });
    // Monday 00:00: last week has just ended.
    expect(latestCompleteBucket(new Date('2026-11-30T00:00:00Z'), '1w')).toEqual({ after: '2026-11-23', before: '2026-11-30' });
  });

  it('a bucket has ended once its exclusive before (00:00 UTC) has come', () => {
    expect(bucketEnded('2026-11-30', '2026-11-29T23:59:59Z')).toBe(false);
    expect(bucketEnded('2026-11-30', '2026-11-30T00:00:00Z')).toBe(true);
    expect(bucketEnded('2026-11-30', '2026-12-02T06:00:00Z')).toBe(true);
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
