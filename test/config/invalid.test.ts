// Invalid configs: YAML, the JSON Schema and integration references. One problem each (a few show
// two), with the exact file:line:column and message `emctl validate` prints; each config is written to
// a temp dir as emctl.yaml and loaded. Duplicates, regexes, monitoring and addresses: invalid-checks.test.ts.

import { describe, expect, test } from 'vitest';
import { testInvalidConfigs, type InvalidCase } from './helpers.js';

const CASES: InvalidCase[] = [
  [
    "unknown top-level key",
    `version: 1
tems: {}
`,
    [
      'emctl.yaml:2:1: unknown key `tems` in the top level; did you mean `teams`?',
    ],
  ],
  [
    "swapped letters get a suggestion too (issue 31 item 3)",
    `version: 1
gti: {}
temas: {}
`,
    [
      'emctl.yaml:2:1: unknown key `gti` in the top level; did you mean `git`?',
      'emctl.yaml:3:1: unknown key `temas` in the top level; did you mean `teams`?',
    ],
  ],
  [
    "the API key written in the config (issue 31 item 4)",
    `version: 1
api_key: emk_123
teams:
  42:
    apiKey: emk_123
`,
    [
      'emctl.yaml:2:1: unknown key `api_key` in the top level; the API key is never read from the config: set EMCTL_API_KEY, or pass --api-key-file PATH',
      'emctl.yaml:5:5: unknown key `apiKey` in team 42; the API key is never read from the config: set EMCTL_API_KEY, or pass --api-key-file PATH',
    ],
  ],
  [
    "wrong version",
    `version: 2
`,
    [
      'emctl.yaml:1:10: `version` must be 1; got 2',
    ],
  ],
  [
    "version as a string",
    `version: "1"
`,
    [
      'emctl.yaml:1:10: `version` must be 1; got `1`',
    ],
  ],
  [
    "missing version",
    `teams: {}
`,
    [
      'emctl.yaml:1:1: missing required key `version` in the top level',
    ],
  ],
  [
    "YAML syntax error",
    `version: 1
teams: [1, 2
`,
    [
      'emctl.yaml:2:8: this `[` is never closed: the file ends inside the flow collection it opens',
    ],
  ],
  [
    "a flow list closed by a brace",
    `version: 1
teams: [1, 2}
`,
    [
      'emctl.yaml:2:13: this `}` cannot close the flow list opened at line 2, column 8: a flow list ends with `]`',
    ],
  ],
  [
    "text after a flow value",
    `version: 1
teams: {} "more"
`,
    [
      'emctl.yaml:2:11: text after the flow map opened at line 2, column 8: a map value is one node (quote the whole value, or start a comment with ` #`)',
    ],
  ],
  [
    "a document marker inside a flow",
    `version: 1
teams: [1,
---
2]
`,
    [
      'emctl.yaml:3:1: a document marker (`---`) inside the flow list opened at line 2, column 8: close the collection first',
    ],
  ],
  [
    "duplicate key",
    `version: 1
teams:
  42: {}
  42: {}
`,
    [
      'emctl.yaml:4:3: duplicate key `42` (first written at line 3)',
    ],
  ],
  [
    "__proto__ key",
    `version: 1
teams:
  __proto__: { name: x }
`,
    [
      'emctl.yaml:3:3: key `__proto__` is reserved and not accepted',
    ],
  ],
  [
    "a team key that is neither an id nor a team name",
    `version: 1
teams:
  9lives: {}
`,
    [
      "emctl.yaml:3:3: key `9lives` in `teams` must be a team's name or numeric team id",
    ],
  ],
  [
    "teams as a list",
    `version: 1
teams: [42]
`,
    [
      'emctl.yaml:2:8: `teams` must be a mapping; got a list',
    ],
  ],
  [
    "misspelled scope key",
    `version: 1
teams:
  42:
    pm:
      10: { boardz: ["101"] }
`,
    [
      'emctl.yaml:5:13: unknown key `boardz` in team 42\'s scope on integration 10; did you mean `boards`?',
    ],
  ],
  [
    "misspelled methodology",
    `version: 1
teams:
  42:
    pm:
      10: { methodology: scrum }
`,
    [
      'emctl.yaml:5:26: `methodology` must be one of Scrum, Kanban; got `scrum`; did you mean `Scrum`?',
    ],
  ],
  [
    "numeric board id",
    `version: 1
collection:
  10:
    boards: [101]
`,
    [
      'emctl.yaml:4:14: `boards[0]` must be an entity id string or { name: ... }; got a number (101) (write it in quotes: "101")',
    ],
  ],
  [
    "misspelled name key in an entity",
    `version: 1
collection:
  10:
    boards: [{ nam: Payments }]
`,
    [
      'emctl.yaml:4:16: unknown key `nam` in `collection.10.boards[0]`; did you mean `name`?',
    ],
  ],
  [
    "alias with id and name",
    `version: 1
integrations:
  tracker: { id: 10, name: Acme Tracker }
`,
    [
      'emctl.yaml:3:22: integration alias `tracker` takes `id` or `name`, not both',
    ],
  ],
  [
    "alias with neither id nor name",
    `version: 1
integrations:
  tracker: { provider: tracker_a }
`,
    [
      'emctl.yaml:3:3: missing required key `name` in integration alias `tracker`',
    ],
  ],
  [
    "unknown provider",
    `version: 1
integrations:
  tracker: { id: 10, provider: tracker_c }
`,
    [
      'emctl.yaml:3:32: `provider` must be one of tracker_a, tracker_b, host_a, host_b, host_c, host_c_server, host_d; got `tracker_c`; did you mean `tracker_a`?',
    ],
  ],  [
    "undeclared alias in collection",
    `version: 1
integrations:
  tracker: { id: 10 }
collection:
  trakcer: { boards: [] }
`,
    [
      'emctl.yaml:5:3: integration alias `trakcer` is not declared under `integrations:`; did you mean `tracker`?',
    ],
  ],
  [
    "undeclared alias in a team scope",
    `version: 1
teams:
  42:
    pm:
      work: {}
`,
    [
      'emctl.yaml:5:7: integration alias `work` is not declared under `integrations:`',
    ],
  ],
  [
    "undeclared alias as a repository integration",
    `version: 1
git:
  repositories:
    acme/api: { integration: code }
`,
    [
      'emctl.yaml:4:30: integration alias `code` is not declared under `integrations:`',
    ],
  ],
  [
    "Git integration under pm",
    `version: 1
integrations:
  code: { id: 20, provider: host_a }
teams:
  42:
    pm:
      code: {}
`,
    [
      'emctl.yaml:7:7: `code` is a host_a (Git) integration; a PM scope takes a PM integration',
    ],
  ],
  [
    "Git integration under collection",
    `version: 1
integrations:
  code: { id: 20, provider: host_a }
collection:
  code: { projects: [] }
`,
    [
      'emctl.yaml:5:3: `code` is a host_a (Git) integration; collection takes PM integrations',
    ],
  ],
  [
    "boards on a tracker_b selection",
    `version: 1
integrations:
  work: { id: 11, provider: tracker_b }
collection:
  work: { boards: ["1"] }
`,
    [
      'emctl.yaml:5:11: `work` is a tracker_b integration, which has no boards; it collects projects',
    ],
  ],
  [
    "tracker_b key on a tracker_a scope",
    `version: 1
integrations:
  tracker: { id: 10, provider: tracker_a }
teams:
  42:
    pm:
      tracker:
        project_team_areas: []
`,
    [
      'emctl.yaml:8:9: `project_team_areas` is not a tracker_a scope key (`tracker` is tracker_a: boards, epics, labels, fields)',
    ],
  ],
  [
    "tracker_a key on a tracker_b scope",
    `version: 1
integrations:
  work: { id: 11, provider: tracker_b }
teams:
  42:
    pm:
      work: { labels: [backend] }
`,
    [
      'emctl.yaml:7:15: `labels` is not a tracker_b scope key (`work` is tracker_b: project_team_areas)',
    ],
  ],
  [
    "PM integration as a repository integration",
    `version: 1
integrations:
  tracker: { id: 10, provider: tracker_a }
git:
  repositories:
    acme/api: { integration: tracker }
`,
    [
      'emctl.yaml:6:30: `tracker` is a tracker_a (PM) integration; a repository belongs to a Git integration',
    ],
  ],
  [
    "two aliases for one integration",
    `version: 1
integrations:
  tracker: { id: 10 }
  jira: { id: 10 }
`,
    [
      'emctl.yaml:4:3: aliases `tracker` and `jira` both name integration 10; use one alias per integration',
    ],
  ],
  [
    "one integration twice in a team",
    `version: 1
integrations:
  tracker: { id: 10 }
teams:
  42:
    pm:
      tracker: {}
      10: {}
`,
    [
      'emctl.yaml:7:7: `10` and `tracker` name the same integration in team 42\'s PM scopes; write it once',
    ],
  ],
  [
    "scope board outside the selection",
    `version: 1
integrations:
  tracker: { id: 10 }
collection:
  tracker: { boards: ["101"] }
teams:
  42:
    pm:
      tracker: { boards: ["101", "105"] }
`,
    [
      'emctl.yaml:9:34: board "105" is in team 42\'s tracker scope but not in collection.tracker.boards, the exact selected set; add it there (a scope write selects it, and the selection would then deselect it)',
    ],
  ],
  [
    "scope project outside the selection",
    `version: 1
integrations:
  work: { id: 11, provider: tracker_b }
collection:
  work: { projects: [proj-1] }
teams:
  42:
    pm:
      work:
        project_team_areas:
          - { project: proj-3, team: team-4, areas: [area-5] }
`,
    [
      'emctl.yaml:11:24: project "proj-3" is in team 42\'s work scope but not in collection.work.projects, the exact selected set; add it there (a scope write selects it, and the selection would then deselect it)',
    ],
  ],
  [
    "scope entries outside the selection: by name against a selection by id is left to plan, by name against by name is not",
    `version: 1
integrations:
  tracker: { id: 10, provider: tracker_a }
  work: { id: 11, provider: tracker_b }
collection:
  tracker: { boards: ["101"] }
  work: { projects: [{ name: Core }] }
teams:
  42:
    pm:
      tracker: { boards: ["101", { name: Checkout }] }
      work:
        project_team_areas:
          - { project: { name: Edge }, team: team-4, areas: [area-5] }
`,
    [
      'emctl.yaml:14:24: project { name: "Edge" } is in team 42\'s work scope but not in collection.work.projects, the exact selected set; add it there (a scope write selects it, and the selection would then deselect it)',
    ],
  ],
  [
    "releases_detection without method",
    `version: 1
git:
  defaults:
    releases_detection: { pattern: "^v" }
`,
    [
      'emctl.yaml:4:5: missing required key `method` in the releases_detection default',
    ],
  ],
  [
    "tags without pattern",
    `version: 1
git:
  defaults:
    releases_detection: { method: tags }
`,
    [
      'emctl.yaml:4:5: `pattern` is required when `method` is `tags`',
    ],
  ],
  [
    "api with a pattern",
    `version: 1
git:
  defaults:
    releases_detection: { method: api, pattern: "^v" }
`,
    [
      'emctl.yaml:4:40: `pattern` is not allowed when `method` is `api`',
    ],
  ],
  [
    "deployment as a desired value",
    `version: 1
git:
  defaults:
    releases_detection: { method: deployment }
`,
    [
      'emctl.yaml:4:35: `deployment` is read-only (the service reports it but does not accept it); use one of tags, pr_to_branch, merge_to_branch, api',
    ],
  ],
  [
    "days out of range",
    `version: 1
git:
  defaults:
    active_branches_duration: { days: 10 }
`,
    [
      'emctl.yaml:4:39: `days` must be one of 3, 7, 14; got 10',
    ],
  ],
  [
    "backfill_days out of range",
    `version: 1
git:
  defaults:
    coding_time_strategy: { method: first_commit, backfill_days: 30 }
`,
    [
      'emctl.yaml:4:66: `backfill_days` must be one of 90, 1; got 30',
    ],
  ],
  [
    "misspelled enum value",
    `version: 1
git:
  defaults:
    coding_time_strategy: { method: first_comit }
`,
    [
      'emctl.yaml:4:37: `method` must be one of first_commit, issue_state_pr; got `first_comit`; did you mean `first_commit`?',
    ],
  ],
  [
    "org-only section on a repository",
    `version: 1
git:
  repositories:
    acme/api:
      settings:
        active_branches_duration: { days: 7 }
`,
    [
      'emctl.yaml:6:9: unknown key `active_branches_duration` in repository `acme/api`\'s settings',
    ],
  ],
  [
    "misspelled section",
    `version: 1
git:
  defaults:
    release_detection: { method: api }
`,
    [
      'emctl.yaml:4:5: unknown key `release_detection` in `git.defaults`; did you mean `releases_detection`?',
    ],
  ],
  [
    "monitoring without include",
    `version: 1
git:
  monitoring:
    exclude: ["acme/old-*"]
`,
    [
      'emctl.yaml:3:3: missing required key `include` in `git.monitoring`',
    ],
  ],
  [
    "until in the wrong format",
    `version: 1
teams:
  42: {}
drift:
  ignore:
    - { address: "team[42]", reason: trial, until: 30/01/2026 }
`,
    [
      'emctl.yaml:6:52: `until` must be a date written yyyy-mm-dd; got `30/01/2026`',
    ],
  ],
  [
    "ignore rule without reason",
    `version: 1
teams:
  42: {}
drift:
  ignore:
    - address: "team[42]"
`,
    [
      'emctl.yaml:6:7: missing required key `reason` in drift.ignore[0]',
    ],
  ],
  [
    "threshold over 100 percent",
    `version: 1
safety:
  thresholds:
    deselect: { percent: 150 }
`,
    [
      'emctl.yaml:4:26: `percent` must be <= 100; got 150',
    ],
  ],
  [
    "empty threshold",
    `version: 1
safety:
  thresholds:
    scope_removal: {}
`,
    [
      'emctl.yaml:4:5: `safety.thresholds.scope_removal` needs `percent` or `count`',
    ],
  ],
  [
    "service id as a string",
    `version: 1
teams:
  42:
    git: { services: ["7"] }
`,
    [
      'emctl.yaml:4:23: `services[0]` must be a numeric service id; got a string (`7`)',
    ],
  ],
  [
    "project_team_areas without areas",
    `version: 1
teams:
  42:
    pm:
      11:
        project_team_areas:
          - { project: proj-1, team: team-1, areas: [] }
`,
    [
      'emctl.yaml:7:53: `areas` needs at least 1 entry',
    ],
  ],
  [
    "field with id and name",
    `version: 1
teams:
  42:
    pm:
      10:
        fields: [{ id: customfield_1, name: Component, value: [A] }]
`,
    [
      'emctl.yaml:6:39: a field of team 42\'s scope on integration 10 takes `id` or `name`, not both',
    ],
  ],
  [
    "label as a number",
    `version: 1
teams:
  42:
    pm:
      10: { labels: [5] }
`,
    [
      'emctl.yaml:5:22: `labels[0]` must be a string; got a number (5) (write it in quotes: "5")',
    ],
  ],
  [
    "a list instead of a mapping",
    `- version: 1
`,
    [
      'emctl.yaml:1:1: a config file must hold a mapping (version, teams, git, ...); got a list',
    ],
  ],
  [
    "one string (a key file given with -c): not echoed",
    `sk-live-7d3f9a2b4c5e
`,
    [
      'emctl.yaml:1:1: a config file must hold a mapping (version, teams, git, ...); got a string',
    ],
  ],
  [
    "two YAML documents in one file",
    `version: 1
---
teams: {}
`,
    [
      'emctl.yaml:2:1: a config file holds one YAML document; put more in separate files of a config directory',
    ],
  ],
  [
    "a nullable value of the wrong type (anyOf folded into one message)",
    `version: 1
git:
  defaults:
    default_branch: { branch_name: [main] }
`,
    [
      'emctl.yaml:4:36: `branch_name` must be a branch name or null; got a list',
    ],
  ],
  [
    'anyOf mistakes in several objects: each folded into its own message, the errors beside them kept',
    `version: 1
git:
  repositories:
    a/b:
      settings:
        default_branch: { branch_name: [main] }
        draft_pull_requests: { title_pattern: 5 }
    "c|d/e":
      settings:
        default_branch: { branch_name: {x: 1} }
    f/g:
      settings:
        default_branch: { branch_name: main, extra: 1 }
`,
    [
      'emctl.yaml:6:40: `branch_name` must be a branch name or null; got a list',
      'emctl.yaml:7:47: `title_pattern` must be a regular expression string or null; got a number (5)',
      'emctl.yaml:10:40: `branch_name` must be a branch name or null; got a mapping',
      "emctl.yaml:13:46: unknown key `extra` in repository `f/g`'s default_branch setting",
    ],
  ],
];

describe('invalid configs', () => {
  test('the table is large enough to cover every rule', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });


  testInvalidConfigs(CASES);
});
