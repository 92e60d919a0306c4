// Invalid configs, continued: duplicate entries, regular expressions, monitoring and plan addresses.
// Same shape as invalid.test.ts.

import { describe, expect, test } from 'vitest';
import { testInvalidConfigs, type InvalidCase } from './helpers.js';

const CASES: InvalidCase[] = [
  [
    "duplicate board",
    `version: 1
teams:
  42:
    pm:
      10:
        boards:
          - "101"
          - "102"
          - "101"
`,
    [
      'emctl.yaml:9:13: board "101" appears twice in team 42\'s boards on integration 10 (first at line 7)',
    ],
  ],
  [
    "duplicate label",
    `version: 1
teams:
  42:
    pm:
      10: { labels: [backend, frontend, backend] }
`,
    [
      'emctl.yaml:5:41: label `backend` appears twice in team 42\'s labels on integration 10 (first at line 5)',
    ],
  ],
  [
    "duplicate field",
    `version: 1
teams:
  42:
    pm:
      10:
        fields:
          - { id: customfield_1, value: [A] }
          - { id: customfield_1, value: [B] }
`,
    [
      'emctl.yaml:8:13: field "customfield_1" appears twice in team 42\'s fields on integration 10 (first at line 7)',
    ],
  ],
  [
    "duplicate area",
    `version: 1
teams:
  42:
    pm:
      11:
        project_team_areas:
          - { project: proj-1, team: team-1, areas: [area-1, area-1] }
`,
    [
      'emctl.yaml:7:62: area "area-1" appears twice in the areas of project_team_areas[0] in team 42\'s scope on integration 11 (first at line 7)',
    ],
  ],
  [
    "duplicate repository in a Git scope",
    `version: 1
teams:
  42:
    git: { repositories: [acme/api, 1234, acme/api] }
`,
    [
      'emctl.yaml:4:43: repository `acme/api` appears twice in team 42\'s Git repositories (first at line 4)',
    ],
  ],
  [
    "duplicate service",
    `version: 1
teams:
  42:
    git: { services: [7, 7] }
`,
    [
      'emctl.yaml:4:26: service 7 appears twice in team 42\'s Git services (first at line 4)',
    ],
  ],
  [
    "regex that does not compile",
    `version: 1
git:
  defaults:
    releases_detection: { method: tags, pattern: "^v(\\\\d+" }
`,
    [
      'emctl.yaml:4:50: `pattern` is not a valid regular expression: missing ), unterminated subpattern',
    ],
  ],
  [
    "JavaScript named group",
    `version: 1
git:
  repositories:
    acme/api:
      settings:
        releases_detection: { method: merge_to_branch, pattern: "^release/(?<v>.+)$" }
`,
    [
      'emctl.yaml:6:65: `pattern` is not a valid regular expression: named groups are written (?P<name>...) in Python',
    ],
  ],
  [
    "bad escape",
    `version: 1
git:
  defaults:
    exclude_branches:
      patterns: ["^ok$", "\\\\p{L}+"]
`,
    [
      'emctl.yaml:5:26: `exclude_branches` pattern "\\\\p{L}+" is not a valid regular expression: bad escape \\p',
    ],
  ],
  [
    "invalid title pattern",
    `version: 1
git:
  defaults:
    draft_pull_requests: { title_pattern: "[WIP" }
`,
    [
      'emctl.yaml:4:43: `title_pattern` is not a valid regular expression: unterminated character set',
    ],
  ],
  [
    "glob with brackets",
    `version: 1
git:
  monitoring:
    include: ["acme/[ab]*"]
`,
    [
      'emctl.yaml:4:15: glob "acme/[ab]*" uses `[...]` or `{...}`, which are not supported (use `*` and `?`)',
    ],
  ],
  [
    "unmonitored repository in a Git scope",
    `version: 1
teams:
  42:
    git: { repositories: [acme/legacy] }
git:
  repositories:
    acme/legacy: { monitored: false }
`,
    [
      'emctl.yaml:4:27: repository `acme/legacy` is in team 42\'s Git scope but this config sets `monitored: false` for it (line 7); a team scope takes monitored repositories only',
    ],
  ],
  [
    "excluded repository in a Git scope",
    `version: 1
teams:
  42:
    git: { repositories: [acme/api, acme/archive-1] }
git:
  monitoring:
    include: ["acme/*"]
    exclude: ["acme/archive-*"]
`,
    [
      'emctl.yaml:4:37: repository `acme/archive-1` is in team 42\'s Git scope but git.monitoring excludes it; a team scope takes monitored repositories only',
    ],
  ],
  [
    "protected team not in the config",
    `version: 1
teams:
  42: {}
safety:
  protected: ["team[43]"]
`,
    [
      'emctl.yaml:5:15: protected address `team[43]`: the config writes no team 43',
    ],
  ],
  [
    "protected text that is not an address",
    `version: 1
safety:
  protected: ["teams.42"]
`,
    [
      'emctl.yaml:3:15: protected address `teams.42`: `teams.42` is not a plan address (e.g. team[42].pm.tracker.boards, repo["acme/api"].settings.default_branch, git.defaults.releases_detection)',
    ],
  ],
  [
    "misspelled alias in an ignore address",
    `version: 1
teams:
  42:
    pm:
      tracker: {}
integrations:
  tracker: { id: 10 }
drift:
  ignore:
    - { address: "team[42].pm.trackr", reason: trial }
`,
    [
      'emctl.yaml:10:18: ignore address `team[42].pm.trackr`: team 42 has no PM scope `trackr` in the config; did you mean `tracker`?',
    ],
  ],
  [
    "impossible until date",
    `version: 1
teams:
  42: {}
drift:
  ignore:
    - { address: "team[42]", reason: trial, until: 2026-02-30 }
`,
    [
      'emctl.yaml:6:52: `until` 2026-02-30 is not a calendar date',
    ],
  ],
  [
    "repository id key with an integration",
    `version: 1
integrations:
  code: { id: 20 }
git:
  repositories:
    1234: { integration: code, monitored: true }
teams:
  42:
    git: { repositories: [1234] }
  0: {}
`,
    [
      'emctl.yaml:6:13: warning: `integration` is ignored for repository 1234, which is named by id',
      "emctl.yaml:10:3: key `0` in `teams` must be a team's name or numeric team id",
    ],
  ],
];

describe('invalid configs', () => {
  test('the table covers the rules of this part', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(15);
  });


  testInvalidConfigs(CASES);
});
