// The one check of a measurements request (flags and `reports:` alike): each rule on both sides,
// problems located at the report key they concern.

import { describe, expect, it } from 'vitest';
import type { ReportDefinition } from '../../src/core/model.js';
import { definitionFromFlags, flagProblem } from '../../src/measure/flags.js';
import { checkSpec } from '../../src/measure/spec.js';
import { type SpecContext } from '../../src/measure/spec-problem.js';

const teams = new Map<number, string | undefined>([
  [42, 'Payments'],
  [43, 'Platform'],
  [44, undefined],
]);
const v2: SpecContext = { configTeams: teams, api: 'v2', serverExport: false };

function problems(def: ReportDefinition, ctx: SpecContext = v2): string[] {
  return checkSpec(def, ctx).problems.map((p) => `${p.path.join('.')}: ${p.message}`);
}

const ok: ReportDefinition = { metrics: ['pr.merged'] };

describe('metrics', () => {
  it('accepts names of the v2 table, aggregations each allows, custom stages and `default`', () => {
    const result = checkSpec({ metrics: ['branch.computed.cycle_time:p75', 'pr.merged', 'pr.merged.size:p50', 'branch.stage.time_to_qa:p90', 'pr.new:default'] }, v2);
    expect(result.problems).toEqual([]);
    expect(result.spec?.metrics).toEqual([
      { name: 'branch.computed.cycle_time', agg: 'p75', key: 'branch.computed.cycle_time:p75', unit: 'minutes' },
      { name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' },
      { name: 'pr.merged.size', agg: 'p50', key: 'pr.merged.size:p50', unit: 'lines' },
      { name: 'branch.stage.time_to_qa', agg: 'p90', key: 'branch.stage.time_to_qa:p90', unit: 'minutes' },
      { name: 'pr.new', agg: 'default', key: 'pr.new:default', unit: 'count' },
    ]);
  });

  it.each<[string[], string]>([
    [[], 'metrics: name at least one metric (NAME or NAME:AGG, e.g. branch.computed.cycle_time:p75)'],
    [['branch.cycle_tim:p75'], 'metrics.0: unknown v2 metric `branch.cycle_tim`; did you mean `branch.computed.cycle_time`?'],
    [['branch.computed.cycletime'], 'metrics.0: unknown v2 metric `branch.computed.cycletime`; did you mean `branch.computed.cycle_time`?'],
    [['pr.merged:p75'], 'metrics.0: `pr.merged` takes no aggregation; write `pr.merged`'],
    [['pr.merged.size:p90'], 'metrics.0: `pr.merged.size` takes p75, p50, avg; got `p90`'],
    // p57 is p75 with two digits swapped: one edit.
    [['branch.time_to_pr:p57'], 'metrics.0: `branch.time_to_pr` takes p75, p50, p90, avg; got `p57`; did you mean `p75`?'],
    [['pm.mttr:p50'], 'metrics.0: `pm.mttr` takes avg; got `p50`'],
    [['pm.issues.done'], 'metrics.0: unknown v2 metric `pm.issues.done` (it is a v1 metric; use --api v1)'],
    [['pr.new', 'pr.new'], 'metrics.1: `pr.new` is requested twice'],
  ])('%j -> %s', (metrics, message) => {
    expect(problems({ metrics })).toEqual([message]);
  });

  it('v1 takes plain names of its own table', () => {
    const v1: SpecContext = { ...v2, api: 'v1' };
    expect(problems({ metrics: ['pm.issues.done', 'branch.time_to_pr'] }, v1)).toEqual([]);
    expect(problems({ metrics: ['branch.time_to_pr:p75', 'pr.maturity_ratio'] }, v1)).toEqual([
      'metrics.0: the v1 API takes plain metric names (durations are means): write `branch.time_to_pr`, not `branch.time_to_pr:p75`',
      'metrics.1: unknown v1 metric `pr.maturity_ratio` (it is a v2 metric; leave out --api v1)',
    ]);
    expect(problems({ ...ok, group_by: 'coding_assistant', labels: ['x'] }, v1)).toEqual([
      'group_by: the v1 API groups by organization, team, repository, contributor only, not `coding_assistant`',
      'labels: the v1 API has no label filter',
    ]);
  });
});

describe('group-by, roll-up, order', () => {
  it.each<[ReportDefinition, string[]]>([
    [{ ...ok, group_by: 'teams' }, ['group_by: unknown group-by `teams`: one of organization, team, repository, contributor, coding_assistant, ai_review, agentic_pr; did you mean `team`?']],
    [{ ...ok, roll_up: '1m' }, ['roll_up: unknown roll-up `1m`: one of 1d, 1w, 1mo, custom; did you mean `1mo`?']],
    [{ ...ok, roll_up: '1w' }, []],
    [{ metrics: ['pr.merged', 'branch.time_to_pr:p75'], order_by: 'branch.time_to_pr:p75', order_dir: 'desc' }, []],
    [{ metrics: ['pr.merged', 'branch.time_to_pr:p75'], order_by: 'branch.time_to_pr' }, ['order_by: order_by `branch.time_to_pr` is not one of the requested metrics (pr.merged, branch.time_to_pr:p75); did you mean `branch.time_to_pr:p75`?']],
    [{ ...ok, order_dir: 'desc' }, ['order_dir: order_dir needs order_by (the metric to order the groups by)']],
    [{ ...ok, order_by: 'pr.merged', order_dir: 'down' }, ['order_dir: order_dir must be asc or desc; got `down`']],
    [{ ...ok, limit: 0 }, ['limit: limit must be an integer >= 1; got 0']],
  ])('%j', (def, expected) => expect(problems(def)).toEqual(expected));
});

describe('with_children and title', () => {
  it.each<[ReportDefinition, string[]]>([
    [{ ...ok, group_by: 'team', teams: [42], with_children: true }, []],
    [{ ...ok, teams: [42], with_children: true }, []], // a teams filter
    [{ ...ok, group_by: 'repository', with_children: true }, ["with_children: with_children folds each team's direct child teams into its values: it needs teams (group_by: team, or a teams: filter)"]],
    [{ ...ok, group_by: 'team', teams: [42], with_children: false }, []],
    [{ ...ok, title: 'Delivery' }, []],
    [{ ...ok, title: '  ' }, ["title: title must be text on one line (the page's heading)"]],
    [{ ...ok, title: 'a\u001b[31mred' }, ["title: title must be text on one line (the page's heading)"]],
    [{ ...ok, title: 'x'.repeat(201) }, ['title: title is 201 characters; a heading takes at most 200']],
  ])('%j', (def, expected) => expect(problems(def)).toEqual(expected));

  it('sets with_direct_children in the body and keeps the title, trimmed', () => {
    const spec = checkSpec({ ...ok, group_by: 'team', teams: [42], with_children: true, title: ' Delivery ' }, v2).spec;
    expect(spec?.withChildren).toBe(true);
    expect(spec?.title).toBe('Delivery');
    expect(checkSpec(ok, v2).spec).toMatchObject({ withChildren: false, title: undefined });
  });

  it('the v1 API has no with_direct_children', () => {
    expect(problems({ ...ok, group_by: 'team', teams: [42], with_children: true }, { ...v2, api: 'v1' })).toEqual(['with_children: the v1 API has no with_direct_children; leave out --api v1']);
  });

  it('flags: --with-children and --title', () => {
    const { definition } = definitionFromFlags({ metric: ['pr.merged'], groupBy: 'team', team: ['42'], withChildren: true, title: 'T' });
    expect(definition).toMatchObject({ with_children: true, title: 'T' });
    expect(flagProblem({ path: ['with_children'], message: 'm' })).toBe('--with-children: m');
  });
});

describe('window', () => {
  it.each<[ReportDefinition, string[]]>([
    [{ ...ok }, []],
    [{ ...ok, last: '12w' }, []],
    [{ ...ok, last: '12m' }, ['last: last must be N days, weeks or months: e.g. 90d, 12w, 6mo; got `12m`']],
    [{ ...ok, last: '0d' }, ['last: last must be N days, weeks or months: e.g. 90d, 12w, 6mo; got `0d`']],
    [{ ...ok, last: '90d', after: '2026-01-01' }, ['after: `last` and `after`/`before` exclude each other: give a window ending today (last) or two dates']],
    [{ ...ok, after: '2026-01-01', before: '2026-02-01' }, []],
    [{ ...ok, after: '2026-01-01' }, ['after: after needs before too (a window is [after, before))']],
    [{ ...ok, after: '2026-02-30', before: '2026-03-01' }, ['after: after must be a date written yyyy-mm-dd; got `2026-02-30`']],
    [{ ...ok, after: '2026-03-01', before: '2026-03-01' }, ['before: before (2026-03-01) must be later than after (2026-03-01); the window is [after, before)']],
  ])('%j', (def, expected) => expect(problems(def)).toEqual(expected));

  it('defaults to the last 30 days', () => {
    expect(checkSpec(ok, v2).spec?.window).toEqual({ last: '30d' });
  });
});

describe('teams and id lists', () => {
  const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

  it('resolves config names, keeps ids, and `managed` is every config team', () => {
    expect(checkSpec({ ...ok, teams: ['Payments', 7, '43', 42] }, v2).spec?.teamIds).toEqual([42, 7, 43]);
    expect(checkSpec({ ...ok, group_by: 'team', teams: 'managed' }, v2).spec?.teamIds).toEqual([42, 43, 44]);
  });

  it('leaves names the config does not give, and `all`, to the service: a config name wins', () => {
    const spec = checkSpec({ ...ok, teams: ['Payments', 'Data', 'Data', 7] }, v2).spec;
    expect([spec?.teamIds, spec?.teamNames, spec?.allTeams]).toEqual([[42, 7], ['Data'], false]);
    // Without a config every name is the service's.
    expect(checkSpec({ ...ok, teams: ['Payments'] }, { ...v2, configTeams: undefined }).spec?.teamNames).toEqual(['Payments']);
    expect(checkSpec({ ...ok, group_by: 'team', teams: 'all' }, v2).spec).toMatchObject({ teamIds: [], teamNames: [], allTeams: true });
    expect(checkSpec({ ...ok, group_by: 'team', teams: ['all', 42] }, v2).spec).toMatchObject({ teamIds: [42], allTeams: true });
    expect(definitionFromFlags({ team: ['all'] }).definition.teams).toBe('all');
  });

  it.each<[ReportDefinition, SpecContext, string[]]>([
    [{ ...ok, teams: 'managed' }, { ...v2, configTeams: new Map() }, ['teams: `managed` means every team the config writes, and the config writes none']],
    [{ ...ok, teams: ['Dup'] }, { ...v2, configTeams: new Map([[1, 'Dup'], [2, 'Dup']]) }, ['teams.0: team name `Dup` is given to teams 1, 2 in the config; name the team by id']],
    [{ ...ok, group_by: 'team' }, v2, ['teams: grouping by team needs the teams: ids, names, `managed` (every team the config writes) or `all` (every team the service lists)']],
    [{ ...ok, contributors: [0, 'x'] }, v2, ['contributors.0: a contributor is named by its id, an integer >= 1; got `0`', 'contributors.1: a contributor is named by its id, an integer >= 1; got `x`']],
    [{ ...ok, labels: ['a', 'b', 'c', 'd'] }, v2, ['labels: at most 3 labels per request (the API\'s limit); got 4']],
  ])('%j', (def, ctx, expected) => expect(problems(def, ctx)).toEqual(expected));

  it('lets only the group-by dimension go over 50 ids', () => {
    expect(problems({ ...ok, group_by: 'team', teams: ids(120) })).toEqual([]);
    expect(problems({ ...ok, group_by: 'repository', repositories: ids(51) })).toEqual([]);
    expect(problems({ ...ok, group_by: 'contributor', contributors: ids(51), teams: ids(50), services: ids(50) })).toEqual([]);
    const over = ' a filter takes at most 50 (the API\'s limit); only the ids of the group-by dimension are split into several calls, since percentiles cannot be merged across calls';
    expect(problems({ ...ok, group_by: 'repository', teams: ids(51), contributors: ids(51), services: ids(51) })).toEqual([
      `teams: 51 teams:${over}`,
      `contributors: 51 contributors:${over}`,
      `services: 51 services:${over}`,
    ]);
    expect(problems({ ...ok, group_by: 'team', teams: ids(5), repositories: [...ids(50), 'web'] })).toEqual([`repositories: 51 repositories:${over}`]);
  });
});

describe('format and out', () => {
  it.each<[ReportDefinition, boolean, string, string[]]>([
    [ok, false, 'table', []],
    [{ ...ok, out: 'r/weekly.csv' }, false, 'csv', []],
    [{ ...ok, out: 'r/page.html' }, false, 'html', []],
    [{ ...ok, out: 'r/report.txt' }, false, 'table', []],
    [{ ...ok, format: 'markdown', out: 'r/x.md' }, false, 'markdown', []],
    [{ ...ok, format: 'csv', out: 'r/x.json' }, false, 'csv', ['out: out `r/x.json` has the extension of json, but the format is csv']],
    [{ ...ok, out: 'reports/' }, false, 'table', ['out: out names a directory (`reports/`); name the file to write']],
    [{ ...ok, format: 'xls' }, false, 'table', ['format: unknown format `xls`: one of table, csv, json, markdown, chart, html']],
    [ok, true, 'csv', []],
    [{ ...ok, format: 'html' }, true, 'html', ['format: the service\'s export writes csv or json, not html']],
    [{ ...ok, out: 'x.md' }, true, 'markdown', ['out: out `x.md` has the extension of markdown, but the service\'s export writes csv or json']],
  ])('%j (server export %s) -> %s', (def, serverExport, format, expected) => {
    const result = checkSpec(def, { ...v2, serverExport });
    expect(result.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual(expected);
    if (expected.length === 0) expect(result.spec?.format).toBe(format);
  });
});

describe('flags', () => {
  it('become a report definition: repeatable and comma-separated, digits are ids', () => {
    const { definition, problems: found } = definitionFromFlags({
      metric: ['pr.merged,branch.computed.cycle_time:p75', 'releases.count'],
      team: ['42,Payments', 'Platform Team'],
      repository: ['web', '17'],
      contributor: ['501'],
      label: ['a,b'],
      orderBy: 'pr.merged',
      desc: true,
      limit: '10',
      last: '12w',
    });
    expect(found).toEqual([]);
    expect(definition).toEqual({
      metrics: ['pr.merged', 'branch.computed.cycle_time:p75', 'releases.count'],
      teams: [42, 'Payments', 'Platform Team'],
      repositories: ['web', 17],
      contributors: ['501'],
      labels: ['a,b'],
      order_by: 'pr.merged',
      order_dir: 'desc',
      limit: 10,
      last: '12w',
    });
    expect(definitionFromFlags({ team: ['managed'] }).definition.teams).toBe('managed');
  });

  it('mix `managed` with other teams: every config team plus the others, each once', () => {
    const { definition } = definitionFromFlags({ team: ['managed,42,7'], metric: ['pr.merged'] });
    const result = checkSpec(definition, v2);
    expect(result.problems).toEqual([]);
    expect(result.spec?.teamIds).toEqual([42, 43, 44, 7]);
    expect(checkSpec(definition, { ...v2, configTeams: undefined }).problems.map(flagProblem)).toEqual([
      '--team: `managed` means every team the config writes, and no config was loaded (pass -c PATH)',
    ]);
  });

  it('v1 grouped by contributor needs the contributor ids, named at --contributor', () => {
    const { definition } = definitionFromFlags({ metric: ['pr.merged'], groupBy: 'contributor' });
    const found = checkSpec(definition, { ...v2, api: 'v1' }).problems;
    expect(found.map((p) => p.path)).toEqual([['contributors']]);
    expect(found.map(flagProblem)).toEqual([
      '--contributor: the v1 API groups by contributor only for named contributors: give their ids (e.g. --contributor 501,502 or `contributors: [501, 502]`), or leave out --api v1',
    ]);
    expect(checkSpec({ ...definition, contributors: [501] }, { ...v2, api: 'v1' }).problems).toEqual([]);
    expect(checkSpec(definition, v2).problems).toEqual([]);
  });

  it('count the time buckets offline against the service\'s 5,000', () => {
    const msg = (span: string, rollUp: string) =>
      `--roll-up: ${span} cut by roll-up ${rollUp} makes more than 5000 time buckets; the service answers at most 5000 at once: use a coarser roll-up or a shorter window`;
    const check = (flags: Parameters<typeof definitionFromFlags>[0]) =>
      checkSpec(definitionFromFlags({ metric: ['pr.merged'], ...flags }).definition, v2).problems.map(flagProblem);
    expect(check({ last: '9999d', rollUp: '1d' })).toEqual([msg('last 9999d', '1d')]);
    expect(check({ last: '5000d', rollUp: '1d' })).toEqual([]);
    expect(check({ last: '5001d', rollUp: '1d' })).toEqual([msg('last 5001d', '1d')]);
    expect(check({ last: '9999d', rollUp: '1w' })).toEqual([]);
    expect(check({ last: '9999mo', rollUp: '1mo' })).toEqual([msg('last 9999mo', '1mo')]);
    expect(check({ after: '2000-01-01', before: '2013-09-09', rollUp: '1d' })).toEqual([]);
    expect(check({ after: '2000-01-01', before: '2013-09-10', rollUp: '1d' })).toEqual([msg('2000-01-01 to 2013-09-10', '1d')]);
    expect(check({ after: '1600-01-31', before: '2099-01-01', rollUp: '1mo' })).toEqual([msg('1600-01-31 to 2099-01-01', '1mo')]);
  });

  it('name the flag in messages', () => {
    const { definition, problems: found } = definitionFromFlags({ metric: ['pr.mergd'], limit: 'ten' });
    const all = [...found, ...checkSpec(definition, v2).problems].map(flagProblem);
    expect(all).toEqual(['--limit: limit must be an integer >= 1; got `ten`', '--metric: unknown v2 metric `pr.mergd`; did you mean `pr.merged`?']);
  });
});
