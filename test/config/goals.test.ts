// `goals:` in the config (DESIGN.md section 12): a valid goal is in the model as written, and every
// invalid one is reported at its file:line:column, schema and semantic checks alike: the metric and
// aggregation as for reports (with did-you-mean), one threshold in the metric's unit, `last`.

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import { testInvalidConfigs, writeFiles, type InvalidCase } from './helpers.js';

const TEAMS = `version: 1
teams:
  42:
    name: Payments
`;

describe('goals', () => {
  it('valid goals are in the model as written, and out of a plan', async () => {
    const dir = writeFiles({
      'emctl.yaml': `${TEAMS}goals:
  review-speed:
    metric: branch.time_to_review:p75
    at_most: 1d
    group_by: team
    teams: managed
    roll_up: 1w
    last: 8w
  merges:
    metric: pr.merged
    at_least: 5
  small:
    metric: pr.merged.size:p50
    at_most: 400
    group_by: repository
    repositories: [acme/api, 1235]
    roll_up: 1mo
  maturity:
    metric: pr.maturity_ratio
    at_least: 0.8
    teams: [Payments, Infra]
    roll_up: 1d
    last: 14d
  slow-prs:
    metric: branch.computed.cycle_time:p90
    at_most: 2d 4h
`,
    });
    const result = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.goals?.map((g) => [g.name, g.path])).toEqual([
      ['review-speed', ['goals', 'review-speed']],
      ['merges', ['goals', 'merges']],
      ['small', ['goals', 'small']],
      ['maturity', ['goals', 'maturity']],
      ['slow-prs', ['goals', 'slow-prs']],
    ]);
    expect(result.config?.goals?.[0]?.definition).toEqual({ metric: 'branch.time_to_review:p75', at_most: '1d', group_by: 'team', teams: 'managed', roll_up: '1w', last: '8w' });
  });
});

const G = (body: string) => `${TEAMS}goals:\n  g:\n${body}`;

const CASES: InvalidCase[] = [
  ['an unknown metric, with did-you-mean', G('    metric: branch.time_to_reviw:p75\n    at_most: 1d\n'), ['emctl.yaml:7:13: goal `g`: unknown v2 metric `branch.time_to_reviw`; did you mean `branch.time_to_review`?']],
  ['an aggregation the metric does not take', G('    metric: branch.time_to_review:p99\n    at_most: 1d\n'), ['emctl.yaml:7:13: goal `g`: `branch.time_to_review` takes p75, p50, p90, avg; got `p99`; did you mean `p90`?']],
  ['at_most and at_least together', G('    metric: pr.merged\n    at_most: 9\n    at_least: 2\n'), ['emctl.yaml:9:15: goal `g`: at_most and at_least exclude each other: a goal has one threshold (two goals can bound one metric from both sides)']],
  ['no threshold', G('    metric: pr.merged\n'), ['emctl.yaml:6:3: goal `g`: a goal needs its threshold: at_most (e.g. `at_most: 1d`) or at_least (e.g. `at_least: 5`)']],
  ['a bare number on a duration metric', G('    metric: branch.computed.cycle_time:p75\n    at_most: 3\n'), ['emctl.yaml:8:14: goal `g`: at_most: `branch.computed.cycle_time:p75` is a duration: write the threshold with its unit (90m, 12h, 1d or 2d 4h), not the bare number 3']],
  ['a duration on a count', G('    metric: pr.merged\n    at_least: 2d\n'), ['emctl.yaml:8:15: goal `g`: at_least: `2d` is a duration, and `pr.merged` is a count: write the threshold as a number (e.g. 5)']],
  ['a duration that is not one', G('    metric: branch.time_to_pr:p50\n    at_most: 2 days\n'), ['emctl.yaml:8:14: goal `g`: at_most: `2 days` is not a duration: write it as 90m, 12h, 1d or 2d 4h (units w, d, h, m, largest first)']],
  ['last: 0w', G('    metric: pr.merged\n    at_least: 1\n    last: 0w\n'), ['emctl.yaml:9:11: goal `g`: last `0w` shows no history: give 1 or more weeks (default 8w)']],
  ['a roll-up that is no calendar bucket', G('    metric: pr.merged\n    at_least: 1\n    roll_up: custom\n'), ['emctl.yaml:9:14: `roll_up` must be one of 1w, 1mo, 1d; got `custom`']],
  ['a grouping goals do not judge', G('    metric: pr.merged\n    at_least: 1\n    group_by: contributor\n'), ['emctl.yaml:9:15: `group_by` must be one of organization, team, repository; got `contributor`']],
  ['grouping by team without teams', G('    metric: pr.merged\n    at_least: 1\n    group_by: team\n'), ['emctl.yaml:6:3: goal `g`: grouping by team needs the teams: ids, names, `managed` (every team the config writes) or `all` (every team the service lists)']],
  ['no metric', G('    at_least: 1\n'), ['emctl.yaml:6:3: missing required key `metric` in `goals.g`']],
  ['an unknown key', G('    metric: pr.merged\n    at_least: 1\n    teams_: managed\n'), ['emctl.yaml:9:5: unknown key `teams_` in `goals.g`; did you mean `teams`?']],
];

describe('invalid goals', () => {
  testInvalidConfigs(CASES);
});
