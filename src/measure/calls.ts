// From a checked request to the calls that answer it (DESIGN.md §6.1): only the id list of the
// group-by dimension is split, into calls of at most 50 ids, each with `limit` equal to its number
// of ids so that no group is cut; a group-by with no id list (contributors, AI tools) is paged with
// limit/offset (one large page, more only when it comes back full). Filter lists of the other dimensions go whole into every call.

import { GROUP_BY_KEYS, type GroupBy } from '../contract/metrics.js';
import type { MeasurementElement, MeasurementRow, MeasurementsBody, TimeRange } from '../contract/measurement-types.js';
import { chunk } from '../core/ops-common.js';
import { type MeasureSpec } from './spec.js';
import { IDS_PER_CALL } from './spec-selection.js';

/**
 * Groups per page when a group-by without an id list is paged. The spec sets no maximum for
 * `limit`, and each page is a call on a paced route while the service computes every group to
 * answer any page, so one large page answers an organization's contributors in one call; more
 * pages only follow when one comes back full.
 */
export const PAGE_SIZE = 10_000;

/** Ids of every dimension, names already resolved. */
export interface RequestIds {
  teamIds: number[];
  repositoryIds: number[];
  contributorIds: number[];
  serviceIds: number[];
}

type IdField = 'team_ids' | 'repository_ids' | 'contributor_ids';

const GROUP_ID_FIELD: Partial<Record<GroupBy, IdField>> = {
  team: 'team_ids',
  repository: 'repository_ids',
  contributor: 'contributor_ids',
};

/** The body field carrying the group-by dimension's ids, if that dimension has ids. */
export function groupIdField(groupBy: GroupBy): IdField | undefined {
  return GROUP_ID_FIELD[groupBy];
}

export function groupKeyOf(groupBy: GroupBy): string {
  return GROUP_BY_KEYS[groupBy];
}

const NAME_COLUMNS: Partial<Record<GroupBy, string>> = {
  team: 'team_name',
  repository: 'repository_name',
  contributor: 'contributor_name',
};

/** The column of the group's name (DESIGN.md §6.2), for the groupings that have one. */
export function nameColumnOf(groupBy: GroupBy): string | undefined {
  return NAME_COLUMNS[groupBy];
}

/** One planned call: its body, and whether it is paged (limit/offset until a short page). */
export interface PlannedCall {
  body: MeasurementsBody;
  paged: boolean;
}

/** The calls of one request, in order. Their answers are merged by `mergeElements`. */
export function planCalls(spec: MeasureSpec, ids: RequestIds, window: TimeRange): PlannedCall[] {
  const base: MeasurementsBody = {
    requested_metrics: spec.metrics.map((m) => (m.agg === undefined ? { name: m.name } : { name: m.name, agg: m.agg })),
    time_ranges: [window],
    group_by: spec.groupBy,
    roll_up: spec.rollUp,
  };
  if (spec.orderBy !== undefined) {
    base.order_by = spec.orderBy;
    base.order_dir = spec.orderDir;
  }
  const lists: Record<IdField | 'service_ids', number[]> = {
    team_ids: ids.teamIds,
    repository_ids: ids.repositoryIds,
    contributor_ids: ids.contributorIds,
    service_ids: ids.serviceIds,
  };
  const groupField = groupIdField(spec.groupBy);
  for (const [field, list] of Object.entries(lists) as [keyof typeof lists, number[]][]) {
    if (field !== groupField && list.length > 0) base[field] = list;
  }
  if (spec.labels.length > 0) base.labels = spec.labels;
  if (spec.withChildren) base.with_direct_children = true;

  const groupIds = groupField === undefined ? [] : lists[groupField];
  if (groupField !== undefined && groupIds.length > 0) {
    return chunk(groupIds, IDS_PER_CALL).map((batch) => ({ body: { ...base, [groupField]: batch, limit: batch.length }, paged: false }));
  }
  if (spec.groupBy === 'organization') return [{ body: base, paged: false }];
  return [{ body: { ...base, limit: PAGE_SIZE, offset: 0 }, paged: true }];
}

/** True when a paged answer may have more groups: some element came back full. */
export function pageWasFull(elements: readonly MeasurementElement[], limit: number): boolean {
  return elements.some((e) => e.metrics.length >= limit);
}

/**
 * The elements of several answers as one: elements matched by their time range (in the order of
 * their start), rows of the same range concatenated in call order. Answers of one request share
 * their ranges; a range only some answers carry is kept.
 */
export function mergeElements(answers: readonly (readonly MeasurementElement[])[]): MeasurementElement[] {
  const byRange = new Map<string, MeasurementElement>();
  for (const answer of answers) {
    for (const element of answer) {
      const key = `${element.after}\u0000${element.before}`;
      const merged = byRange.get(key);
      if (merged) merged.metrics.push(...element.metrics);
      else byRange.set(key, { after: element.after, before: element.before, metrics: [...element.metrics] });
    }
  }
  return [...byRange.values()].sort((a, b) => (a.after < b.after ? -1 : a.after > b.after ? 1 : a.before < b.before ? -1 : a.before > b.before ? 1 : 0));
}

/** A row's group: an id (digits, as a number), or a text such as the `manual` workflow bucket. */
export function groupOf(raw: MeasurementRow[string] | undefined): number | string {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return '';
  return /^[0-9]+$/.test(raw) ? Number(raw) : raw;
}

/** A metric value as a number: null for no value (null, an empty CSV field, not a number). */
export function numberOf(v: MeasurementRow[string] | undefined): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number') return v;
  if (v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Ascending group order: numbers by value, then strings (the `manual` bucket) by text. */
export function compareGroups(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders each element's rows, in place, the way the service orders one answer: by `order_by`
 * (nulls and missing values last) in its direction, ties by group key ascending; with no order,
 * by group key. Rows of several calls (batches, pages, export files) come out as one answer's.
 * The v2 answers, the v1 reports and the server export files all go through it.
 */
export function orderElementRows(
  elements: readonly MeasurementElement[],
  spec: Pick<MeasureSpec, 'groupBy' | 'orderBy' | 'orderDir'>,
): void {
  const groupKey = groupKeyOf(spec.groupBy);
  const { orderBy, orderDir } = spec;
  for (const element of elements) {
    const keyed = element.metrics.map((row) => ({
      row,
      group: groupOf(row[groupKey]),
      value: orderBy === undefined ? null : (numberOf(row[orderBy]) ?? null),
    }));
    keyed.sort((a, b) => {
      if (orderBy !== undefined && a.value !== b.value) {
        if (a.value === null) return 1;
        if (b.value === null) return -1;
        return orderDir === 'asc' ? a.value - b.value : b.value - a.value;
      }
      return compareGroups(a.group, b.group);
    });
    element.metrics = keyed.map((k) => k.row);
  }
}
