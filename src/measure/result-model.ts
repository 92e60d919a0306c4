// A measurement answer as emctl shows it (DESIGN.md §6.1): the API's elements with the rows of
// every batch merged, each group's name next to its id, and each metric's unit, so every renderer
// (table, csv, json, markdown, chart, html) works from one value and none calls the service.

import type { GroupBy, MetricUnit, RollUp } from '../contract/metrics.js';

export interface ResultMetric {
  name: string;
  /** The aggregation as requested (p50, p75, p90, avg, default), if any. */
  agg: string | undefined;
  /** The key rows carry: `name` or `name:agg`. */
  key: string;
  unit: MetricUnit;
}

export interface ResultRow {
  /** The group key's value: an id, or "manual" for the manual workflow bucket. */
  group: number | string;
  /** The group's name where emctl knows it (config team name, repository name, contributor name). */
  name: string | undefined;
  /** One value per metric key; null = no data (return_no_data); a missing key = not given. */
  values: Record<string, number | null>;
}

export interface ResultElement {
  after: string;
  before: string;
  rows: ResultRow[];
  /**
   * Read back from a history (`--from`): the bucket had not ended when its values were fetched, at
   * this instant (`2026-10-22T06:00:00Z`, the earliest fetch of its partial rows). Its values are
   * partial, whatever today is. Absent for a live answer, whose buckets in progress are known by today.
   */
  partialAt?: string;
}

export interface MeasurementResult {
  /** The report name when it came from `reports:`, else undefined. */
  report: string | undefined;
  metrics: ResultMetric[];
  groupBy: GroupBy;
  /** The key rows carry for the group (`team_id`, ..., `dev_tool_id`). */
  groupKey: string;
  /** The column of the group's name in CSV (`team_name`, `repository_name`, `contributor_name`), if any. */
  nameColumn: string | undefined;
  rollUp: RollUp;
  after: string;
  before: string;
  elements: ResultElement[];
  /** True when the service answered 204 for every call: no data for these filters. */
  noData: boolean;
}

/**
 * What a run gives: a result for the renderers, or the service's own file (--server-export). A
 * result also carries what a store needs beyond it: the groups the request named, the canonical
 * filters and the names known for groups (a 204 answer has no rows to carry them).
 */
export type RunOutput =
  | { kind: 'result'; result: MeasurementResult; groups: (number | string)[]; filters: string; names: ReadonlyMap<number | string, string> }
  | { kind: 'file'; text: string; noData: boolean };
