// A few cases worked out by hand, beyond the definitions table: bucket edges to the millisecond,
// percentiles of an even sample count, a PR counted in several teams' rows but once in a team
// filter, a parent and its child team both listed with with_direct_children, and a 1w roll-up
// whose last week is cut short by `before`.

import { describe, expect, it } from 'vitest';
import type { ActivityPullRequest } from '../../../src/emulator/metrics/types.js';
import { at, baseActivity, DAY, HOUR, world } from './helpers.js';

const pr = (id: number, author: number, opened: string, merged: string | undefined, firstCommit = opened): ActivityPullRequest => ({
  id,
  repository_id: 1234,
  author_id: author,
  branch: `feature/${id}`,
  base_branch: 'main',
  first_commit_at: firstCommit,
  opened_at: opened,
  ...(merged === undefined ? {} : { merged_at: merged }),
});

describe('hand checks', () => {
  it('1d edges: 23:59:59.999Z is the same day, 00:00:00.000Z the next', () => {
    const w = world({ activity: { ...baseActivity([]), pull_requests: [pr(1, 501, '2026-09-01T23:59:59.999Z', undefined), pr(2, 501, '2026-09-02T00:00:00.000Z', undefined)], releases: [] } });
    const elements = w.run({ metrics: ['pr.new'], rollUp: '1d', timeRanges: [{ after: '2026-09-01', before: '2026-09-03' }] });
    expect(elements.map((e) => [e.after, e.metrics])).toEqual([
      ['2026-09-01', [{ organization_id: 1, 'pr.new': 1 }]],
      ['2026-09-02', [{ organization_id: 1, 'pr.new': 1 }]],
    ]);
  });

  it('percentiles of four durations: 60, 120, 240, 1440 minutes', () => {
    // time_to_merge of each PR (opened on the 2nd at 00:00, merged 1h, 2h, 4h, 24h later).
    const prs = [HOUR, 2 * HOUR, 4 * HOUR, DAY].map((m, i) => pr(10 + i, 501, at(2), new Date(Date.parse(at(2)) + m * 60_000).toISOString()));
    const w = world({ activity: { ...baseActivity([]), pull_requests: prs, releases: [] } });
    const row = w.rows({ metrics: ['branch.time_to_merge:p50', 'branch.time_to_merge:p75', 'branch.time_to_merge:p90', 'branch.time_to_merge:avg'] })[0]!;
    // Sorted 60, 120, 240, 1440; rank p * 3: p50 1.5 -> 120 + 0.5 * 120 = 180; p75 2.25 -> 240 +
    // 0.25 * 1200 = 540; p90 2.7 -> 240 + 0.7 * 1200 = 1080; mean 1860 / 4 = 465.
    const expected = { 'branch.time_to_merge:p50': 180, 'branch.time_to_merge:p75': 540, 'branch.time_to_merge:p90': 1080, 'branch.time_to_merge:avg': 465 };
    expect(Object.keys(row).sort()).toEqual(['organization_id', ...Object.keys(expected)].sort());
    // Rank 0.9 * 3 is 2.7000000000000002 in floating point (numpy's too): equal to 1e-9.
    for (const [key, value] of Object.entries(expected)) expect(row[key]).toBeCloseTo(value, 9);
  });

  it("a PR by a member of two teams counts in both teams' rows, once under a team filter", () => {
    // Di (504) is in teams 42 and 45; her PR is in acme/api (1234), in team 42's Git scope only, so
    // without the scope rule it reaches both teams.
    const w = world({ activity: { ...baseActivity([]), pull_requests: [pr(20, 504, at(3), at(4))], releases: [] } });
    const teams = w.rows({ metrics: ['pr.merged'], groupBy: 'team', teamIds: [42, 45], teamGitScopeDisabled: true });
    expect(teams).toEqual([
      { team_id: 42, 'pr.merged': 1 },
      { team_id: 45, 'pr.merged': 1 },
    ]);
    expect(w.rows({ metrics: ['pr.merged'], teamIds: [42, 45], teamGitScopeDisabled: true })).toEqual([{ organization_id: 1, 'pr.merged': 1 }]);
    // With the scopes: 45's scope lists only acme/mobile, so the PR is in 42's row alone.
    expect(w.rows({ metrics: ['pr.merged'], groupBy: 'team', teamIds: [42, 45] })).toEqual([{ team_id: 42, 'pr.merged': 1 }]);
  });

  it('with_direct_children and both parent (42) and child (43) listed: the child PR is in both rows', () => {
    // Bo (502) is in team 43, child of 42; his PR is in acme/api, inside 42's Git scope; 43 has no scope.
    const w = world({ activity: { ...baseActivity([]), pull_requests: [pr(30, 502, at(3), at(4))], releases: [] } });
    expect(w.rows({ metrics: ['pr.merged'], groupBy: 'team', teamIds: [42, 43], withDirectChildren: true })).toEqual([
      { team_id: 42, 'pr.merged': 1 },
      { team_id: 43, 'pr.merged': 1 },
    ]);
    expect(w.rows({ metrics: ['pr.merged'], groupBy: 'team', teamIds: [42, 43] })).toEqual([{ team_id: 43, 'pr.merged': 1 }]);
  });

  it('1w over 10 days: a full week, then a 3-day bucket ending at before', () => {
    // Merged on the 7th at 23:00 (week 1) and on the 10th (the short last bucket, 09-08 .. 09-11).
    const w = world({ activity: { ...baseActivity([]), pull_requests: [pr(40, 501, at(2), at(7, 23)), pr(41, 501, at(2), at(10))], releases: [] } });
    expect(w.run({ metrics: ['pr.merged'], rollUp: '1w', timeRanges: [{ after: '2026-09-01', before: '2026-09-11' }] })).toEqual([
      { after: '2026-09-01', before: '2026-09-08', metrics: [{ organization_id: 1, 'pr.merged': 1 }] },
      { after: '2026-09-08', before: '2026-09-11', metrics: [{ organization_id: 1, 'pr.merged': 1 }] },
    ]);
  });
});
