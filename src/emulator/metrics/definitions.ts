// What each metric name means over activity data: a rule per name (DESIGN.md §6.2 "Definitions"
// where it gives one, docs/measurements.md "How the emulator computes metrics" for the rest).
// Every name of the spec's v2 and v1 tables has a rule here; any other name answers 0 in every
// group that has data (the service's leniency, api-notes.md).

import type { ActivityIndex, EventColumn } from './activity-index.js';

const MINUTE = 60_000;

/** A value of PR i, NaN when the PR has none for this metric. */
export type PrValue = (ix: ActivityIndex, i: number) => number;

export type MetricRule =
  /** Summed over the PRs whose event falls in the range; 0 in a group with nothing to count. */
  | { kind: 'sum'; event: EventColumn; value: PrValue }
  /** One sample per PR whose event falls in the range; aggregated (mean by default); absent without samples. */
  | { kind: 'sample'; event: EventColumn; value: PrValue; meanOnly?: boolean }
  /** Pull requests with any event in the range. */
  | { kind: 'prsInRange' }
  /** Distinct UTC days in the range holding a first commit or an opening of the group's PRs. */
  | { kind: 'activityDays' }
  /** Distinct (author, UTC day) pairs, days as for activityDays. */
  | { kind: 'contributorDays' }
  /** Distinct repositories of the PRs opened in the range. */
  | { kind: 'repositories' }
  /** Releases in the range (organization and repository groups only). */
  | { kind: 'releases' }
  /** Nothing in the activity data feeds it: 0 in a group with data. */
  | { kind: 'zero' }
  /** Nothing in the activity data feeds it and it has no zero: never a value. */
  | { kind: 'absent' };

const t = (ix: ActivityIndex) => ix.times;
const orZero = (x: number) => (Number.isNaN(x) ? 0 : x);
const size: PrValue = (ix, i) => orZero(ix.numbers.additions[i]!) + orZero(ix.numbers.deletions[i]!);
const one: PrValue = () => 1;

function between(from: EventColumn, to: EventColumn): PrValue {
  // NaN when either event did not happen.
  return (ix, i) => (t(ix)[to][i]! - t(ix)[from][i]!) / MINUTE;
}

function column(name: keyof ActivityIndex['numbers']): PrValue {
  return (ix, i) => orZero(ix.numbers[name][i]!);
}

function onlyWithCodingAssistant(value: PrValue): PrValue {
  return (ix, i) => (ix.tools.coding_assistant[i]! !== 0 ? value(ix, i) : 0);
}

/** The stages a PR went through, end to end: coding, pickup, review, deploy (each when it happened). */
const sumOfComponents: PrValue = (ix, i) => {
  const { firstCommit, opened, firstReview, merged, released } = t(ix);
  if (Number.isNaN(merged[i]!)) return NaN;
  let total = opened[i]! - firstCommit[i]!;
  if (!Number.isNaN(firstReview[i]!)) total += merged[i]! - opened[i]!;
  if (!Number.isNaN(released[i]!)) total += released[i]! - merged[i]!;
  return total / MINUTE;
};

/** Share of a merged PR's changed lines that were not rework: 1 - rework / (additions + deletions). */
const maturity: PrValue = (ix, i) => {
  const lines = size(ix, i);
  if (lines <= 0) return NaN;
  return 1 - Math.min(orZero(ix.numbers.rework[i]!), lines) / lines;
};

const durations = {
  'branch.time_to_pr': { kind: 'sample', event: 'opened', value: between('firstCommit', 'opened') },
  'branch.time_to_review': { kind: 'sample', event: 'firstReview', value: between('opened', 'firstReview') },
  'branch.time_to_approve': { kind: 'sample', event: 'approved', value: between('opened', 'approved') },
  'branch.review_time': { kind: 'sample', event: 'merged', value: between('firstReview', 'merged') },
  'branch.time_to_merge': { kind: 'sample', event: 'merged', value: between('opened', 'merged') },
  'branch.time_to_prod': { kind: 'sample', event: 'released', value: between('merged', 'released') },
} satisfies Record<string, MetricRule>;

/** Custom stage names the activity data has events for, and the duration metric each equals. */
const STAGES: Record<string, keyof typeof durations> = {
  pr: 'branch.time_to_pr',
  review: 'branch.time_to_review',
  approve: 'branch.time_to_approve',
  merge: 'branch.time_to_merge',
  prod: 'branch.time_to_prod',
};
const STAGE = /^branch\.stage\.time_to_([a-z0-9_]+)$/;

const RULES: Record<string, MetricRule> = {
  ...durations,
  'branch.computed.cycle_time': { kind: 'sample', event: 'end', value: between('firstCommit', 'end') },
  'branch.cycle_time.sum_of_components': { kind: 'sample', event: 'end', value: sumOfComponents },
  'branch.state.computed.done': { kind: 'sum', event: 'merged', value: one },
  'branch.state.active': { kind: 'prsInRange' },
  'branch.commit.coauthor': { kind: 'zero' },
  'pr.merged': { kind: 'sum', event: 'merged', value: one },
  'pr.merged.size': { kind: 'sample', event: 'merged', value: size },
  'pr.new': { kind: 'sum', event: 'opened', value: one },
  'pr.review_depth': { kind: 'sample', event: 'merged', value: column('reviewComments'), meanOnly: true },
  'pr.reviews': { kind: 'sum', event: 'merged', value: column('reviews') },
  'pr.merged.without.review.count': { kind: 'sum', event: 'merged', value: (ix, i) => (Number.isNaN(t(ix).firstReview[i]!) ? 1 : 0) },
  'pr.maturity_ratio': { kind: 'sample', event: 'merged', value: maturity, meanOnly: true },
  'pr.reviewed': { kind: 'sum', event: 'firstReview', value: one },
  'commit.total.count': { kind: 'sum', event: 'opened', value: column('commits') },
  'commit.activity.new_work.count': { kind: 'sum', event: 'opened', value: column('newWork') },
  'commit.activity.refactor.count': { kind: 'sum', event: 'opened', value: column('refactor') },
  'commit.activity.rework.count': { kind: 'sum', event: 'opened', value: column('rework') },
  'commit.total_changes': { kind: 'sum', event: 'opened', value: size },
  'commit.activity_days': { kind: 'activityDays' },
  'commit.involved.repos.count': { kind: 'repositories' },
  'commit.code_churn.rework': { kind: 'sum', event: 'opened', value: column('rework') },
  'commit.code_churn.refactor': { kind: 'sum', event: 'opened', value: column('refactor') },
  'contributor.coding_days': { kind: 'contributorDays' },
  'commit.total_count.workflow.suggestion': { kind: 'sum', event: 'opened', value: onlyWithCodingAssistant(column('commits')) },
  'commit.total_changes.workflow.suggestion': { kind: 'sum', event: 'opened', value: onlyWithCodingAssistant(size) },
  'workflow.ai.review.total.count': { kind: 'sum', event: 'opened', value: (ix, i) => (ix.tools.ai_review[i]! !== 0 ? orZero(ix.numbers.reviewComments[i]!) : 0) },
  'workflow.ai.review.pr.count': { kind: 'sum', event: 'opened', value: (ix, i) => (ix.tools.ai_review[i]! !== 0 ? 1 : 0) },
  'workflow.ai.review.security_issues.prs.count': { kind: 'zero' },
  'workflow.ai.review.bugs.prs.count': { kind: 'zero' },
  'workflow.ai.review.performance_issues.prs.count': { kind: 'zero' },
  'workflow.ai.review.readability_issues.prs.count': { kind: 'zero' },
  'workflow.ai.review.maintainability_issues.prs.count': { kind: 'zero' },
  'releases.count': { kind: 'releases' },
  // The activity data has no issues: the PM metrics count nothing and MTTR has no sample.
  'pm.mttr': { kind: 'absent' },
  'pm.cfr.issues.done': { kind: 'zero' },
  'pm.issues.done': { kind: 'zero' },
  'pm.issues.done.story_points': { kind: 'zero' },
};

const ZERO: MetricRule = { kind: 'zero' };
const ABSENT: MetricRule = { kind: 'absent' };

/** The rule for a metric name; unknown names count nothing (0), as the service answers them. */
export function metricRule(name: string): MetricRule {
  const rule = RULES[name];
  if (rule) return rule;
  const stage = STAGE.exec(name);
  if (stage) {
    const same = STAGES[stage[1]!];
    return same ? RULES[same]! : ABSENT;
  }
  return ZERO;
}
