// A measurement answer checked against its request (DESIGN 6.2 and 8), beyond its shape: an answer
// of the right shape can still say something other than what was asked, and a goal is judged on
// it. Every bucket the request's ranges and roll-up cut is one element, once, with `before` after
// `after` (a bucket with no data is there with `metrics: []`; "no data" at all is a 204); each
// row carries its group key, once per element, and a group of an id list the request gave is one
// of those ids. What breaks one of these is a shape error naming the field, never rows read as "no
// data" (a row without its key), a verdict flipped by the last of two copies, or a group nobody
// asked for judged. One pass over the rows, with Sets. Pure.

import type { MeasurementElement, MeasurementsBody, TimeRange } from '../contract/measurement-types.js';
import { GROUP_BY_KEYS, type GroupBy } from '../contract/metrics.js';
import { addDays, addMonths } from '../contract/measurement-window.js';

const ID_FIELD: Partial<Record<GroupBy, 'team_ids' | 'repository_ids' | 'contributor_ids'>> = { team: 'team_ids', repository: 'repository_ids', contributor: 'contributor_ids' };
const NOUN: Record<GroupBy, string> = {
  organization: 'organization',
  team: 'team',
  repository: 'repository',
  contributor: 'contributor',
  coding_assistant: 'tool',
  ai_review: 'tool',
  agentic_pr: 'tool',
};
const WORKFLOW = new Set<GroupBy>(['coding_assistant', 'ai_review', 'agentic_pr']);

export interface AnswerCheck {
  /**
   * Every bucket must be an element: true for the JSON answers (16, the v1 JSON report); false for
   * a CSV export file, which has no line for a bucket without rows.
   */
  everyBucket: boolean;
}

/**
 * The buckets `roll_up` cuts [after, before) into: 1 / 7 days or a calendar month from `after`
 * (a month bucket starting on the 29th-31st ends on that day of the next month or its last day,
 * the next starting there), the last one ending at `before`; `custom` keeps the range whole.
 */
export function rangeBuckets(range: TimeRange, rollUp: MeasurementsBody['roll_up']): TimeRange[] {
  if (!(range.after < range.before)) return [];
  if (rollUp === undefined || rollUp === 'custom') return [{ after: range.after, before: range.before }];
  const out: TimeRange[] = [];
  for (let at = range.after; at < range.before; ) {
    const next = rollUp === '1d' ? addDays(at, 1) : rollUp === '1w' ? addDays(at, 7) : addMonths(at, 1);
    out.push({ after: at, before: next < range.before ? next : range.before });
    at = next;
  }
  return out;
}

const rangeText = (r: { after: unknown; before: unknown }) => `${String(r.after)} to ${String(r.before)}`;

/** The group a row's key names: a whole number from 1, or `manual` for a workflow grouping; undefined when it is not one. */
function groupValue(raw: unknown, groupBy: GroupBy): number | string | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[0-9]+$/.test(raw) ? Number(raw) : undefined;
  if (n !== undefined) return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
  return WORKFLOW.has(groupBy) && raw === 'manual' ? raw : undefined;
}

/** The first thing `elements` says that `body` did not ask for, or leaves out, in words naming the field; undefined when none. */
export function measurementAnswerProblem(body: MeasurementsBody, elements: readonly MeasurementElement[], check: AnswerCheck): string | undefined {
  const asked = new Map<string, TimeRange>();
  for (const range of body.time_ranges) for (const bucket of rangeBuckets(range, body.roll_up)) asked.set(rangeText(bucket), bucket);
  const seen = new Map<string, number>();
  for (let i = 0; i < elements.length; i += 1) {
    const element = elements[i] as MeasurementElement;
    if (!(element.after < element.before)) return `field [${i}].before (${element.before}) is not after its after (${element.after})`;
    const key = rangeText(element);
    const earlier = seen.get(key);
    if (earlier !== undefined) return `field [${i}] repeats the time range ${key} of [${earlier}]`;
    if (!asked.has(key)) return `field [${i}] is the time range ${key}, which the request did not ask for (it asked for ${describeAsked([...asked.values()])})`;
    seen.set(key, i);
    const problem = rowsProblem(body, element, i);
    if (problem !== undefined) return problem;
  }
  if (!check.everyBucket) return undefined;
  const missing = [...asked.keys()].filter((key) => !seen.has(key));
  if (missing.length === 0) return undefined;
  const more = missing.length > 1 ? ` (and ${missing.length - 1} more)` : '';
  return `the answer has no element for the time range ${missing[0]}${more}, which the request asked for (a bucket without data is an element with metrics: [], and no data at all is a 204)`;
}

function describeAsked(buckets: readonly TimeRange[]): string {
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (first === undefined || last === undefined) return 'none';
  return buckets.length === 1 ? rangeText(first) : `${buckets.length} buckets from ${first.after} to ${last.before}`;
}

function rowsProblem(body: MeasurementsBody, element: MeasurementElement, i: number): string | undefined {
  const groupBy = body.group_by ?? 'organization';
  const key = GROUP_BY_KEYS[groupBy];
  const idField = ID_FIELD[groupBy];
  const ids = idField === undefined ? undefined : body[idField];
  const wanted = ids === undefined ? undefined : new Set(ids);
  const noun = NOUN[groupBy];
  const rowOf = new Map<number | string, number>();
  for (let j = 0; j < element.metrics.length; j += 1) {
    const row = element.metrics[j] ?? {};
    const at = `[${i}].metrics[${j}].${key}`;
    if (!Object.hasOwn(row, key)) return `field ${at} is missing`;
    const group = groupValue(row[key], groupBy);
    if (group === undefined) return `field ${at} is ${JSON.stringify(row[key])}, not ${WORKFLOW.has(groupBy) ? 'a tool id or "manual"' : `a ${noun} id`}`;
    if (wanted !== undefined && !wanted.has(group as number)) return `field ${at} is ${group}, a ${noun} the request did not ask for`;
    const earlier = rowOf.get(group);
    if (earlier !== undefined) return `field ${at} repeats ${noun} ${group} of [${i}].metrics[${earlier}]`;
    rowOf.set(group, j);
  }
  return undefined;
}

/**
 * A group that two answers of one request (its pages, or its batches of ids) both hold in one time
 * range, in words; undefined when none. Each answer was checked alone when it came (no group twice
 * in one), so a group met again here comes from another answer.
 */
export function repeatedAcrossAnswers(groupBy: GroupBy, answers: readonly (readonly MeasurementElement[])[]): string | undefined {
  const key = GROUP_BY_KEYS[groupBy];
  const seen = new Map<string, Set<number | string>>();
  for (const answer of answers) {
    for (const element of answer) {
      const range = rangeText(element);
      let groups = seen.get(range);
      if (groups === undefined) seen.set(range, (groups = new Set()));
      for (const row of element.metrics) {
        const group = groupValue(row[key], groupBy);
        if (group === undefined) continue;
        if (groups.has(group)) return `${NOUN[groupBy]} ${group} is answered twice for the time range ${range}, by two calls of one request`;
        groups.add(group);
      }
    }
  }
  return undefined;
}
