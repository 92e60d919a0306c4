// Rules expanded (src/core/rules.ts, DESIGN 2.1), as table tests of the plans they make: each
// expanded change under its repository's own address with the rule that made it, literal keys over
// rules, the last matching rule winning, only repositories monitored once the plan is applied,
// scope globs, the scope of a narrowed plan, and the index the matching runs on.

import { describe, expect, it } from 'vitest';
import { GlobIndex } from '../../src/core/glob-index.js';
import { applyIgnoreRules } from '../../src/drift/ignore.js';
import { buildPlanStaged } from '../../src/core/plan.js';
import { globRegExp as globToRegExp } from '../helpers/glob-oracle.js';
import { expandRules, settingsKey } from '../../src/core/rules.js';
import { desired, liveState, repo, type DesiredSpec, type LiveSpec } from './builders.js';
import { planLines, type PlanCase } from './plan-text.js';

const REPOS = [
  repo(1, 'payments/api'),
  repo(2, 'payments/web'),
  repo(3, 'payments/legacy-billing'),
  repo(4, 'payments/archive', 20, 'not_monitored'),
  repo(5, 'payments/new', 20, 'discovered'),
  repo(6, 'platform/api'),
  repo(7, 'payments/tools', 21, 'monitored'),
  repo(8, 'platform/failing', 20, 'failing'),
];
/** Every repository without overrides: what the planner reads for a managed override set. */
const NO_OVERRIDES = Object.fromEntries(REPOS.map((r) => [r.id, {}]));
const MAIN = { default_branch: { branch_name: 'main' } };
const DEV = { default_branch: { branch_name: 'dev' } };
const BOTS = { exclude_branches: { patterns: ['^dependabot/'] } };
const CONFIG = '/api/v1/git/repositories';

function planOf(config: DesiredSpec, live: LiveSpec) {
  return buildPlanStaged(desired(config), liveState({ repos: REPOS, overrides: NO_OVERRIDES, ...live }));
}

const cases: PlanCase[] = [
  {
    name: 'a rule writes the whole override set of every monitored repository it matches, each change naming it',
    config: { rules: [['payments/*', { settings: BOTS }]] },
    live: { overrides: { ...NO_OVERRIDES, 2: { ...BOTS, ...DEV } } },
    want: [
      '+ repo["payments/api"].settings.exclude_branches  (rule "payments/*")',
      '+ repo["payments/legacy-billing"].settings.exclude_branches  (rule "payments/*")',
      '+ repo["payments/tools"].settings.exclude_branches  (rule "payments/*")',
      '- repo["payments/web"].settings.default_branch  (rule "payments/*")',
      `stage 1 PATCH ${CONFIG}/1/config {"exclude_branches":{"patterns":["^dependabot/"]}}`,
      `stage 1 PATCH ${CONFIG}/3/config {"exclude_branches":{"patterns":["^dependabot/"]}}`,
      `stage 1 PATCH ${CONFIG}/7/config {"exclude_branches":{"patterns":["^dependabot/"]}}`,
      `stage 1 DELETE ${CONFIG}/2/config/default_branch`,
    ],
  },
  {
    name: 'a literal key writing settings wins over every rule; one writing only monitored: does not',
    config: {
      repositories: { 'payments/api': { settings: DEV }, 'payments/web': { monitored: true } },
      rules: [['payments/*', { settings: MAIN }]],
    },
    live: {},
    want: [
      '+ repo["payments/api"].settings.default_branch',
      '+ repo["payments/legacy-billing"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/tools"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/web"].settings.default_branch  (rule "payments/*")',
    ],
    options: { noOps: true },
  },
  {
    name: 'of several matching rules the last one written wins; integration: narrows a rule to one Git integration',
    config: {
      rules: [
        ['payments/*', { settings: MAIN }],
        ['payments/legacy-*', { settings: DEV }],
        ['*/tools', { integration: 'labs', settings: BOTS }],
        ['*/api', { integration: 'labs', settings: BOTS }],
      ],
    },
    live: {},
    want: [
      '+ repo["payments/api"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/legacy-billing"].settings.default_branch  (rule "payments/legacy-*")',
      '+ repo["payments/tools"].settings.exclude_branches  (rule "*/tools")',
      '+ repo["payments/web"].settings.default_branch  (rule "payments/*")',
      'warning: rule "*/api" matches no repository monitored once this plan is applied',
    ],
    options: { noOps: true },
  },
  {
    name: 'what a rule matches is monitored once the plan is applied: started by the patterns or a key, not stopped by them',
    config: {
      monitoring: { include: ['payments/*', 'platform/*'], exclude: ['payments/tools'] },
      repositories: { 'payments/archive': { monitored: true } },
      rules: [['payments/*', { settings: MAIN }], ['platform/*', { settings: MAIN }]],
    },
    live: {},
    want: [
      '+ repo["payments/api"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/archive"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/legacy-billing"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/new"].settings.default_branch  (rule "payments/*")',
      '+ repo["payments/web"].settings.default_branch  (rule "payments/*")',
      '+ repo["platform/api"].settings.default_branch  (rule "platform/*")',
      '+ repo["platform/failing"].settings.default_branch  (rule "platform/*")',
      '+ repo["payments/archive"].monitored',
      '+ repo["payments/new"].monitored',
      '- repo["payments/tools"].monitored',
    ],
    options: { noOps: true },
  },
  {
    name: 'a rule that matches nothing, or whose every repository a literal key or a later rule writes, is a warning',
    config: {
      repositories: { 'platform/api': { settings: {} } },
      rules: [['nothing-*', { settings: MAIN }], ['platform/api*', { settings: MAIN }], ['platform/f*', { settings: {} }]],
    },
    live: {},
    want: [
      'warning: rule "nothing-*" matches no repository monitored once this plan is applied',
      'warning: rule "platform/api*" writes no repository: a literal key or a later rule writes each one it matches',
    ],
    options: { noOps: true },
  },
  {
    name: 'scope globs: a team scope is every repository an entry names or matches (monitored once applied)',
    config: {
      teams: { 42: { git: { repositories: ['platform/api', 'payments/*', 'none-*'] } } },
    },
    live: { git: { 42: { repositories: [6, 1] } } },
    want: [
      '~ team[42].git.repositories',
      'stage 1 PATCH /api/v1/git/config/teams/42/scope?mode=merge {"repository_ids":[1,2,3,6,7]}',
      'warning: team 42\'s Git scope pattern "none-*" matches no repository monitored once this plan is applied',
    ],
  },
  {
    name: 'a rule naming an integration that does not exist is a located plan error',
    config: { rules: [['payments/*', { integration: 99, settings: MAIN }]] },
    live: {},
    want: ['error: rule "payments/*": integration 99 does not exist or is deleted (emctl.yaml#git.repositories.payments/*.integration:1:1)'],
    options: { noOps: true },
  },
];

describe('plans with rules', () => {
  it.each(cases)('$name', ({ config, live, want, options }) => {
    expect(planLines(planOf(config, live).plan, options)).toEqual(want);
  });

  it('a rule removing the overrides of most repositories trips the removal share like literal entries would', () => {
    const many = Array.from({ length: 40 }, (_, i) => repo(100 + i, `svc-${i}`));
    const overrides = Object.fromEntries(many.map((r) => [r.id, BOTS]));
    const { plan } = buildPlanStaged(desired({ rules: [['svc-*', { settings: {} }]] }), liveState({ repos: many, overrides }));
    expect(plan.changes).toHaveLength(40);
    expect(plan.changes.every((c) => c.destructive === 'override_removal' && c.rule === 'svc-*')).toBe(true);
    expect(plan.safety_refusals?.map((r) => r.message)).toEqual(['would remove 100% (40/40) of overrides of managed repositories; the limit is 25%']);
  });

  it('protected: and drift.ignore take a rule\'s address', () => {
    const config = desired({ rules: [['payments/*', { settings: MAIN }]], safety: { protected: ['repo["payments/*"].settings'] } });
    const { plan } = buildPlanStaged(config, liveState({ repos: REPOS, overrides: NO_OVERRIDES }));
    expect(plan.safety_refusals?.map((r) => r.message)).toEqual([
      'repo["payments/api"].settings.default_branch is protected (protected: repo["payments/*"].settings)',
      'repo["payments/legacy-billing"].settings.default_branch is protected (protected: repo["payments/*"].settings)',
      'repo["payments/tools"].settings.default_branch is protected (protected: repo["payments/*"].settings)',
      'repo["payments/web"].settings.default_branch is protected (protected: repo["payments/*"].settings)',
    ]);
    const outcome = applyIgnoreRules(plan.changes, [{ address: 'repo["payments/*"]', reason: 'trial' }], '2026-11-27');
    expect(outcome.reported).toEqual([]);
    expect(outcome.ignored).toHaveLength(4);
  });

  it('rules need the whole repository list', () => {
    const { plan } = buildPlanStaged(desired({ rules: [['payments/*', { settings: MAIN }]] }), liveState({ repos: REPOS, repositoriesComplete: false }));
    expect(planLines(plan)).toEqual([
      'error: rules and scope patterns need the complete repository list, which was not read (emctl.yaml#git.repositories.payments/*:1:1)',
    ]);
  });

  it('records what each rule writes, whatever a narrowed plan keeps', () => {
    const config = desired({ rules: [['payments/*', { settings: MAIN }], ['payments/legacy-*', { settings: DEV }]] });
    const reads = { ruleScope: { targets: ['repo["payments/web"]'], excludes: [], literal: [] } };
    const staged = buildPlanStaged(config, liveState({ repos: REPOS, overrides: NO_OVERRIDES }), { reads });
    expect(staged.coverage).toEqual([
      { rule: 'repo["payments/*"]', repositories: [1, 2, 7] },
      { rule: 'repo["payments/legacy-*"]', repositories: [3] },
    ]);
    expect(planLines(staged.plan, { noOps: true })).toEqual(['+ repo["payments/web"].settings.default_branch  (rule "payments/*")']);
  });
});

describe('the objects a narrowed plan keeps', () => {
  const config = desired({ repositories: { 'payments/api': { monitored: true } }, rules: [['payments/*', { settings: MAIN }], ['platform/*', { settings: MAIN }]] });
  const reads = (scope: { targets?: string[]; excludes?: string[] }) => ({
    ruleScope: { targets: scope.targets ?? [], excludes: scope.excludes ?? [], literal: [{ name: 'payments/web' }] },
  });
  const expanded = (scope: { targets?: string[]; excludes?: string[] }): string[] =>
    expandRules(config, reads(scope), liveState({ repos: REPOS })).config.git.repositories.filter((e) => e.rule !== undefined).map((e) => `${JSON.stringify(e.ref)} ${e.rule}`);

  it.each([
    ['a rule\'s address: what the rule writes', { targets: ['repo["payments/*"]'] }, ['{"id":1} payments/*', '{"id":3} payments/*', '{"id":7} payments/*']],
    ['a repository by name', { targets: ['repo["platform/api"].settings'] }, ['{"id":6} platform/*']],
    ['a repository by id', { targets: ['repo[8]'] }, ['{"id":8} platform/*']],
    ['every repository but the excluded rule', { excludes: ['repo["payments/*"]'] }, ['{"id":6} platform/*', '{"id":8} platform/*']],
    ['a rule, but one repository excluded', { targets: ['repo["payments/*"].settings'], excludes: ['repo["payments/api"]'] }, ['{"id":3} payments/*', '{"id":7} payments/*']],
    ['a monitoring state only: no settings', { targets: ['repo["payments/api"].monitored'] }, []],
  ])('%s', (_name, scope, want) => {
    // payments/web is written by a literal key the narrowing left out: it still wins over the rule.
    expect(expanded(scope)).toEqual(want);
  });

  it('--changed-from: only repositories whose override set differs from the one they had at the ref', () => {
    const now = desired({ rules: [['payments/*', { settings: MAIN }], ['payments/legacy-*', { settings: DEV }], ['platform/*', { settings: BOTS }]] });
    const before = desired({
      repositories: { 'payments/api': { settings: MAIN }, 'platform/api': { settings: MAIN } },
      rules: [['payments/*', { settings: DEV }], ['platform/*', { settings: BOTS }]],
    });
    const reads = { ruleScope: { targets: [], excludes: [], literal: [], before: { rules: before.git.rules ?? [], literal: before.git.repositories } } };
    const repositories = expandRules(now, reads, liveState({ repos: REPOS })).config.git.repositories;
    // payments/api: literal MAIN then, rule MAIN now: unchanged. payments/web, /tools: DEV then, MAIN
    // now. legacy-billing: DEV then and now. platform/api: literal MAIN then, rule BOTS now.
    // platform/failing: BOTS then and now.
    expect(repositories.map((e) => `${JSON.stringify(e.ref)} ${e.rule}`)).toEqual(['{"id":7} payments/*', '{"id":2} payments/*', '{"id":6} platform/*']);
  });

  it('override sets compare in canonical form', () => {
    expect(settingsKey({ exclude_branches: { patterns: ['b', 'a'] } })).toBe(settingsKey({ exclude_branches: { patterns: ['a', 'b'] } }));
    expect(settingsKey({})).not.toBe(settingsKey(undefined));
  });
});

describe('the glob index', () => {
  const GLOBS = ['*', 'team-1/*', 'team-1/*-api', 'team-12?/*', '*-api', '?ib', '*a*', 'team-1/x', 'x*y*z'];
  const NAMES = ['team-1/a-api', 'team-12/b', 'team-123/svc', 'lib', 'xyz', 'x-y-z', 'team-1/x', 'b', '', 'api', 'zzz-api', 'team-1/'];

  it.each(NAMES)('meets every glob that matches %j and no other', (name) => {
    const index = new GlobIndex<string>();
    for (const glob of GLOBS) index.add(glob, glob);
    const found: string[] = [];
    index.forEachMatch(name, (glob) => found.push(glob));
    expect(found.sort()).toEqual(GLOBS.filter((g) => globToRegExp(g).test(name)).sort());
  });

  it('agrees with the plain expressions on generated globs and names', () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const word = (alphabet: string, max: number) => Array.from({ length: next(max) }, () => alphabet[next(alphabet.length)]).join('');
    const globs = Array.from({ length: 200 }, () => word('ab/*?', 7));
    const names = Array.from({ length: 300 }, () => word('ab/', 8));
    const index = new GlobIndex<number>();
    globs.forEach((g, i) => index.add(g, i));
    for (const name of names) {
      const found: number[] = [];
      index.forEachMatch(name, (i) => found.push(i));
      expect(found.sort((a, b) => a - b)).toEqual(globs.flatMap((g, i) => (globToRegExp(g).test(name) ? [i] : [])));
    }
  });
});
