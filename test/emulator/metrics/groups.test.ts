// Groupings, filters, ordering and paging over the September PRs of helpers.ts:
// A (Ana 501, api, tools 3/17), B (Bo 502, api, tool 3), C (Cy 503, web, tools 17/5),
// D (Di 504, mobile, tool 8, open), E (Ana 501, api, no tool).
// Teams: 42 Payments (Ana, Di; Git scope: api), 43 Platform (Bo; child of 42; no scope),
// 45 Mobile (Cy, Di; Git scope: mobile and service 7).

import { describe, expect, it } from 'vitest';
import { DAY, HOUR, at, avg, baseActivity, baseFixture, world } from './helpers.js';

const w = world();
const NEW = ['pr.new'];

describe('group_by', () => {
  it('organization', () => {
    expect(w.rows({ metrics: NEW })).toEqual([{ organization_id: 1, 'pr.new': 5 }]);
  });

  it('repository: rows by repository id, ascending', () => {
    expect(w.rows({ metrics: NEW, groupBy: 'repository' })).toEqual([
      { repository_id: 1234, 'pr.new': 3 },
      { repository_id: 1235, 'pr.new': 1 },
      { repository_id: 1236, 'pr.new': 1 },
    ]);
  });

  it('contributor: the author', () => {
    expect(w.rows({ metrics: ['pr.new', 'branch.time_to_pr'], groupBy: 'contributor' })).toEqual([
      { contributor_id: 501, 'pr.new': 2, 'branch.time_to_pr': (DAY + DAY) / 2 },
      { contributor_id: 502, 'pr.new': 1, 'branch.time_to_pr': HOUR },
      { contributor_id: 503, 'pr.new': 1, 'branch.time_to_pr': 2 * DAY },
      { contributor_id: 504, 'pr.new': 1, 'branch.time_to_pr': HOUR },
    ]);
  });

  it("team: the team's contributors, only in its Git scope's repositories when it lists any", () => {
    expect(w.rows({ metrics: NEW, groupBy: 'team', teamIds: [42, 43, 45] })).toEqual([
      { team_id: 42, 'pr.new': 2 }, // A, E in api; Di's D is in mobile, outside 42's scope
      { team_id: 43, 'pr.new': 1 }, // B (no scope: every repository)
      { team_id: 45, 'pr.new': 1 }, // D in mobile; Cy's C is in web, outside 45's scope
    ]);
  });

  it('team with team_git_scope_disabled: every repository', () => {
    expect(w.rows({ metrics: NEW, groupBy: 'team', teamIds: [42, 43, 45], teamGitScopeDisabled: true })).toEqual([
      { team_id: 42, 'pr.new': 3 },
      { team_id: 43, 'pr.new': 1 },
      { team_id: 45, 'pr.new': 2 },
    ]);
  });

  it("with_direct_children folds the children's contributors into the parent (parent's scope); children get rows only when listed", () => {
    expect(w.rows({ metrics: NEW, groupBy: 'team', teamIds: [42], withDirectChildren: true })).toEqual([{ team_id: 42, 'pr.new': 3 }]);
    expect(w.rows({ metrics: NEW, groupBy: 'team', teamIds: [42, 43], withDirectChildren: true })).toEqual([
      { team_id: 42, 'pr.new': 3 },
      { team_id: 43, 'pr.new': 1 },
    ]);
    expect(w.rows({ metrics: NEW, groupBy: 'team', teamIds: [42], withDirectChildren: false })).toEqual([{ team_id: 42, 'pr.new': 2 }]);
  });

  it("with_direct_children: the parent's Git scope limits the children's PRs too", () => {
    // Make Mobile (Cy: C in web; Di: D in mobile) a second child of Payments (scope: api only).
    const fixture = baseFixture();
    fixture.teams = fixture.teams!.map((t) => (t.id === 45 ? { ...t, parent_id: 42 } : t));
    const nested = world({ fixture });
    // A, E (Ana) and B (Bo, via Platform) are in api; C and D are outside Payments' scope.
    expect(nested.rows({ metrics: NEW, groupBy: 'team', teamIds: [42], withDirectChildren: true })).toEqual([{ team_id: 42, 'pr.new': 3 }]);
    expect(nested.rows({ metrics: NEW, groupBy: 'team', teamIds: [42], withDirectChildren: true, teamGitScopeDisabled: true })).toEqual([{ team_id: 42, 'pr.new': 5 }]);
    // Mobile keeps its own scope in its own row.
    expect(nested.rows({ metrics: NEW, groupBy: 'team', teamIds: [42, 45], withDirectChildren: true })).toEqual([
      { team_id: 42, 'pr.new': 3 },
      { team_id: 45, 'pr.new': 1 },
    ]);
  });

  it('a team with no contributor has no row', () => {
    expect(w.rows({ metrics: NEW, groupBy: 'team', teamIds: [99] })).toEqual([]);
  });
});

describe('workflow groupings (dev_tool_id or manual)', () => {
  it('rule 1: keyed by the tool id of the grouped workflow type, or manual', () => {
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant' })).toEqual([
      { dev_tool_id: 3, 'pr.new': 2 },
      { dev_tool_id: 8, 'pr.new': 1 },
      { dev_tool_id: 'manual', 'pr.new': 2 },
    ]);
    expect(w.rows({ metrics: NEW, groupBy: 'ai_review' })).toEqual([
      { dev_tool_id: 17, 'pr.new': 2 },
      { dev_tool_id: 'manual', 'pr.new': 3 },
    ]);
    expect(w.rows({ metrics: NEW, groupBy: 'agentic_pr' })).toEqual([
      { dev_tool_id: 5, 'pr.new': 1 },
      { dev_tool_id: 'manual', 'pr.new': 4 },
    ]);
  });

  it('rule 2: manual is out when workflows_filters is present and manual is not true', () => {
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', workflowsFilters: { coding_assistant: { values: [3, 8], all: false, manual: false } } })).toEqual([
      { dev_tool_id: 3, 'pr.new': 2 },
      { dev_tool_id: 8, 'pr.new': 1 },
    ]);
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', workflowsFilters: { coding_assistant: { values: [3], all: false, manual: true } } })).toEqual([
      { dev_tool_id: 3, 'pr.new': 2 },
      { dev_tool_id: 'manual', 'pr.new': 2 },
    ]);
  });

  it('rule 3: values selects tools, all takes every tool', () => {
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', workflowsFilters: { coding_assistant: { values: [8], all: false, manual: false } } })).toEqual([
      { dev_tool_id: 8, 'pr.new': 1 },
    ]);
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', workflowsFilters: { coding_assistant: { values: [], all: true, manual: true } } })).toEqual([
      { dev_tool_id: 3, 'pr.new': 2 },
      { dev_tool_id: 8, 'pr.new': 1 },
      { dev_tool_id: 'manual', 'pr.new': 2 },
    ]);
  });

  it('rule 4: a filter on another workflow type is an AND intersection', () => {
    // AI review by 17: A (coding tool 3) and C (no coding tool: manual, out by rule 2).
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', workflowsFilters: { ai_review: { values: [17], all: false, manual: false } } })).toEqual([
      { dev_tool_id: 3, 'pr.new': 1 },
    ]);
    // No AI review: B (3), D (8), E (manual, out).
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', workflowsFilters: { ai_review: { values: [], all: false, manual: true } } })).toEqual([
      { dev_tool_id: 3, 'pr.new': 1 },
      { dev_tool_id: 8, 'pr.new': 1 },
    ]);
    // As a plain filter under another grouping too: PRs reviewed by any AI tool.
    expect(w.rows({ metrics: NEW, workflowsFilters: { ai_review: { values: [], all: true, manual: false } } })).toEqual([{ organization_id: 1, 'pr.new': 2 }]);
  });

  it('rule 5: additional_group_by_settings keeps the top N by its order_by, manual appended', () => {
    expect(w.rows({ metrics: ['pr.new', 'pr.merged'], groupBy: 'coding_assistant', additionalGroupBy: { orderBy: 'pr.new', maxItems: 1 } })).toEqual([
      { dev_tool_id: 3, 'pr.new': 2, 'pr.merged': 2 },
      { dev_tool_id: 'manual', 'pr.new': 2, 'pr.merged': 2 },
    ]);
    expect(
      w.rows({
        metrics: ['pr.new'],
        groupBy: 'coding_assistant',
        additionalGroupBy: { orderBy: 'pr.new', maxItems: 1 },
        workflowsFilters: { coding_assistant: { values: [8], all: false, manual: false } },
      }),
    ).toEqual([{ dev_tool_id: 8, 'pr.new': 1 }]);
  });

  it('rule 5: manual stays appended after the top N when order_by orders the groups, in either direction', () => {
    // pr.new: tool 3 has A and B (2), tool 8 has D (1), manual has C and E (2).
    const top = (orderDir: 'asc' | 'desc') =>
      w.rows({ metrics: ['pr.new'], groupBy: 'coding_assistant', additionalGroupBy: { orderBy: 'pr.new', maxItems: 2 }, orderBy: 'pr.new', orderDir });
    expect(top('desc')).toEqual([
      { dev_tool_id: 3, 'pr.new': 2 },
      { dev_tool_id: 8, 'pr.new': 1 },
      { dev_tool_id: 'manual', 'pr.new': 2 },
    ]);
    expect(top('asc')).toEqual([
      { dev_tool_id: 8, 'pr.new': 1 },
      { dev_tool_id: 3, 'pr.new': 2 },
      { dev_tool_id: 'manual', 'pr.new': 2 },
    ]);
  });

  it('dev_tool_ids keeps PRs that involved any listed tool in any workflow type', () => {
    expect(w.rows({ metrics: NEW, devToolIds: [17] })).toEqual([{ organization_id: 1, 'pr.new': 2 }]);
    expect(w.rows({ metrics: NEW, groupBy: 'coding_assistant', devToolIds: [17] })).toEqual([
      { dev_tool_id: 3, 'pr.new': 1 },
      { dev_tool_id: 'manual', 'pr.new': 1 },
    ]);
  });
});

describe('filters', () => {
  const org = (filters: Parameters<typeof w.rows>[0]) => w.rows(filters);

  it('contributor_ids, repository_ids, team_ids', () => {
    expect(org({ metrics: NEW, contributorIds: [501] })).toEqual([{ organization_id: 1, 'pr.new': 2 }]);
    expect(org({ metrics: NEW, repositoryIds: [1235, 1236] })).toEqual([{ organization_id: 1, 'pr.new': 2 }]);
    // Team 45 (Cy, Di) within its Git scope (mobile): D only.
    expect(org({ metrics: NEW, teamIds: [45] })).toEqual([{ organization_id: 1, 'pr.new': 1 }]);
    expect(org({ metrics: NEW, groupBy: 'repository', teamIds: [42, 43] })).toEqual([{ repository_id: 1234, 'pr.new': 3 }]);
  });

  it("service_ids: the repositories of the team Git scopes that list the service", () => {
    expect(org({ metrics: NEW, serviceIds: [7] })).toEqual([{ organization_id: 1, 'pr.new': 1 }]);
    expect(org({ metrics: NEW, serviceIds: [7], repositoryIds: [1234] })).toEqual([]);
    expect(org({ metrics: NEW, serviceIds: [8] })).toEqual([]);
  });

  it('labels: PRs carrying any of them', () => {
    expect(org({ metrics: NEW, labels: ['backend'] })).toEqual([{ organization_id: 1, 'pr.new': 2 }]);
    expect(org({ metrics: NEW, labels: ['urgent', 'frontend'] })).toEqual([{ organization_id: 1, 'pr.new': 2 }]);
    expect(org({ metrics: NEW, labels: ['none-such'] })).toEqual([]);
  });
});

describe('order_by, order_dir, limit, offset (per element)', () => {
  const base = { metrics: ['pr.new', 'branch.time_to_review'], groupBy: 'contributor' as const };
  const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.contributor_id);

  it('without order_by: by group key ascending', () => {
    expect(ids(w.rows(base))).toEqual([501, 502, 503, 504]);
  });

  it('order_by a metric key, ties by group key ascending', () => {
    expect(ids(w.rows({ ...base, orderBy: 'pr.new', orderDir: 'desc' }))).toEqual([501, 502, 503, 504]);
    expect(ids(w.rows({ ...base, orderBy: 'pr.new', orderDir: 'asc' }))).toEqual([502, 503, 504, 501]);
  });

  it('nulls (and absent values) last in both directions', () => {
    // Ana: mean(4h, 6h); Cy: 4h; Bo and Di have no review.
    const asc = w.rows({ ...base, orderBy: 'branch.time_to_review', orderDir: 'asc', returnNoData: true });
    expect(asc).toEqual([
      { contributor_id: 503, 'pr.new': 1, 'branch.time_to_review': 4 * HOUR },
      { contributor_id: 501, 'pr.new': 2, 'branch.time_to_review': avg([4 * HOUR, 6 * HOUR]) },
      { contributor_id: 502, 'pr.new': 1, 'branch.time_to_review': null },
      { contributor_id: 504, 'pr.new': 1, 'branch.time_to_review': null },
    ]);
    expect(ids(w.rows({ ...base, orderBy: 'branch.time_to_review', orderDir: 'desc' }))).toEqual([501, 503, 502, 504]);
  });

  it('offset and limit page the ordered groups', () => {
    expect(ids(w.rows({ ...base, orderBy: 'pr.new', orderDir: 'desc', offset: 1, limit: 2 }))).toEqual([502, 503]);
    expect(ids(w.rows({ ...base, offset: 3 }))).toEqual([504]);
    expect(ids(w.rows({ ...base, offset: 9 }))).toEqual([]);
  });

  it('apply to each element of a roll-up on its own', () => {
    const elements = w.run({ metrics: NEW, groupBy: 'contributor', rollUp: '1w', limit: 1, orderBy: 'pr.new', orderDir: 'desc', timeRanges: [{ after: '2026-09-01', before: '2026-09-15' }] });
    expect(elements.map((e) => e.metrics)).toEqual([[{ contributor_id: 501, 'pr.new': 1 }], [{ contributor_id: 503, 'pr.new': 1 }]]);
  });
});

describe('releases.count', () => {
  it('by repository and organization; limited by repository filters only', () => {
    expect(w.rows({ metrics: ['releases.count'], groupBy: 'repository' })).toEqual([
      { repository_id: 1234, 'releases.count': 1 },
      { repository_id: 1235, 'releases.count': 1 },
      { repository_id: 1236, 'releases.count': 0 }, // D is there, no release
    ]);
    expect(w.rows({ metrics: ['releases.count'], repositoryIds: [1235] })).toEqual([{ organization_id: 1, 'releases.count': 1 }]);
    expect(w.rows({ metrics: ['releases.count'], contributorIds: [503] })).toEqual([{ organization_id: 1, 'releases.count': 2 }]);
  });

  it('a repository with a release and no PR in the range has a row', () => {
    const activity = baseActivity();
    activity.releases!.push({ repository_id: 1235, at: at(28, 9) });
    const late = world({ activity });
    const day28 = [{ after: '2026-09-28', before: '2026-09-29' }];
    // Counts are 0 only in a group with a PR in the bucket: here they are absent (null when asked).
    const asked = { metrics: ['releases.count', 'pr.new', 'pr.merged', 'branch.state.active', 'branch.computed.cycle_time'], groupBy: 'repository' as const, timeRanges: day28 };
    expect(late.rows(asked)).toEqual([{ repository_id: 1235, 'releases.count': 1 }]);
    expect(late.rows({ ...asked, returnNoData: true })).toEqual([
      { repository_id: 1235, 'releases.count': 1, 'pr.new': null, 'pr.merged': null, 'branch.state.active': null, 'branch.computed.cycle_time': null },
    ]);
    expect(late.rows({ metrics: ['pr.new'], groupBy: 'repository', timeRanges: day28 })).toEqual([]);
  });

  it('not given for team, contributor or workflow groups', () => {
    expect(w.rows({ metrics: ['releases.count', 'pr.new'], groupBy: 'contributor', contributorIds: [503] })).toEqual([{ contributor_id: 503, 'pr.new': 1 }]);
    expect(w.rows({ metrics: ['releases.count'], groupBy: 'team', teamIds: [42] })).toEqual([]);
    expect(w.rows({ metrics: ['releases.count'], groupBy: 'team', teamIds: [42], returnNoData: true })).toEqual([{ team_id: 42, 'releases.count': null }]);
    expect(w.rows({ metrics: ['releases.count', 'pr.new'], groupBy: 'agentic_pr' })).toEqual([
      { dev_tool_id: 5, 'pr.new': 1 },
      { dev_tool_id: 'manual', 'pr.new': 4 },
    ]);
  });
});

describe('unknown metric names', () => {
  it('answer 0 in every group with data', () => {
    expect(w.rows({ metrics: ['made.up', 'pr.merged'], groupBy: 'repository' })).toEqual([
      { repository_id: 1234, 'made.up': 0, 'pr.merged': 3 },
      { repository_id: 1235, 'made.up': 0, 'pr.merged': 1 },
      { repository_id: 1236, 'made.up': 0, 'pr.merged': 0 },
    ]);
  });
});

describe('groupName', () => {
  it('names teams and repositories from the state, contributors from the activity', async () => {
    const { groupName, indexActivity } = await import('../../../src/emulator/metrics/index.js');
    const index = indexActivity(baseActivity());
    expect(groupName(index, w.state, 'team', 43)).toBe('Platform');
    expect(groupName(index, w.state, 'repository', 1235)).toBe('acme/web');
    expect(groupName(index, w.state, 'contributor', 503)).toBe('Cy');
    expect(groupName(index, w.state, 'contributor', 999)).toBeUndefined();
    expect(groupName(index, w.state, 'coding_assistant', 'manual')).toBeUndefined();
  });
});
