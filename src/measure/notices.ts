// Notes `emctl measurements` gives on stderr before a request runs, for answers that are right but
// easy to misread: a column that stays empty by the contract's rules, and a last roll-up bucket
// shorter than the others (a dip on a chart that is only less time).

import type { TimeRange } from '../contract/measurement-types.js';
import type { RollUp } from '../contract/metrics.js';
import type { MeasureSpec } from './spec.js';
import { formatDate, nextBucketStart } from '../contract/measurement-window.js';

const DAY_MS = 86_400_000;

/**
 * The service gives releases.count for organization and repository groups only (releases belong to
 * repositories, not to people): asked with another grouping its column stays empty, which a reader
 * of the file would take for "no releases".
 */
export function releasesNotice(spec: Pick<MeasureSpec, 'metrics' | 'groupBy'>): string | undefined {
  if (spec.groupBy === 'organization' || spec.groupBy === 'repository') return undefined;
  if (!spec.metrics.some((m) => m.name === 'releases.count')) return undefined;
  return `note: releases.count has values only when grouping by organization or repository (releases belong to repositories); grouped by ${spec.groupBy.replace(/_/g, ' ')}, its column stays empty`;
}

/**
 * Weekly and monthly buckets start at `after` and the last one ends at `before` (DESIGN.md §6.2),
 * so a window that is not a whole number of them ends in a short bucket (`--last 90d --roll-up
 * 1w`: 12 weeks and 6 days). Its counts cover less time; said once, with its dates.
 */
export function shortLastBucketNotice(window: TimeRange, rollUp: RollUp): string | undefined {
  if (rollUp !== '1w' && rollUp !== '1mo') return undefined;
  const start = Date.parse(`${window.after}T00:00:00Z`);
  const end = Date.parse(`${window.before}T00:00:00Z`);
  let last = start;
  // At most the service's bucket cap of steps: the request was checked against it.
  for (let next = nextBucketStart(last, rollUp); next < end; next = nextBucketStart(last, rollUp)) last = next;
  if (last === start || nextBucketStart(last, rollUp) === end) return undefined;
  const days = Math.round((end - last) / DAY_MS);
  const others = rollUp === '1w' ? '7 days' : 'a calendar month';
  return `note: the last ${rollUp === '1w' ? 'weekly' : 'monthly'} bucket, ${formatDate(new Date(last))} to ${window.before} (before), is ${days} day${days === 1 ? '' : 's'}, the others ${others}: its counts cover less time`;
}
