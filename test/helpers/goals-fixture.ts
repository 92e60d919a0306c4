// A small organization whose goals can be judged by hand (test/e2e/goals*.test.ts). ISO weeks of
// November 2026: W2 = Nov 9-15, W3 = Nov 16-22, W4 = Nov 23-29 (in progress on Wednesday Nov 25).
// One repository (acme/api, 1234); every pull request's review wait (branch.time_to_review,
// first review minus opening) is chosen:
//
//   team 42 Payments (Ana 501): W2 20h (1200 min); W3 30h (1800); W4 2h (120)
//   team 43 Search   (Bo 502):  W2 10h (600);    W3 two PRs of 24h (p75 1440); W4 48h (2880)
//   team 44 Idle:               no pull request at all
//   team 45 NoReview (Cy 503):  W3 one PR merged without a review (pr.merged 1, no review wait)
//   team 46 Older    (Di 504):  W2 4h (240); nothing since
//
// Merged per week (pr.merged): W2 42:1 43:1 46:1 (org 3); W3 42:1 43:2 45:1 (org 4); W4 42:1 43:1 (org 2).

import { gitOrganization, repository } from './measure-fixture.js';

// The first commit an hour before the opening: every event of a pull request falls in its own week.
const pr = (id: number, author: number, opened: string, review: string | null, merged: string) =>
  `{ id: ${id}, repository_id: 1234, author_id: ${author}, branch: "feature/${id}", first_commit_at: "${opened.replace('T08:', 'T07:').replace('T06:', 'T05:')}", opened_at: "${opened}", ${review === null ? '' : `first_review_at: "${review}", `}merged_at: "${merged}" }`;

export const GOALS_FIXTURE = gitOrganization({
  teams: ['{ id: 42, name: Payments }', '{ id: 43, name: Search }', '{ id: 44, name: Idle }', '{ id: 45, name: NoReview }', '{ id: 46, name: Older }'],
  repositories: [repository(1234, 'acme/api')],
  contributors: ['{ id: 501, name: Ana, team_ids: [42] }', '{ id: 502, name: Bo, team_ids: [43] }', '{ id: 503, name: Cy, team_ids: [45] }', '{ id: 504, name: Di, team_ids: [46] }'],
  pullRequests: [
    pr(9101, 501, '2026-11-10T08:00:00Z', '2026-11-11T04:00:00Z', '2026-11-11T10:00:00Z'),
    pr(9102, 502, '2026-11-10T08:00:00Z', '2026-11-10T18:00:00Z', '2026-11-10T20:00:00Z'),
    pr(9103, 504, '2026-11-10T08:00:00Z', '2026-11-10T12:00:00Z', '2026-11-10T13:00:00Z'),
    pr(9201, 501, '2026-11-17T08:00:00Z', '2026-11-18T14:00:00Z', '2026-11-18T16:00:00Z'),
    pr(9202, 502, '2026-11-17T08:00:00Z', '2026-11-18T08:00:00Z', '2026-11-18T09:00:00Z'),
    pr(9203, 502, '2026-11-19T08:00:00Z', '2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z'),
    pr(9204, 503, '2026-11-17T08:00:00Z', null, '2026-11-17T12:00:00Z'),
    pr(9301, 501, '2026-11-23T08:00:00Z', '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'),
    pr(9302, 502, '2026-11-23T06:00:00Z', '2026-11-25T06:00:00Z', '2026-11-25T07:00:00Z'),
  ],
});

/** The config: the five teams by name, and the goals the tests judge. */
export const GOALS_CONFIG = `version: 1
teams:
  42: { name: Payments }
  43: { name: Search }
  44: { name: Idle }
  45: { name: NoReview }
  46: { name: Older }
goals:
  review-speed:
    metric: branch.time_to_review:p75
    at_most: 1d
    group_by: team
    teams: managed
  merges:
    metric: pr.merged
    at_least: 2
    group_by: team
    teams: managed
  org-merges:
    metric: pr.merged
    at_least: 3
`;

/** Wednesday of W4, mid-day: W3 is the latest complete week. */
export const WEDNESDAY = new Date('2026-11-25T12:00:00Z');

/**
 * `teams` teams (ids 1001..), one contributor each, each with one pull request in W3 whose review
 * waited 2 days plus its index in minutes: every team misses `at_most: 1d`.
 */
export function manyTeamsFixture(teams: number): string {
  const ids = Array.from({ length: teams }, (_, i) => i);
  const minute = (i: number) => String(i % 60).padStart(2, '0');
  const review = (i: number) => `2026-11-18T${String(8 + Math.floor(i / 60) % 10).padStart(2, '0')}:${minute(i)}:00Z`;
  return gitOrganization({
    teams: ids.map((i) => `{ id: ${1001 + i}, name: "Platform engineering squad number ${1001 + i}" }`),
    repositories: [repository(1234, 'acme/api')],
    contributors: ids.map((i) => `{ id: ${5001 + i}, name: "Dev ${i}", team_ids: [${1001 + i}] }`),
    pullRequests: ids.map((i) => `{ id: ${90001 + i}, repository_id: 1234, author_id: ${5001 + i}, branch: "f/${i}", first_commit_at: "2026-11-16T07:00:00Z", opened_at: "2026-11-16T08:00:00Z", first_review_at: "${review(i)}", merged_at: "2026-11-19T08:00:00Z" }`),
  });
}
