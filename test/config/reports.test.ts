// `reports:` in the config: a valid report becomes part of the model (and nothing else changes),
// and every invalid case is reported at its file:line:column, schema and semantic checks alike.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { testInvalidConfigs, writeFiles, type InvalidCase } from './helpers.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const TEAMS = `version: 1
teams:
  42:
    name: Payments
  43:
    name: Platform
`;

describe('reports', () => {
  it('a valid report is in the model as written', async () => {
    const dir = writeFiles({
      'emctl.yaml': `${TEAMS}reports:
  weekly-delivery:
    metrics: [branch.computed.cycle_time:p75, branch.computed.cycle_time:p50, pr.merged, releases.count]
    group_by: team
    teams: managed
    roll_up: 1w
    last: 12w
    format: csv
    out: reports/weekly-delivery.csv
  by-name:
    metrics: [branch.stage.time_to_qa:p90]
    group_by: repository
    teams: [Payments, 7]
    repositories: [web, 17]
    contributors: [501]
    services: [3]
    labels: [backend]
    after: "2026-01-01"
    before: "2026-04-01"
    order_by: branch.stage.time_to_qa:p90
    order_dir: desc
    limit: 10
`,
    });
    const result = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.reports?.map((r) => [r.name, r.path])).toEqual([
      ['weekly-delivery', ['reports', 'weekly-delivery']],
      ['by-name', ['reports', 'by-name']],
    ]);
    expect(result.config?.reports?.[0]?.definition).toEqual({
      metrics: ['branch.computed.cycle_time:p75', 'branch.computed.cycle_time:p50', 'pr.merged', 'releases.count'],
      group_by: 'team',
      teams: 'managed',
      roll_up: '1w',
      last: '12w',
      format: 'csv',
      out: 'reports/weekly-delivery.csv',
    });
    expect(result.config?.teams.map((t) => t.id)).toEqual([42, 43]);
  });
});

const CASES: InvalidCase[] = [
  [
    'with_children and title: types by the schema, needing teams and one line by the checks',
    `${TEAMS}reports:
  typed:
    metrics: [pr.merged]
    with_children: "yes"
    title: ""
  no-teams:
    metrics: [pr.merged]
    group_by: repository
    with_children: true
    title: "Two\\nlines"
  fine:
    metrics: [pr.merged]
    group_by: team
    teams: managed
    with_children: true
    title: Delivery of the payments area
`,
    [
      'emctl.yaml:10:20: `with_children` must be true or false; got a string (`yes`)',
      'emctl.yaml:11:12: `title` must not be empty',
      'emctl.yaml:15:20: report `no-teams`: with_children folds each team\'s direct child teams into its values: it needs teams (group_by: team, or a teams: filter)',
      'emctl.yaml:16:12: report `no-teams`: title must be text on one line (the page\'s heading)',
    ],
  ],
  [
    'more time buckets than the service answers; `managed` mixed with ids is fine',
    `${TEAMS}reports:
  daily:
    metrics: [pr.merged]
    roll_up: 1d
    last: 9999d
  mixed:
    metrics: [pr.merged]
    teams: [managed, 7]
`,
    [
      'emctl.yaml:10:14: report `daily`: last 9999d cut by roll-up 1d makes more than 5000 time buckets; the service answers at most 5000 at once: use a coarser roll-up or a shorter window',
    ],
  ],
  [
    'unknown metric, bad aggregation, metric named twice',
    `${TEAMS}reports:
  r:
    metrics:
      - branch.computed.cycletime:p75
      - pr.merged:p75
      - pr.merged.size:p90
      - pr.new
      - pr.new
`,
    [
      'emctl.yaml:10:9: report `r`: unknown v2 metric `branch.computed.cycletime`; did you mean `branch.computed.cycle_time`?',
      'emctl.yaml:11:9: report `r`: `pr.merged` takes no aggregation; write `pr.merged`',
      'emctl.yaml:12:9: report `r`: `pr.merged.size` takes p75, p50, avg; got `p90`',
      'emctl.yaml:14:9: report `r`: `pr.new` is requested twice',
    ],
  ],
  [
    'schema: unknown key, enums, patterns, limits',
    `${TEAMS}reports:
  r:
    metrics: []
    group_by: teams
    roll_up: 1m
    last: 3y
    labels: [a, b, c, d]
    limit: 0
    format: xlsx
    colour: red
`,
    [
      'emctl.yaml:9:14: `metrics` needs at least 1 entry',
      'emctl.yaml:10:15: `group_by` must be one of organization, team, repository, contributor, coding_assistant, ai_review, agentic_pr; got `teams`; did you mean `team`?',
      'emctl.yaml:11:14: `roll_up` must be one of 1d, 1w, 1mo, custom; got `1m`; did you mean `1d`?',
      'emctl.yaml:12:11: `last` must be text matching ^[1-9][0-9]{0,3}(d|w|mo)$; got `3y`',
      'emctl.yaml:13:13: `labels` takes at most 3 entries',
      'emctl.yaml:14:12: `limit` must be >= 1; got 0',
      'emctl.yaml:15:13: `format` must be one of table, csv, json, markdown, chart, html; got `xlsx`',
      'emctl.yaml:16:5: unknown key `colour` in `reports.r`',
    ],
  ],
  [
    'window rules',
    `${TEAMS}reports:
  both:
    metrics: [pr.merged]
    last: 90d
    after: "2026-01-01"
    before: "2026-02-01"
  half:
    metrics: [pr.merged]
    after: "2026-01-01"
  backwards:
    metrics: [pr.merged]
    after: "2026-03-01"
    before: "2026-02-30"
  empty:
    metrics: [pr.merged]
    after: "2026-03-01"
    before: "2026-03-01"
`,
    [
      'emctl.yaml:11:12: report `both`: `last` and `after`/`before` exclude each other: give a window ending today (last) or two dates',
      'emctl.yaml:15:12: report `half`: after needs before too (a window is [after, before))',
      'emctl.yaml:19:13: report `backwards`: before must be a date written yyyy-mm-dd; got `2026-02-30`',
      'emctl.yaml:23:13: report `empty`: before (2026-03-01) must be later than after (2026-03-01); the window is [after, before)',
    ],
  ],
  [
    'teams, id lists and order',
    `${TEAMS}reports:
  r:
    metrics: [pr.merged, branch.time_to_pr:p75]
    group_by: repository
    teams: [Payments, Paymnts]
    contributors: [${Array.from({ length: 51 }, (_, i) => i + 1).join(', ')}]
    order_by: branch.time_to_pr
  t:
    metrics: [pr.merged]
    group_by: team
  m:
    metrics: [pr.merged]
    teams: nobody
`,
    [
      "emctl.yaml:12:19: report `r`: 51 contributors: a filter takes at most 50 (the API's limit); only the ids of the group-by dimension are split into several calls, since percentiles cannot be merged across calls",
      'emctl.yaml:13:15: report `r`: order_by `branch.time_to_pr` is not one of the requested metrics (pr.merged, branch.time_to_pr:p75); did you mean `branch.time_to_pr:p75`?',
      'emctl.yaml:14:3: report `t`: grouping by team needs the teams: ids, names, `managed` (every team the config writes) or `all` (every team the service lists)',
      'emctl.yaml:19:12: `teams` must be a list of team ids or names, `managed` or `all`; got a string (`nobody`)',
    ],
  ],
  [
    'no metrics list: the schema says so, once',
    `${TEAMS}reports:
  none: {}
  text:
    metrics: pr.merged
`,
    ['emctl.yaml:8:3: missing required key `metrics` in `reports.none`', 'emctl.yaml:10:14: `metrics` must be a list; got a string (`pr.merged`)'],
  ],
  [
    'two reports writing one file',
    `${TEAMS}reports:
  a:
    metrics: [pr.merged]
    out: out/weekly.csv
  b:
    metrics: [pr.new]
    out: ./out/../out/weekly.csv
  c:
    metrics: [pr.new]
    out: out/other.csv
`,
    ["emctl.yaml:13:10: report `b`: out `./out/../out/weekly.csv` is also the out: of report `a`; --all would write one over the other"],
  ],
  [
    'format against out',
    `${TEAMS}reports:
  r:
    metrics: [pr.merged]
    format: csv
    out: weekly.json
  d:
    metrics: [pr.merged]
    out: reports/
  x:
    metrics: [pr.merged]
    out: reports/weekly.XLSX
  p:
    metrics: [pr.merged]
    out: chart.png
  t:
    metrics: [pr.merged]
    format: csv
    out: for-excel.xlsx
`,
    [
      'emctl.yaml:11:10: report `r`: out `weekly.json` has the extension of json, but the format is csv',
      'emctl.yaml:14:10: report `d`: out names a directory (`reports/`); name the file to write',
      'emctl.yaml:17:10: report `x`: emctl does not write .xlsx files (`reports/weekly.XLSX`); spreadsheets open csv: name it .csv',
      'emctl.yaml:20:10: report `p`: emctl does not write .png files (`chart.png`); charts come as html (.html, an SVG per metric) or in the terminal (--format chart)',
    ],
  ],
];

describe('invalid reports', () => {
  testInvalidConfigs(CASES);
});

describe('an absolute out: is refused (DESIGN 8), and clashes with nothing; relative spellings of one file clash', () => {
  it('the absolute out: is a located error; the relative clash is found', async () => {
    const dir = writeFiles({ 'emctl.yaml': '' });
    writeFileSync(
      join(dir, 'emctl.yaml'),
      `${TEAMS}reports:
  a:
    metrics: [pr.merged]
    out: out/weekly.csv
  b:
    metrics: [pr.new]
    out: ${dir}/out/weekly.csv
  c:
    metrics: [pr.new]
    out: out/./weekly.csv
`,
    );
    const result = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`)).toEqual([
      `13:10: report \`b\`: out \`${dir}/out/weekly.csv\` is an absolute path; a config writes only inside its own directory (give a path relative to it, or --out on the command line)`,
      `16:10: report \`c\`: out \`out/./weekly.csv\` is also the out: of report \`a\`; --all would write one over the other`,
    ]);
  });
});
