import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/core/plan-model.js';
import { makeStyle, plainStyle } from '../../src/render/style.js';
import { renderPlanText } from '../../src/render/text.js';
import { renderPlanMarkdown } from '../../src/render/markdown.js';
import { everyKind, op, plan, shuffled } from './fixtures.js';

const kind = (k: Change['kind'][]) => everyKind.filter((c) => k.includes(c.kind));

/** Each case: a plan, and the exact text a person would read in the terminal. */
const cases: { name: string; plan: Plan; showOperations?: boolean; expected: string }[] = [
  {
    name: 'empty plan',
    plan: plan(),
    expected: 'No changes. Live state matches the configuration.\n',
  },
  {
    name: 'collection: add and remove with labels and impacts, no value shown',
    plan: plan({ changes: kind(['selection']) }),
    expected: `Collection:
  + collection.tracker.boards["103"] (Checkout board)  [counts-against-limit]
  - collection.tracker.boards["101"] (Payments board)  [stops-collection]

Plan: 1 to add, 0 to change, 1 to remove; 0 API calls.
`,
  },
  {
    name: 'teams: scope lists as set diffs, methodology as scalars',
    plan: plan({ changes: kind(['pm-scope', 'methodology', 'git-scope']) }),
    expected: `Teams:
  ~ team[42].pm.tracker.boards  + "103"  - "101"  [changes-team-metrics]
  + team[42].pm.tracker.fields  [{id: "customfield_1", value: ["A"]}]  [changes-team-metrics]
  - team[43].pm.tracker.epics  ["EP-7"]  [changes-team-metrics]
  ~ team[42].pm.tracker.methodology  "Scrum" -> "Kanban"  [changes-team-metrics]
  + team[43].pm.work.methodology  "Scrum"
  - team[44].pm.tracker.methodology  "Kanban"
  ~ team[42].git.repositories  + 1235, 1236  [changes-team-metrics]
  + team[43].git.services  [7]  [changes-team-metrics]
  - team[44].git.repositories  [1234]  [changes-team-metrics]

Plan: 3 to add, 3 to change, 3 to remove; 0 API calls.
`,
  },
  {
    name: 'git defaults: unified diff of each section',
    plan: plan({ changes: kind(['org-default']) }),
    expected: String.raw`Git defaults:
  ~ git.defaults.releases_detection  [history-recompute]
      method: "tags"
    - pattern: "^v\\d+"
    + pattern: "^release-"
  + git.defaults.default_branch
    + branch_name: "main"
  - git.defaults.exclude_branches  [history-recompute]
    - patterns:
    -   - "tmp/*"

Plan: 1 to add, 1 to change, 1 to remove; 0 API calls.
` ,
  },
  {
    name: 'repositories: override sections diffed element by element',
    plan: plan({ changes: kind(['repo-override']) }),
    expected: `Repositories:
  + repo["acme/api"].settings.coding_time_strategy  [history-recompute]
    + method: "first_commit"
  ~ repo["acme/api"].settings.exclude_file_extensions  [history-recompute]
      extensions:
        - ".lock"
    +   - ".png"
        - ".svg"
  - repo["acme/web"].settings.default_branch
    - branch_name: "develop"

Plan: 1 to add, 1 to change, 1 to remove; 0 API calls.
`,
  },
  {
    name: 'monitoring',
    plan: plan({ changes: kind(['monitoring']) }),
    expected: `Monitoring:
  + repo["acme/new"].monitored  [backfill, counts-against-limit]
  - repo["acme/old"].monitored  [stops-collection]
  ~ repo["acme/web"].monitored  false -> true  [backfill]

Plan: 1 to add, 1 to change, 1 to remove; 0 API calls.
`,
  },
  {
    name: 'a label is shown only where the address does not already say it',
    plan: plan({
      changes: [
        { address: 'repo["acme/api"].settings.default_branch', kind: 'repo-override', action: 'add', before: null, after: { branch_name: 'main' }, impacts: [], label: 'acme/api' },
        { address: 'repo[1234].monitored', kind: 'monitoring', action: 'add', before: null, after: true, impacts: [], label: 'acme/api' },
        { address: 'repo["acme/web"].monitored', kind: 'monitoring', action: 'add', before: null, after: true, impacts: [], label: 'acme/web' },
      ],
    }),
    expected: `Repositories:
  + repo["acme/api"].settings.default_branch
    + branch_name: "main"

Monitoring:
  + repo[1234].monitored (acme/api)
  + repo["acme/web"].monitored

Plan: 3 to add, 0 to change, 0 to remove; 0 API calls.
`,
  },
  {
    name: 'groups come in config order whatever the plan order; plan order kept inside a group',
    plan: plan({ changes: shuffled.filter((c) => c.action === 'remove') }),
    expected: `Collection:
  - collection.tracker.boards["101"] (Payments board)  [stops-collection]

Teams:
  - team[44].git.repositories  [1234]  [changes-team-metrics]
  - team[44].pm.tracker.methodology  "Kanban"
  - team[43].pm.tracker.epics  ["EP-7"]  [changes-team-metrics]

Git defaults:
  - git.defaults.exclude_branches  [history-recompute]
    - patterns:
    -   - "tmp/*"

Repositories:
  - repo["acme/web"].settings.default_branch
    - branch_name: "develop"

Monitoring:
  - repo["acme/old"].monitored  [stops-collection]

Plan: 0 to add, 0 to change, 7 to remove; 0 API calls.
`,
  },
  {
    name: 'warnings and predicted refusals with their locations',
    plan: plan({
      changes: kind(['methodology']).slice(0, 1),
      warnings: [
        { message: 'name "Payments" differs from the service\'s "Payments Team"', address: 'team[42]', location: 'teams.yaml:12:5' },
        { message: 'ignore rule expired on 2026-01-01' },
      ],
      errors: [{ message: 'team 99 does not exist', address: 'team[99]', location: 'teams.yaml:30:3' }],
    }),
    expected: `Teams:
  ~ team[42].pm.tracker.methodology  "Scrum" -> "Kanban"  [changes-team-metrics]

Warnings (2):
  teams.yaml:12:5: team[42]: name "Payments" differs from the service's "Payments Team"
  ignore rule expired on 2026-01-01

Errors (1): the service would refuse these; nothing will be applied.
  teams.yaml:30:3: team[99]: team 99 does not exist

Plan: 0 to add, 1 to change, 0 to remove; 0 API calls.
`,
  },
  {
    name: 'warnings on an empty plan still show',
    plan: plan({ warnings: [{ message: 'team name differs', address: 'team[42]' }] }),
    expected: `Warnings (1):
  team[42]: team name differs

No changes. Live state matches the configuration.
`,
  },
  {
    name: 'operations in stage order, planner order within a stage, only when asked for',
    showOperations: true,
    plan: plan({
      changes: kind(['monitoring']),
      operations: [
        op({ id: 'scope', stage: 2, method: 'PATCH', path: '/api/v1/teams/42/git-scope', description: 'write the Git scope of team 42' }),
        op({ id: 'monitor', stage: 1, method: 'PATCH', path: '/api/v1/git/repositories', description: 'monitor 2 repositories' }),
        op({ id: 'stop', stage: 1, method: 'PATCH', path: '/api/v1/git/repositories?x=1', description: 'stop monitoring 1 repository' }),
      ],
    }),
    expected: `Monitoring:
  + repo["acme/new"].monitored  [backfill, counts-against-limit]
  - repo["acme/old"].monitored  [stops-collection]
  ~ repo["acme/web"].monitored  false -> true  [backfill]

Operations:
  stage 1: PATCH /api/v1/git/repositories  monitor 2 repositories
  stage 1: PATCH /api/v1/git/repositories?x=1  stop monitoring 1 repository
  stage 2: PATCH /api/v1/teams/42/git-scope  write the Git scope of team 42

Plan: 1 to add, 1 to change, 1 to remove; 3 API calls.
`,
  },
  {
    name: 'one API call is singular; operations hidden by default',
    plan: plan({
      changes: kind(['selection']).slice(0, 1),
      operations: [op({ id: 'select', stage: 1, method: 'POST', path: '/api/v1/pm/select', description: 'select 1 board' })],
    }),
    expected: `Collection:
  + collection.tracker.boards["103"] (Checkout board)  [counts-against-limit]

Plan: 1 to add, 0 to change, 0 to remove; 1 API call.
`,
  },
  {
    name: 'long lists are cut with "... and N more"',
    plan: plan({
      changes: [
        {
          address: 'team[42].git.repositories',
          kind: 'git-scope',
          action: 'update',
          before: Array.from({ length: 15 }, (_, i) => 2000 + i),
          after: Array.from({ length: 25 }, (_, i) => 1000 + i),
          impacts: [],
        },
        {
          address: 'team[43].git.repositories',
          kind: 'git-scope',
          action: 'add',
          before: null,
          after: Array.from({ length: 12 }, (_, i) => i + 1),
          impacts: [],
        },
      ],
    }),
    expected: `Teams:
  ~ team[42].git.repositories  + 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, ... and 15 more  - 2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, ... and 5 more
  + team[43].git.repositories  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... and 2 more]

Plan: 1 to add, 1 to change, 0 to remove; 0 API calls.
`,
  },
  {
    name: 'a change with a display form shows it (names for ids) in place of before/after',
    plan: plan({
      changes: [
        {
          address: 'team[46].git.repositories',
          kind: 'git-scope',
          action: 'update',
          before: [1219, 2101],
          after: [1219, 2101, 2109],
          impacts: [],
          display: { before: ['acme/data-warehouse', 'labs/ml-pipeline'], after: ['acme/data-warehouse', 'labs/ml-pipeline', 'labs/embeddings'] },
        },
        { address: 'team[49].git.services', kind: 'git-scope', action: 'remove', before: [7], after: null, impacts: [], display: { before: ['7 (billing)'] } },
      ],
    }),
    expected: `Teams:
  ~ team[46].git.repositories  + "labs/embeddings"
  - team[49].git.services  ["7 (billing)"]

Plan: 0 to add, 1 to change, 1 to remove; 0 API calls.
`,
  },
  {
    name: 'a list update that only reorders falls back to before -> after',
    plan: plan({
      changes: [{ address: 'team[42].pm.tracker.labels', kind: 'pm-scope', action: 'update', before: ['a', 'b'], after: ['b', 'a'], impacts: [] }],
    }),
    expected: `Teams:
  ~ team[42].pm.tracker.labels  ["a", "b"] -> ["b", "a"]

Plan: 0 to add, 1 to change, 0 to remove; 0 API calls.
`,
  },
];

describe('renderPlanText', () => {
  it.each(cases)('$name', ({ plan: p, showOperations, expected }) => {
    expect(renderPlanText(p, plainStyle, { showOperations })).toBe(expected);
  });

  it('colours markers, set-diff elements, diff lines, impacts and headings through the Style', () => {
    const tagged = makeStyle((format, text) => `<${format}>${text}</${format}>`);
    const changes = [kind(['pm-scope'])[0]!, kind(['org-default'])[1]!];
    expect(renderPlanText(plan({ changes }), tagged)).toBe(`<bold>Teams:</bold>
  <yellow>~</yellow> <yellow>team[42].pm.tracker.boards</yellow>  <green>+ "103"</green>  <red>- "101"</red><dim>  [changes-team-metrics]</dim>

<bold>Git defaults:</bold>
  <green>+</green> <green>git.defaults.default_branch</green>
<green>    + branch_name: "main"</green>

<bold>Plan: 1 to add, 1 to change, 0 to remove; 0 API calls.</bold>
`);
  });
});

describe('renderPlanText of a scoped plan', () => {
  const scope = { narrowed_by: ['--target team[42]'], objects: 2 };
  it('says it is scoped, to how many objects, that drift checks the rest and how the rails judge shares', () => {
    const line =
      'Scoped plan (--target team[42]): 2 objects of the config read and planned; drift checks the rest. The share thresholds of the safety rails are judged on these objects.';
    expect(renderPlanText(plan({ changes: kind(['pm-scope']), scope }), plainStyle)).toContain(`\n\n${line}\n\nPlan: `);
    expect(renderPlanText(plan({ changes: [], scope }), plainStyle)).toContain(`${line}\n\nNo changes in scope: 2 objects read; the rest was not checked.\n`);
    expect(renderPlanText(plan({ changes: kind(['pm-scope']) }), plainStyle)).not.toContain('Scoped plan');
  });

  // DESIGN 3: a scoped plan never says "Live state matches the configuration": it read only part.
  it.each([
    { by: ['--target team[42]'], objects: 1, line: 'No changes in scope: 1 object read; the rest was not checked.' },
    { by: ['--exclude repo'], objects: 7, line: 'No changes in scope: 7 objects read; the rest was not checked.' },
    { by: ['--changed-from main'], objects: 0, changed_from: 'main', line: 'No changes in scope: 0 objects read; the rest was not checked.' },
  ])('an empty plan narrowed by $by says what it checked', ({ by, objects, changed_from, line }) => {
    const s = { narrowed_by: by, objects, ...(changed_from === undefined ? {} : { changed_from }) };
    const text = renderPlanText(plan({ changes: [], scope: s }), plainStyle);
    expect(text.endsWith(`${line}\n`)).toBe(true);
    expect(text).not.toContain('matches the configuration');
    const md = renderPlanMarkdown(plan({ changes: [], scope: s }));
    expect(md).toContain(`**${line}**`);
    expect(md).not.toContain('matches the configuration');
  });
});
