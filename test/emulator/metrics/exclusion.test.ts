// A PR whose branch matches its repository's effective exclude_branches, or whose base branch
// matches exclude_base_branches, counts in no metric; the effective value is the repository's
// override, else the organization's setting. Changing the settings changes the next answer.

import { describe, expect, it } from 'vitest';
import { baseFixture, world } from './helpers.js';

const NEW = ['pr.new'];
const byRepo = { metrics: NEW, groupBy: 'repository' as const };

describe('exclusion by effective exclude_branches / exclude_base_branches', () => {
  it('nothing is excluded with the service defaults', () => {
    expect(world().rows({ metrics: NEW })).toEqual([{ organization_id: 1, 'pr.new': 5 }]);
  });

  it("the organization's exclude_branches drops matching branches from every metric", () => {
    const fixture = baseFixture();
    fixture.git_config = { exclude_branches: { patterns: ['^dependabot/'] } };
    const w = world({ fixture });
    expect(w.rows(byRepo)).toEqual([
      { repository_id: 1234, 'pr.new': 3 },
      { repository_id: 1235, 'pr.new': 1 },
    ]);
    // D does not count as "in" the range either: no row, no active branch.
    expect(w.rows({ metrics: ['branch.state.active', 'branch.time_to_pr'] })[0]!['branch.state.active']).toBe(4);
  });

  it("a repository override wins over the organization's setting, also when it is empty", () => {
    const fixture = baseFixture();
    fixture.git_config = { exclude_branches: { patterns: ['^dependabot/', '^feature/'] } };
    fixture.repository_overrides = [{ repository_id: 1236, settings: { exclude_branches: { patterns: [] } } }];
    // api's feature branches (A, B, E) are excluded; mobile's dependabot branch is not.
    expect(world({ fixture }).rows(byRepo)).toEqual([
      { repository_id: 1235, 'pr.new': 1 },
      { repository_id: 1236, 'pr.new': 1 },
    ]);
  });

  it('exclude_base_branches matches the base branch (organization and override)', () => {
    const fixture = baseFixture();
    fixture.git_config = { exclude_base_branches: { patterns: ['develop'] } };
    fixture.repository_overrides = [{ repository_id: 1234, settings: { exclude_base_branches: { patterns: ['^release/'] } } }];
    // C (base develop, web) by the organization's pattern; E (base release/1, api) by api's override.
    expect(world({ fixture }).rows(byRepo)).toEqual([
      { repository_id: 1234, 'pr.new': 2 },
      { repository_id: 1236, 'pr.new': 1 },
    ]);
  });

  it('patterns are Python regular expressions searched anywhere in the name', () => {
    const fixture = baseFixture();
    fixture.git_config = { exclude_branches: { patterns: ['(?P<bot>dependabot)/(?P=bot)?', 'x$'] } };
    // dependabot/npm-x matches both; no other branch ends in x or holds dependabot/.
    expect(world({ fixture }).rows({ metrics: NEW })).toEqual([{ organization_id: 1, 'pr.new': 4 }]);
  });

  it('changing the settings in the state changes the next answer', () => {
    const w = world();
    expect(w.rows({ metrics: ['pr.merged'] })).toEqual([{ organization_id: 1, 'pr.merged': 4 }]);
    w.state.orgSettings.exclude_branches = { patterns: ['^feature/'] };
    expect(w.rows({ metrics: ['pr.merged'] })).toEqual([{ organization_id: 1, 'pr.merged': 1 }]);
    w.state.overrides.set(1234, { exclude_branches: { patterns: ['^feature/b$'] } });
    expect(w.rows({ metrics: ['pr.merged'] })).toEqual([{ organization_id: 1, 'pr.merged': 3 }]);
    w.state.overrides.delete(1234);
    w.state.orgSettings.exclude_branches = { patterns: [] };
    expect(w.rows({ metrics: ['pr.merged'] })).toEqual([{ organization_id: 1, 'pr.merged': 4 }]);
  });
});
