// Wire shapes of the measurement endpoints (api-spec.md 14-17, api-notes.md "Measurements").

import type { GroupBy, RollUp, WorkflowType } from './metrics.js';

export interface TimeRange {
  /** yyyy-mm-dd, inclusive (00:00Z). */
  after: string;
  /** yyyy-mm-dd, exclusive (00:00Z). */
  before: string;
}

export interface RequestedMetric {
  name: string;
  /** p50/p75/p90/avg where the metric takes one; `default` is accepted by the service (api-notes.md). */
  agg?: string;
}

export interface WorkflowFilter {
  values?: number[];
  all?: boolean;
  manual?: boolean;
}

/** Body of POST /api/v2/measurements (16) and, plus `beautified`, of the export call (17). */
export interface MeasurementsBody {
  requested_metrics: RequestedMetric[];
  time_ranges: TimeRange[];
  group_by?: GroupBy;
  roll_up?: RollUp;
  order_by?: string;
  order_dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
  return_no_data?: boolean;
  with_direct_children?: boolean;
  team_git_scope_disabled?: boolean;
  team_ids?: number[];
  contributor_ids?: number[];
  repository_ids?: number[];
  service_ids?: number[];
  labels?: string[];
  dev_tool_ids?: number[];
  workflows_filters?: Partial<Record<WorkflowType, WorkflowFilter>>;
  additional_group_by_settings?: { order_by: string; max_items: number };
}

export interface ExportBody extends MeasurementsBody {
  beautified?: boolean;
}

export type ExportFileFormat = 'csv' | 'json';

/**
 * One row of a v2 answer: the group key (`organization_id`, `team_id`, `repository_id`,
 * `contributor_id`, or `dev_tool_id` — an integer or "manual") and one value per metric key
 * (`<name>` or `<name>:<agg>`); null only with return_no_data.
 */
export type MeasurementRow = Record<string, number | string | null>;

/** One element of a v2 answer: a time range (a roll-up bucket) and its rows. */
export interface MeasurementElement {
  after: string;
  before: string;
  metrics: MeasurementRow[];
}

/** Body of POST /api/v1/exporter/measurements (14). */
export interface V1MeasurementsBody {
  requested_metrics: string[];
  add_context?: boolean;
  group_by?: 'contributor' | 'repository' | 'team' | 'organization';
  roll_up?: string;
  order_by?: string;
  contributor_ids?: number[];
  repository_ids?: number[];
  team_ids?: number[];
  service_ids?: number[];
  /** ISO 8601; with before, not with time_ranges. */
  after?: string;
  before?: string;
  time_ranges?: TimeRange[];
  limit?: number;
  offset?: number;
  return_no_data?: boolean;
  file_format?: ExportFileFormat;
}

export interface V1CreateResponse {
  request_id: string;
}

/** 200 of the v1 fetch (15) and of the v2 export (17). */
export interface ReportLink {
  report_url: string;
  detail: string;
}
