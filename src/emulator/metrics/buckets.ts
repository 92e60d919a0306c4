// Time ranges and roll-up buckets (DESIGN.md §6.2): a range is [after 00:00Z, before 00:00Z);
// 1d / 1w cut it into 1 / 7 days from `after`, 1mo into calendar months (a bucket starting on the
// 29th-31st ends on the same day of the next month or on that month's last day, and the next
// bucket starts where it ended); the last bucket ends at `before`. `custom` keeps the range whole.

import type { RollUp } from '../../contract/metrics.js';
import type { TimeRange } from '../../contract/measurement-types.js';
import { nextBucketStart } from '../../contract/measurement-window.js';

export interface Bucket {
  start: number;
  end: number;
}

/** Epoch ms of a yyyy-mm-dd date at 00:00Z (a full ISO timestamp is taken as given). */
export function dayStart(date: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
}

/** yyyy-mm-dd of a UTC instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}


export function cutRange(range: TimeRange, rollUp: RollUp): Bucket[] {
  const start = dayStart(range.after);
  const end = dayStart(range.before);
  if (!(start < end)) return [];
  if (rollUp === 'custom') return [{ start, end }];
  const buckets: Bucket[] = [];
  let at = start;
  while (at < end) {
    const next = nextBucketStart(at, rollUp);
    buckets.push({ start: at, end: Math.min(next, end) });
    at = next;
  }
  return buckets;
}

/** Index of the bucket holding t (buckets contiguous and sorted), or -1. */
export function bucketOf(buckets: Bucket[], t: number): number {
  if (!(t >= buckets[0]!.start) || !(t < buckets[buckets.length - 1]!.end)) return -1;
  let a = 0;
  let b = buckets.length - 1;
  while (a < b) {
    const mid = (a + b + 1) >>> 1;
    if (buckets[mid]!.start <= t) a = mid;
    else b = mid - 1;
  }
  return a;
}
