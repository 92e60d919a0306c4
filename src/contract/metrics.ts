// The spec's metric tables (api-spec.md, endpoints 14 and 16) as data: which names exist, which
// aggregations each allows, and the unit of its values. One table for the request checks of the
// client and `emctl measurements`, the offline checks of `reports:` in `validate`, and the emulator.

export type MetricAgg = 'p50' | 'p75' | 'p90' | 'avg';
export const METRIC_AGGS: readonly MetricAgg[] = ['p75', 'p50', 'p90', 'avg'];

/** minutes: durations (shown as `2d 4h`); the others are shown as numbers. */
export type MetricUnit = 'minutes' | 'count' | 'lines' | 'ratio' | 'days' | 'unstated';

export interface MetricInfo {
  name: string;
  /** Aggregations the metric takes; empty = it takes none ("none" in the spec). */
  aggs: readonly MetricAgg[];
  unit: MetricUnit;
}

const DURATION: readonly MetricAgg[] = ['p75', 'p50', 'p90', 'avg'];
const NONE: readonly MetricAgg[] = [];

function m(name: string, aggs: readonly MetricAgg[], unit: MetricUnit): MetricInfo {
  return { name, aggs, unit };
}

/** v2 metrics (endpoint 16), in the spec's order. `branch.stage.time_to_<stage>` is matched by STAGE_METRIC. */
export const V2_METRICS: readonly MetricInfo[] = [
  m('branch.time_to_pr', DURATION, 'minutes'),
  m('branch.time_to_approve', DURATION, 'minutes'),
  m('branch.time_to_merge', DURATION, 'minutes'),
  m('branch.time_to_review', DURATION, 'minutes'),
  m('branch.review_time', DURATION, 'minutes'),
  m('branch.time_to_prod', DURATION, 'minutes'),
  m('branch.computed.cycle_time', DURATION, 'minutes'),
  m('branch.cycle_time.sum_of_components', DURATION, 'minutes'),
  m('branch.state.computed.done', NONE, 'count'),
  m('branch.state.active', NONE, 'count'),
  m('branch.commit.coauthor', NONE, 'count'),
  m('pr.merged', NONE, 'count'),
  m('pr.merged.size', ['p75', 'p50', 'avg'], 'lines'),
  m('pr.new', NONE, 'count'),
  m('pr.review_depth', NONE, 'ratio'),
  m('pr.reviews', NONE, 'count'),
  m('pr.merged.without.review.count', NONE, 'count'),
  m('pr.maturity_ratio', NONE, 'ratio'),
  m('pr.reviewed', NONE, 'count'),
  m('commit.total.count', NONE, 'count'),
  m('commit.activity.new_work.count', NONE, 'lines'),
  m('commit.activity.refactor.count', NONE, 'lines'),
  m('commit.activity.rework.count', NONE, 'lines'),
  m('commit.total_changes', NONE, 'lines'),
  m('commit.activity_days', NONE, 'days'),
  m('commit.involved.repos.count', NONE, 'count'),
  m('commit.code_churn.rework', NONE, 'lines'),
  m('commit.code_churn.refactor', NONE, 'lines'),
  m('contributor.coding_days', NONE, 'unstated'),
  m('commit.total_count.workflow.suggestion', NONE, 'count'),
  m('commit.total_changes.workflow.suggestion', NONE, 'lines'),
  m('workflow.ai.review.total.count', NONE, 'count'),
  m('workflow.ai.review.pr.count', NONE, 'count'),
  m('workflow.ai.review.security_issues.prs.count', NONE, 'count'),
  m('workflow.ai.review.bugs.prs.count', NONE, 'count'),
  m('workflow.ai.review.performance_issues.prs.count', NONE, 'count'),
  m('workflow.ai.review.readability_issues.prs.count', NONE, 'count'),
  m('workflow.ai.review.maintainability_issues.prs.count', NONE, 'count'),
  m('releases.count', NONE, 'count'),
  m('pm.mttr', ['avg'], 'minutes'),
  m('pm.cfr.issues.done', NONE, 'count'),
];

/** `branch.stage.time_to_<stage>`: a custom stage's duration (the stage name: letters, digits, `_`). */
export const STAGE_METRIC = /^branch\.stage\.time_to_([a-z0-9_]+)$/;

/** v1 metrics (endpoint 14): plain names, in the spec's order, with their units. */
export const V1_METRICS: readonly MetricInfo[] = [
  m('branch.computed.cycle_time', NONE, 'minutes'),
  m('branch.time_to_pr', NONE, 'minutes'),
  m('branch.time_to_review', NONE, 'minutes'),
  m('branch.review_time', NONE, 'minutes'),
  m('branch.time_to_prod', NONE, 'minutes'),
  m('pr.merged.size', NONE, 'lines'),
  m('pr.merged', NONE, 'count'),
  m('pr.review_depth', NONE, 'ratio'),
  m('commit.activity.new_work.count', NONE, 'count'),
  m('commit.total_changes', NONE, 'lines'),
  m('commit.activity.refactor.count', NONE, 'lines'),
  m('commit.activity.rework.count', NONE, 'lines'),
  m('pr.merged.without.review.count', NONE, 'count'),
  m('commit.total.count', NONE, 'count'),
  m('pr.new', NONE, 'count'),
  m('pr.reviews', NONE, 'count'),
  m('releases.count', NONE, 'count'),
  m('commit.activity_days', NONE, 'days'),
  m('branch.state.computed.done', NONE, 'count'),
  m('branch.state.active', NONE, 'count'),
  m('pm.issues.done', NONE, 'count'),
  m('pm.mttr', NONE, 'minutes'),
  m('pm.issues.done.story_points', NONE, 'count'),
  m('pm.cfr.issues.done', NONE, 'count'),
];

const V2_BY_NAME = new Map(V2_METRICS.map((x) => [x.name, x]));
const V1_BY_NAME = new Map(V1_METRICS.map((x) => [x.name, x]));

/** The v2 metric of that name (custom stages included), or undefined. */
export function v2Metric(name: string): MetricInfo | undefined {
  const known = V2_BY_NAME.get(name);
  if (known) return known;
  return STAGE_METRIC.test(name) ? m(name, DURATION, 'minutes') : undefined;
}

/** The v1 metric of that name, or undefined. */
export function v1Metric(name: string): MetricInfo | undefined {
  return V1_BY_NAME.get(name);
}

/** The key a v2 row carries for a requested metric: `<name>:<agg>` when an agg was sent, else `<name>`. */
export function metricKey(name: string, agg: string | undefined): string {
  return agg === undefined ? name : `${name}:${agg}`;
}

/** Group-by values of v2, and the row key each one carries. */
export const GROUP_BY_KEYS = {
  organization: 'organization_id',
  team: 'team_id',
  repository: 'repository_id',
  contributor: 'contributor_id',
  coding_assistant: 'dev_tool_id',
  ai_review: 'dev_tool_id',
  agentic_pr: 'dev_tool_id',
} as const;
export type GroupBy = keyof typeof GROUP_BY_KEYS;
export const GROUP_BYS = Object.keys(GROUP_BY_KEYS) as GroupBy[];
export type WorkflowType = 'coding_assistant' | 'ai_review' | 'agentic_pr';
export const WORKFLOW_TYPES: readonly WorkflowType[] = ['coding_assistant', 'ai_review', 'agentic_pr'];

export type RollUp = '1d' | '1w' | '1mo' | 'custom';
export const ROLL_UPS: readonly RollUp[] = ['1d', '1w', '1mo', 'custom'];

/** AI dev tool ids: 1 to 92, 44 absent (api-spec.md, "Measurement resources"). */
export function isDevToolId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= 92 && id !== 44;
}
