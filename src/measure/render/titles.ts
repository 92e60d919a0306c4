// What a person reads for a metric: its human name ("Cycle time, 75th percentile") in the chart
// titles and the table headers of the human formats (table, markdown, chart, html). csv and json
// keep the API's keys. The names follow the spec's metric tables (api-spec.md, endpoints 14 and 16)
// and its notes on what each metric counts; a metric emctl has no name for shows its key.

import type { ResultMetric } from '../result-model.js';

const NAMES: Readonly<Record<string, string>> = {
  'branch.time_to_pr': 'Time to pull request',
  'branch.time_to_approve': 'Time to approval',
  'branch.time_to_merge': 'Time to merge',
  'branch.time_to_review': 'Time to review',
  'branch.review_time': 'Review time',
  'branch.time_to_prod': 'Time to production',
  'branch.computed.cycle_time': 'Cycle time',
  'branch.cycle_time.sum_of_components': 'Cycle time (sum of stages)',
  'branch.state.computed.done': 'Branches done',
  'branch.state.active': 'Active branches',
  'branch.commit.coauthor': 'Co-authored commits',
  'pr.merged': 'Pull requests merged',
  'pr.merged.size': 'Merged pull request size',
  'pr.new': 'Pull requests opened',
  'pr.review_depth': 'Review depth (comments per pull request)',
  'pr.reviews': 'Reviews',
  'pr.merged.without.review.count': 'Pull requests merged without review',
  'pr.maturity_ratio': 'Pull request maturity',
  'pr.reviewed': 'Pull requests reviewed',
  'commit.total.count': 'Commits',
  'commit.activity.new_work.count': 'New work (lines)',
  'commit.activity.refactor.count': 'Refactoring (lines)',
  'commit.activity.rework.count': 'Rework (lines)',
  'commit.total_changes': 'Lines changed',
  'commit.activity_days': 'Days with commits',
  'commit.involved.repos.count': 'Repositories committed to',
  'commit.code_churn.rework': 'Code churn: rework',
  'commit.code_churn.refactor': 'Code churn: refactoring',
  'contributor.coding_days': 'Coding days',
  'commit.total_count.workflow.suggestion': 'Commits from assistant suggestions',
  'commit.total_changes.workflow.suggestion': 'Lines changed from assistant suggestions',
  'workflow.ai.review.total.count': 'AI reviews',
  'workflow.ai.review.pr.count': 'Pull requests with an AI review',
  'workflow.ai.review.security_issues.prs.count': 'Pull requests with security issues (AI review)',
  'workflow.ai.review.bugs.prs.count': 'Pull requests with bugs (AI review)',
  'workflow.ai.review.performance_issues.prs.count': 'Pull requests with performance issues (AI review)',
  'workflow.ai.review.readability_issues.prs.count': 'Pull requests with readability issues (AI review)',
  'workflow.ai.review.maintainability_issues.prs.count': 'Pull requests with maintainability issues (AI review)',
  'releases.count': 'Releases',
  'pm.mttr': 'Mean time to recovery',
  'pm.cfr.issues.done': 'Change failure issues done',
  'pm.issues.done': 'Issues done',
  'pm.issues.done.story_points': 'Story points done',
};

const AGGS: Readonly<Record<string, string>> = {
  p50: 'median',
  p75: '75th percentile',
  p90: '90th percentile',
  avg: 'average',
};

const STAGE = /^branch\.stage\.time_to_([a-z0-9_]+)$/;

/** The metric's name without its aggregation: the table's, a custom stage's, else the key. */
function baseName(name: string): string {
  const known = NAMES[name];
  if (known !== undefined) return known;
  const stage = STAGE.exec(name)?.[1];
  return stage === undefined ? name : `Time to ${stage.replace(/_/g, ' ')}`;
}

/**
 * `Cycle time, 75th percentile`, `Pull requests merged`, `Time to qa review, median`. pm.mttr is a
 * mean already, so its only aggregation (avg) is not repeated.
 */
export function metricTitle(metric: Pick<ResultMetric, 'name' | 'agg'>): string {
  const base = baseName(metric.name);
  if (metric.agg === undefined || metric.agg === 'default' || metric.name === 'pm.mttr') return base;
  const agg = AGGS[metric.agg];
  return agg === undefined ? `${base}, ${metric.agg}` : `${base}, ${agg}`;
}


/** `Cycle time (75th percentile)`: a metric's name inside a sentence, where commas separate metrics. */
export function metricPhrase(metric: Pick<ResultMetric, 'name' | 'agg'>): string {
  const title = metricTitle(metric);
  const comma = title.lastIndexOf(', ');
  return comma < 0 || metric.agg === undefined ? title : `${title.slice(0, comma)} (${title.slice(comma + 2)})`;
}

/** At most this many metrics are named in a heading; the rest are counted. */
const NAMED_METRICS = 3;

/**
 * What a heading says when the report gives no title (DESIGN.md §11: the metrics and the grouping,
 * never a slug): `Cycle time (75th percentile) and Pull requests merged by team`, `Pull requests
 * merged, Releases and 2 more metrics by repository`, `Pull requests merged` for the organization.
 */
export function metricsHeading(metrics: readonly Pick<ResultMetric, 'name' | 'agg'>[], grouping: string | undefined): string {
  const names = metrics.map(metricPhrase);
  const shown = names.length > NAMED_METRICS ? [...names.slice(0, NAMED_METRICS - 1), `${names.length - (NAMED_METRICS - 1)} more metrics`] : names;
  const list = shown.length <= 1 ? (shown[0] ?? 'Measurements') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1] ?? ''}`;
  return grouping === undefined ? list : `${list} by ${grouping}`;
}
