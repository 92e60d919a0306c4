// Every metric of the spec's tables over five hand-made pull requests in September 2026 (one
// organization row, one custom range). Expected values are the arithmetic from the PR timestamps.

import { describe, expect, it } from 'vitest';
import { V1_METRICS, V2_METRICS } from '../../../src/contract/metrics.js';
import { DAY, HOUR, avg, np, world } from './helpers.js';

const w = world();
const row = (spec: string) => w.rows({ metrics: [spec] })[0]!;
const value = (spec: string) => row(spec)[spec];

// Samples per PR (A, B, C, D, E), in minutes, from the timestamps in helpers.ts.
const timeToPr = [DAY, HOUR, 2 * DAY, HOUR, DAY];
const timeToReview = [4 * HOUR, 4 * HOUR, 6 * HOUR];
const reviewTime = [20 * HOUR, 44 * HOUR, 3 * DAY + 18 * HOUR];
const timeToMerge = [DAY, DAY, 2 * DAY, 4 * DAY];
// E is released on October 2nd: its cycle time and time to production fall outside September.
const cycleTime = [3 * DAY, DAY + HOUR, 4 * DAY];

describe('metric definitions (organization, 2026-09-01 .. 2026-10-01)', () => {
  const cases: [string, number | undefined][] = [
    ['branch.time_to_pr', avg(timeToPr)],
    ['branch.time_to_pr:p50', np(timeToPr, 50)],
    ['branch.time_to_pr:p75', np(timeToPr, 75)],
    ['branch.time_to_pr:p90', np(timeToPr, 90)],
    ['branch.time_to_pr:avg', avg(timeToPr)],
    ['branch.time_to_pr:default', avg(timeToPr)],
    ['branch.time_to_review', avg(timeToReview)],
    ['branch.time_to_review:p90', np(timeToReview, 90)],
    ['branch.time_to_approve', 23 * HOUR],
    ['branch.review_time', avg(reviewTime)],
    ['branch.review_time:p75', np(reviewTime, 75)],
    ['branch.time_to_merge', avg(timeToMerge)],
    ['branch.time_to_merge:p50', (DAY + 2 * DAY) / 2],
    ['branch.time_to_prod', DAY],
    ['branch.computed.cycle_time', avg(cycleTime)],
    ['branch.computed.cycle_time:p50', 3 * DAY],
    // A: coding + (merged - opened) + deploy; B: coding only (no review, no release); C: coding + review.
    ['branch.cycle_time.sum_of_components', avg([DAY + DAY + DAY, HOUR, 2 * DAY + 2 * DAY])],
    ['branch.stage.time_to_review', avg(timeToReview)],
    ['branch.stage.time_to_merge:p90', np(timeToMerge, 90)],
    ['branch.stage.time_to_qa', undefined],
    ['branch.state.computed.done', 4],
    ['branch.state.active', 5],
    ['branch.commit.coauthor', 0],
    ['pr.merged', 4],
    ['pr.merged.size', avg([150, 10, 100, 10])],
    ['pr.merged.size:p75', np([150, 10, 100, 10], 75)],
    ['pr.new', 5],
    ['pr.review_depth', (5 + 0 + 0 + 1) / 4],
    ['pr.reviews', 2 + 0 + 1 + 3],
    ['pr.merged.without.review.count', 1],
    ['pr.maturity_ratio', avg([1 - 20 / 150, 1, 1 - 50 / 100, 1])],
    ['pr.reviewed', 3],
    ['commit.total.count', 4 + 1 + 3 + 1 + 2],
    ['commit.activity.new_work.count', 100],
    ['commit.activity.refactor.count', 30],
    ['commit.activity.rework.count', 20 + 50],
    ['commit.total_changes', 150 + 10 + 100 + 4 + 10],
    // Days 1, 2 (A), 5 (B), 8, 10 (C), 15 (D), 20, 21 (E).
    ['commit.activity_days', 8],
    ['commit.involved.repos.count', 3],
    ['commit.code_churn.rework', 70],
    ['commit.code_churn.refactor', 30],
    // Ana {1, 2, 20, 21}, Bo {5}, Cy {8, 10}, Di {15}.
    ['contributor.coding_days', 4 + 1 + 2 + 1],
    ['commit.total_count.workflow.suggestion', 4 + 1 + 1],
    ['commit.total_changes.workflow.suggestion', 150 + 10 + 4],
    ['workflow.ai.review.total.count', 5 + 0],
    ['workflow.ai.review.pr.count', 2],
    ['workflow.ai.review.security_issues.prs.count', 0],
    ['workflow.ai.review.bugs.prs.count', 0],
    ['workflow.ai.review.performance_issues.prs.count', 0],
    ['workflow.ai.review.readability_issues.prs.count', 0],
    ['workflow.ai.review.maintainability_issues.prs.count', 0],
    ['releases.count', 2],
    ['pm.mttr', undefined],
    ['pm.mttr:avg', undefined],
    ['pm.cfr.issues.done', 0],
    ['pm.issues.done', 0],
    ['pm.issues.done.story_points', 0],
    ['no.such.metric', 0],
  ];

  it.each(cases)('%s = %s', (spec, expected) => {
    if (expected === undefined) {
      expect(w.rows({ metrics: [spec, 'pr.new'] })[0]).not.toHaveProperty(spec);
    } else {
      expect(value(spec)).toBeCloseTo(expected, 9);
    }
  });

  it('covers every name of the v2 and v1 tables', () => {
    const covered = new Set(cases.map(([spec]) => spec.split(':')[0]));
    const missing = [...V2_METRICS, ...V1_METRICS].map((m) => m.name).filter((name) => !covered.has(name));
    expect(missing).toEqual([]);
  });

  it('carries the organization id as the group key, one key per requested metric', () => {
    expect(w.rows({ metrics: ['pr.new', 'branch.time_to_pr:p75'] })).toEqual([
      { organization_id: 1, 'pr.new': 5, 'branch.time_to_pr:p75': np(timeToPr, 75) },
    ]);
  });

  it('several aggregations of one metric in one query each get their own value', () => {
    expect(w.rows({ metrics: ['branch.time_to_pr:p50', 'branch.time_to_pr:p90', 'branch.time_to_pr', 'branch.time_to_pr:avg', 'branch.time_to_pr:p75'] })).toEqual([
      {
        organization_id: 1,
        'branch.time_to_pr:p50': np(timeToPr, 50),
        'branch.time_to_pr:p90': np(timeToPr, 90),
        'branch.time_to_pr': avg(timeToPr),
        'branch.time_to_pr:avg': avg(timeToPr),
        'branch.time_to_pr:p75': np(timeToPr, 75),
      },
    ]);
  });

  it('a duration with no sample is absent, null with return_no_data', () => {
    expect(w.rows({ metrics: ['pm.mttr', 'pr.new'] })).toEqual([{ organization_id: 1, 'pr.new': 5 }]);
    expect(w.rows({ metrics: ['pm.mttr', 'pr.new'], returnNoData: true })).toEqual([{ organization_id: 1, 'pm.mttr': null, 'pr.new': 5 }]);
  });

  it('a group whose only metrics have no value is left out (kept with nulls under return_no_data)', () => {
    expect(w.rows({ metrics: ['pm.mttr'] })).toEqual([]);
    expect(w.rows({ metrics: ['pm.mttr'], returnNoData: true })).toEqual([{ organization_id: 1, 'pm.mttr': null }]);
  });
});
