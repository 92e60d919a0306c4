// The metric engine's inputs and outputs (DESIGN.md §6.2): activity data as a fixture carries it,
// and a measurement query as the routes hand it over once the request body is validated (ids as
// numbers, leniencies applied, every default filled in).

import type { GroupBy, MetricAgg, RollUp, WorkflowType } from '../../contract/metrics.js';
import type { MeasurementElement, TimeRange } from '../../contract/measurement-types.js';

/** A pull request of the `activity:` fixture section. Absent or null = it did not happen. */
export interface ActivityPullRequest {
  id: number;
  repository_id: number;
  author_id: number;
  branch: string;
  base_branch?: string | null;
  labels?: string[];
  first_commit_at: string;
  opened_at: string;
  first_review_at?: string | null;
  approved_at?: string | null;
  merged_at?: string | null;
  released_at?: string | null;
  additions?: number | null;
  deletions?: number | null;
  commits?: number | null;
  reviews?: number | null;
  review_comments?: number | null;
  new_work_lines?: number | null;
  refactor_lines?: number | null;
  rework_lines?: number | null;
  /** AI dev tool ids (1-92, not 44) per workflow type, or null when none was involved. */
  coding_assistant?: number | null;
  ai_review?: number | null;
  agentic_pr?: number | null;
}

export interface ActivityContributor {
  id: number;
  name: string;
  team_ids: number[];
  /** As the service's contributor lists show it; derived from the name when not given (docs/assumptions.md). */
  email?: string;
  provider_id?: string;
  /** The contributor this identity was merged into: left out of team lists with nonmerged_members_only. */
  merged_into?: number;
}

export interface ActivityRelease {
  repository_id: number;
  at: string;
}

export interface Activity {
  contributors?: ActivityContributor[];
  pull_requests?: ActivityPullRequest[];
  releases?: ActivityRelease[];
}

export interface QueryMetric {
  name: string;
  /** The aggregation to compute; undefined = the metric's default (the mean for durations). */
  agg: MetricAgg | undefined;
  /** The key rows carry: `name`, or `name:<agg as sent>` (so `name:default` when `default` was sent). */
  key: string;
}

export interface QueryWorkflowFilter {
  values: number[];
  all: boolean;
  manual: boolean;
}

/** A validated v2 (or v1, mapped) request: everything the engine needs, nothing left to default. */
export interface MeasurementQuery {
  metrics: QueryMetric[];
  timeRanges: TimeRange[];
  groupBy: GroupBy;
  rollUp: RollUp;
  /** A metric key as rows carry it. */
  orderBy: string | undefined;
  orderDir: 'asc' | 'desc';
  limit: number | undefined;
  offset: number;
  returnNoData: boolean;
  withDirectChildren: boolean;
  teamGitScopeDisabled: boolean;
  teamIds: number[] | undefined;
  contributorIds: number[] | undefined;
  repositoryIds: number[] | undefined;
  serviceIds: number[] | undefined;
  labels: string[] | undefined;
  devToolIds: number[] | undefined;
  workflowsFilters: Partial<Record<WorkflowType, QueryWorkflowFilter>> | undefined;
  additionalGroupBy: { orderBy: string; maxItems: number } | undefined;
}

export type { MeasurementElement };
