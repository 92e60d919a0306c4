// Notes `emctl measurements` gives on stderr before a request runs, for answers that are right but
// easy to misread: a column that stays empty by the contract's rules, a last roll-up bucket
// shorter than the others (a dip on a chart that is only less time), and a window that a store
// widened to whole calendar weeks or months.

import type { TimeRange } from '../contract/measurement-types.js';
import type { RollUp } from '../contract/metrics.js';
import type { MeasurementResult } from './result-model.js';
import type { MeasureSpec } from './spec.js';
import { formatDate, nextBucketStart } from '../contract/measurement-window.js';
import { formatTraits, type OutputFormat } from './output-formats.js';

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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A store holds only calendar buckets (DESIGN.md §10): a run writing one with explicit dates that
 * are not on the roll-up's boundaries asks for the whole ISO weeks or calendar months they touch
 * (run.ts windowOf), so the stored buckets it replaces are replaced whole and no day is lost. Said
 * before the run, with both windows.
 */
export function widenedWindowNotice(asked: TimeRange, window: TimeRange, rollUp: RollUp): string | undefined {
  if (asked.after === window.after && asked.before === window.before) return undefined;
  const weekly = rollUp === '1w';
  const day = (date: string) => (weekly ? `${date} (a ${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? ''})` : date);
  const what = weekly ? 'ISO weeks (Monday to Sunday)' : 'calendar months';
  return `note: a store keeps whole ${what}: the window ${day(asked.after)} to ${day(asked.before)} (before) is widened to ${window.after} to ${window.before} (before), the ${weekly ? 'weeks' : 'months'} it touches, so no stored ${weekly ? 'week' : 'month'} loses days`;
}

/** Every note for one request over `window` (`asked`: the dates before a store widened them), in the order they are printed. */
export function requestNotices(spec: Pick<MeasureSpec, 'metrics' | 'groupBy' | 'rollUp'>, window: TimeRange, asked: TimeRange = window): string[] {
  const notes = [releasesNotice(spec), widenedWindowNotice(asked, window, spec.rollUp), shortLastBucketNotice(window, spec.rollUp)];
  return notes.filter((note): note is string => note !== undefined);
}

/**
 * History read back (`--from`): buckets stored before they ended hold partial values, whatever
 * the format (csv and json carry no mark of it), so they are named once on stderr.
 */
export function storedPartialNotice(result: Pick<MeasurementResult, 'elements'>): string | undefined {
  const partial = result.elements.filter((e) => e.partialAt !== undefined);
  if (partial.length === 0) return undefined;
  const each = partial.map((e) => `${e.after} to ${e.before} (before), fetched ${e.partialAt ?? ''}`).join('; ');
  const one = partial.length === 1;
  return `note: ${one ? 'a bucket was' : `${partial.length} buckets were`} stored before ${one ? 'it' : 'they'} ended, so ${one ? 'its values are' : 'their values are'} partial until a run fetches ${one ? 'it' : 'them'} again: ${each}`;
}

/**
 * A live run whose window ends after today (yyyy-mm-dd): its last time range has not ended, and its
 * values are partial. Most formats mark it themselves (output-formats.ts); `csv` and `json` (and the
 * service's own export files) have no place for a mark, so it is said once on stderr.
 */
export function openWindowNotice(window: TimeRange, today: string, format: OutputFormat, serverExport: boolean): string | undefined {
  if (window.before <= today || (!serverExport && formatTraits(format).marksOpenBucket)) return undefined;
  return `note: the window runs to ${window.before} (before), after today: its last time range has not ended, so its values are partial (${serverExport ? 'the export file' : format} carries no mark of it)`;
}
