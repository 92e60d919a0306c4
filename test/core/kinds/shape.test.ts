// Where each kind's objects sit in a config and live, by their addresses (each kind's shape.ts):
// what --target and --exclude know (core/target-check.ts knownAddresses gathers every kind's), and
// what a kind keeps of its part of a config narrowed to some objects (core/reads/narrow.ts walks
// the config and asks every kind; test/core/reads/narrow.test.ts tests the whole), and the syntax
// of its addresses (core/target-check.ts dispatches on the first word and the entry's key;
// test/core/target-check.test.ts tests the whole).

import { describe, expect, it } from 'vitest';
import type { DesiredConfig, DesiredRepository, DesiredTeam, RepoRef } from '../../../src/core/model.js';
import type { Narrowing } from '../../../src/core/kinds/shared/narrowing.js';
import { EVERY_KIND, kindOf } from '../../../src/core/kinds/registry.js';
import type { ObjectKind } from '../../../src/core/plan-model.js';
import type { LiveSnapshot } from '../../../src/core/snapshot.js';
import { ADDRESS_SYNTAX, knownAddresses } from '../../../src/core/target-check.js';
import { countObjects } from '../../../src/core/reads/read-scope.js';
import { repoAddress } from '../../../src/core/kinds/shared/addresses.js';
import { desired, liveState, repo } from '../builders.js';

/** A team keyed by name with its properties and member set, and a team keyed by id writing only its Git scope. */
function withTeams(config: DesiredConfig): DesiredConfig {
  const named: DesiredTeam = { key: { name: 'Payments' }, id: 7, name: 'Payments', parent: null, color: '#fff', members: [{ email: 'bo@acme.io' }], pm: [{ integration: 'tracker', boards: [{ id: '1' }], path: [] }], path: [] };
  const byId: DesiredTeam = { key: { id: 42 }, id: 42, initials: 'PL', pm: [], git: { repositories: [], services: [], path: [] }, path: [] };
  return { ...config, teams: [named, byId] };
}

const config = withTeams(
  desired({
    collection: { tracker: { boards: ['101', { name: 'Growth' }, { name: 'Nowhere' }] } },
    defaults: { default_branch: { branch_name: 'main' } },
    repositories: { 'acme/api': { monitored: true }, '#1234': { settings: {} } },
    rules: [['payments/*', { settings: {} }]],
  }),
);
const live: LiveSnapshot = liveState({
  entities: { 10: { boards: ['101', { id: '102', name: 'Growth' }, { id: '103', name: 'Old', selected: true }] } },
  repos: [repo(5, 'acme/web')],
});

const knownOf = (kind: ObjectKind): string[] => {
  const known: string[] = [];
  kindOf(kind).known?.(config, live, (address) => known.push(address));
  return known;
};

describe('each kind knows the addresses of its objects, as --target names them', () => {
  it.each<[ObjectKind, string[]]>([
    // The set, each entity written that resolves (by id, or by name against the list read), and each selected live.
    ['selection', ['collection.tracker.boards', 'collection.tracker.boards["101"]', 'collection.tracker.boards["102"]', 'collection.tracker.boards["103"]']],
    // A team's properties as written, and a team keyed by name itself (it may be created).
    ['team', ['team["Payments"].name', 'team["Payments"].parent', 'team["Payments"].color', 'team["Payments"]', 'team[42].initials']],
    ['team-members', ['team["Payments"].members']],
    // Every key of a scope written, whether or not the scope writes the key.
    ['pm-scope', ['boards', 'epics', 'labels', 'fields', 'project_team_areas'].map((k) => `team["Payments"].pm.tracker.${k}`)],
    ['methodology', ['team["Payments"].pm.tracker.methodology']],
    ['git-scope', ['team[42].git.repositories', 'team[42].git.services']],
    ['org-default', ['git.defaults.default_branch']],
    // Each repository the config or the live state has (its override set lies under it), and each rule.
    ['repo-override', ['repo["acme/api"]', 'repo[1234]', 'repo["acme/web"]', 'repo[5]', 'repo["payments/*"]']],
    ['monitoring', ['repo["acme/api"]', 'repo[1234]', 'repo["acme/web"]', 'repo[5]']],
  ])('%s', (kind, expected) => {
    expect(knownOf(kind)).toEqual(expected);
  });

  it('every kind says where its objects sit', () => {
    expect(EVERY_KIND.filter((k) => k.known === undefined).map((k) => k.kind)).toEqual([]);
  });

  it('an empty config knows only the live repositories', () => {
    expect(knownAddresses(desired(), live)).toEqual(['repo["acme/web"]', 'repo[5]']);
  });

  it('knownAddresses: the plan change addresses, then every kind\'s, each once', () => {
    const given = EVERY_KIND.flatMap((k) => knownOf(k.kind));
    const all = knownAddresses(config, live, ['team[42].pm.tracker.boards']);
    expect(all[0]).toBe('team[42].pm.tracker.boards');
    expect(new Set(all)).toEqual(new Set(['team[42].pm.tracker.boards', ...given]));
    // Both repository kinds give every repository: the list holds each address once all the same.
    expect(given.filter((a) => a === 'repo["acme/web"]')).toHaveLength(2);
    expect(all.filter((a) => a === 'repo["acme/web"]')).toHaveLength(1);
  });
});

/** A narrowing keeping the objects at these addresses, the properties and members of these teams, and (when said) the patterns and rules. */
function keeping(objects: string[], teams: { properties?: string[]; members?: string[] } = {}, flags: { monitoring?: boolean; rules?: boolean } = {}, otherSpelling?: Record<string, string>): Narrowing {
  const kept = new Set(objects);
  return {
    keeps: (object) => kept.has(object),
    keepsTeamProperties: (team) => teams.properties?.includes(team) === true,
    keepsTeamMembers: (team) => teams.members?.includes(team) === true,
    ...(otherSpelling === undefined ? {} : { otherSpelling: (object: string) => otherSpelling[object] }),
    monitoring: flags.monitoring === true,
    rules: flags.rules === true,
  };
}

/** What `kind` keeps of its part outside the entries: the config parts it touched. */
function narrowedConfig(kind: ObjectKind, by: Narrowing): Pick<DesiredConfig, 'collection'> & { git: Partial<DesiredConfig['git']> } {
  const kept: DesiredConfig = { ...config, git: { ...config.git } };
  kindOf(kind).narrowing?.config?.(config, kept, by);
  const { defaults, rules, monitoring } = kept.git;
  return { collection: kept.collection, git: { defaults, ...(rules === undefined ? {} : { rules }), ...(monitoring === undefined ? {} : { monitoring }) } };
}

describe('each kind keeps its part of a config narrowed', () => {
  const patterns = { include: ['acme/*'], exclude: [], path: [] };
  const withMonitoring: DesiredConfig = { ...config, git: { ...config.git, monitoring: patterns } };

  it('selection: the sets kept, each whole', () => {
    expect(narrowedConfig('selection', keeping(['collection.tracker.boards'])).collection).toEqual(config.collection);
    expect(narrowedConfig('selection', keeping(['collection.tracker.boards["101"]'])).collection).toEqual([]);
  });

  it('org-default: the sections kept', () => {
    expect(narrowedConfig('org-default', keeping(['git.defaults.default_branch'])).git.defaults).toEqual({ default_branch: { branch_name: 'main' } });
    expect(narrowedConfig('org-default', keeping([])).git.defaults).toEqual({});
  });

  it('repo-override: the rules together or not at all, and only when there are some', () => {
    expect(narrowedConfig('repo-override', keeping([], {}, { rules: true })).git.rules).toEqual(config.git.rules);
    expect(narrowedConfig('repo-override', keeping([], {}, { rules: false })).git.rules).toBeUndefined();
    const none: DesiredConfig = { ...config, git: { ...config.git, rules: [] } };
    const kept: DesiredConfig = { ...none, git: { ...none.git } };
    kindOf('repo-override').narrowing?.config?.(none, kept, keeping([], {}, { rules: true }));
    expect(kept.git.rules).toBeUndefined();
  });

  it('monitoring: the patterns when kept', () => {
    for (const monitoring of [true, false]) {
      const kept: DesiredConfig = { ...withMonitoring, git: { ...withMonitoring.git } };
      kindOf('monitoring').narrowing?.config?.(withMonitoring, kept, keeping([], {}, { monitoring }));
      expect(kept.git.monitoring).toEqual(monitoring ? patterns : undefined);
    }
  });

  const [named, byId] = config.teams as [DesiredTeam, DesiredTeam];
  /** What `kind` keeps of a team entry: whether anything, and the entry's parts left. */
  const teamPart = (kind: ObjectKind, team: DesiredTeam, by: Narrowing) => {
    const kept: DesiredTeam = { ...team };
    const any = kindOf(kind).narrowing?.team?.(team, kept, by);
    return { any, parts: (['name', 'parent', 'initials', 'color', 'members', 'git'] as const).filter((p) => kept[p] !== undefined), pm: kept.pm.length };
  };

  it.each<[string, ObjectKind, DesiredTeam, Narrowing, { any: boolean | undefined; parts: string[]; pm: number }]>([
    ['team: its properties kept together', 'team', named, keeping([], { properties: ['team["Payments"]'] }), { any: true, parts: ['name', 'parent', 'color', 'members'], pm: 1 }],
    ['team: left out, a name key keeps its name (the key)', 'team', named, keeping([]), { any: false, parts: ['name', 'members'], pm: 1 }],
    ['team: left out, an id key loses its properties', 'team', byId, keeping([]), { any: false, parts: ['git'], pm: 0 }],
    ['team: kept with none written, still kept (the team itself)', 'team', { ...byId, initials: undefined }, keeping([], { properties: ['team[42]'] }), { any: true, parts: ['git'], pm: 0 }],
    ['team-members: the member set kept', 'team-members', named, keeping([], { members: ['team["Payments"]'] }), { any: true, parts: ['name', 'parent', 'color', 'members'], pm: 1 }],
    ['team-members: left out', 'team-members', named, keeping([]), { any: false, parts: ['name', 'parent', 'color'], pm: 1 }],
    ['team-members: none written, nothing kept', 'team-members', byId, keeping([], { members: ['team[42]'] }), { any: false, parts: ['initials', 'git'], pm: 0 }],
    ['pm-scope: the scopes kept, by integration', 'pm-scope', named, keeping(['team["Payments"].pm.tracker']), { any: true, parts: ['name', 'parent', 'color', 'members'], pm: 1 }],
    ['pm-scope: a key alone keeps no scope (scopes are kept whole)', 'pm-scope', named, keeping(['team["Payments"].pm.tracker.boards']), { any: false, parts: ['name', 'parent', 'color', 'members'], pm: 0 }],
    ['git-scope: the scope kept', 'git-scope', byId, keeping(['team[42].git']), { any: true, parts: ['initials', 'git'], pm: 0 }],
    ['git-scope: left out', 'git-scope', byId, keeping([]), { any: false, parts: ['initials'], pm: 0 }],
    ['methodology: kept with its PM scope', 'methodology', named, keeping([]), { any: undefined, parts: ['name', 'parent', 'color', 'members'], pm: 1 }],
  ])('%s', (_name, kind, team, by, expected) => {
    expect(teamPart(kind, team, by)).toEqual(expected);
  });

  const [monitored, overridden] = config.git.repositories as [DesiredRepository, DesiredRepository];
  /** What `kind` keeps of a repository entry: whether anything, the parts left, and the literal override sets left out. */
  const repositoryPart = (kind: ObjectKind, entry: DesiredRepository, by: Narrowing) => {
    const kept: DesiredRepository = { ...entry };
    const literal: RepoRef[] = [];
    const part = kindOf(kind).narrowing?.repository;
    const any = part?.keeps(entry, by, { repo: repoAddress(entry.ref), literal });
    if (any === false) part?.leaveOut(kept);
    return { any, parts: (['monitored', 'settings'] as const).filter((p) => kept[p] !== undefined), literal };
  };

  it.each<[string, ObjectKind, DesiredRepository, Narrowing, { any: boolean | undefined; parts: string[]; literal: RepoRef[] }]>([
    ['repo-override: the override set kept', 'repo-override', overridden, keeping(['repo[1234].settings']), { any: true, parts: ['settings'], literal: [] }],
    ['repo-override: kept under the other spelling', 'repo-override', overridden, keeping(['repo["acme/lib"].settings'], {}, {}, { 'repo[1234].settings': 'repo["acme/lib"].settings' }), { any: true, parts: ['settings'], literal: [] }],
    ['repo-override: left out, still winning over the rules', 'repo-override', overridden, keeping(['repo[1234].monitored']), { any: false, parts: [], literal: [{ id: 1234 }] }],
    ['repo-override: none written', 'repo-override', monitored, keeping(['repo["acme/api"].settings']), { any: false, parts: ['monitored'], literal: [] }],
    ['monitoring: the state kept', 'monitoring', monitored, keeping(['repo["acme/api"].monitored']), { any: true, parts: ['monitored'], literal: [] }],
    ['monitoring: kept under the other spelling', 'monitoring', monitored, keeping(['repo[9].monitored'], {}, {}, { 'repo["acme/api"].monitored': 'repo[9].monitored' }), { any: true, parts: ['monitored'], literal: [] }],
    ['monitoring: left out', 'monitoring', monitored, keeping(['repo["acme/api"].settings']), { any: false, parts: [], literal: [] }],
  ])('%s', (_name, kind, entry, by, expected) => {
    expect(repositoryPart(kind, entry, by)).toEqual(expected);
  });

  it.each<[ObjectKind, boolean[], boolean[]]>([
    // [kind, in the named team and the id-keyed team, in the monitored entry and the overridden one]
    ['team', [true, true], [false, false]],
    ['team-members', [true, false], [false, false]],
    ['pm-scope', [true, false], [false, false]],
    ['git-scope', [false, true], [false, false]],
    ['repo-override', [false, false], [false, true]],
    ['monitoring', [false, false], [true, false]],
  ])("%s says which entries write something of it (apply's own-result check reads those)", (kind, inTeams, inRepositories) => {
    const n = kindOf(kind).narrowing;
    expect([named, byId].map((t) => n?.inTeam?.(t) === true)).toEqual(inTeams);
    expect([monitored, overridden].map((e) => n?.inRepository?.(e) === true)).toEqual(inRepositories);
  });

  it('a name key alone is read (the team list resolves it), an id key alone is not', () => {
    const bare = (team: DesiredTeam): DesiredTeam => ({ key: team.key, pm: [], path: [] });
    expect(EVERY_KIND.some((k) => k.narrowing?.inTeam?.(bare(named)) === true)).toBe(true);
    expect(EVERY_KIND.some((k) => k.narrowing?.inTeam?.(bare(byId)) === true)).toBe(false);
  });
});

describe('each kind says the syntax of its addresses', () => {
  const syntaxOf = (kind: ObjectKind) => kindOf(kind).syntax;

  it.each<[ObjectKind, string, string | undefined]>([
    ['selection', 'collection.tracker.boards["101"]', undefined],
    ['selection', 'collection.tracker.epics', '"epics" is not a selectable entity type (one of boards, projects)'],
    ['selection', 'collection.tracker.boards[101]', 'the entity id goes in double quotes: [101] -> ["..."]'],
    ['org-default', 'git.defaults.default_branch', undefined],
    ['org-default', 'git.repositories', '"git.repositories" is not an address: org settings are git.defaults.SECTION, repositories repo["NAME"]'],
    ['org-default', 'git.defaults.a.b', 'an org default address ends at its section: git.defaults.default_branch'],
  ])('%s: %s', (kind, address, problem) => {
    expect(syntaxOf(kind)?.problem?.(address)).toBe(problem);
  });

  it.each<[ObjectKind, string[], string | undefined]>([
    // The words after a team's or a repository's key, split at dots.
    ['team', ['parent'], undefined],
    ['team', ['parent', 'x'], "a team's parent address ends there: team[42].parent"],
    ['team-members', ['members'], undefined],
    ['team-members', ['members', 'x'], "a team's members address ends there: team[42].members"],
    ['pm-scope', ['pm', 'tracker', 'methodology'], undefined],
    ['pm-scope', ['pm', '9x'], '"9x" is not an integration alias or id'],
    ['pm-scope', ['pm', 'tracker', 'nope'], '"nope" is not a PM scope key (one of boards, epics, labels, fields, project_team_areas, methodology)'],
    ['pm-scope', ['pm', 'tracker', 'boards', 'x'], 'a PM scope address ends at its key: team[42].pm.ALIAS.boards'],
    ['git-scope', ['git', 'services'], undefined],
    ['git-scope', ['git', 'nope'], '"nope" is not a Git scope key (one of repositories, services)'],
    ['repo-override', ['settings', 'default_branch'], undefined],
    ['repo-override', ['settings', 'default_branch', 'x'], 'a repository setting address ends at its section: repo["acme/api"].settings.default_branch'],
    ['monitoring', ['monitored'], undefined],
    ['monitoring', ['monitored', 'x'], 'repo[...].monitored has nothing under it'],
  ])('%s: %j', (kind, words, problem) => {
    expect(syntaxOf(kind)?.part?.problem(words)).toBe(problem);
  });

  it('a member by email is a member set address whole, dots and all', () => {
    const part = syntaxOf('team-members')?.part;
    expect(['.members["bo@acme.io"]', '.members[512]', '.members["a"].x', '.members'].map((rest) => part?.whole?.(rest) === true)).toEqual([true, true, false, false]);
  });

  it('every word after a key is one kind\'s; the methodology is written within its PM scope', () => {
    for (const entry of ['team', 'repo']) {
      const words = EVERY_KIND.flatMap((k) => (k.syntax?.entry === entry ? (k.syntax.part?.words ?? []) : []));
      expect(words.length).toBe(new Set(words).size);
    }
    expect(EVERY_KIND.filter((k) => k.syntax === undefined).map((k) => k.kind)).toEqual(['methodology']);
  });

  it('the usage error shows each entry with its kinds\' parts, in the order of the config file', () => {
    expect(ADDRESS_SYNTAX).toEqual([
      'collection[.ALIAS[.boards|.projects[["ID"]]]]',
      'team[ID] | team["NAME"] [.name|.parent|.initials|.color|.members[[ID|"EMAIL"]] | .pm[.ALIAS[.boards|.epics|.labels|.fields|.project_team_areas|.methodology]] | .git[.repositories|.services]]',
      'git.defaults[.SECTION]',
      'repo["NAME"] | repo[ID] [.settings[.SECTION] | .monitored]',
      'repo["GLOB"][.settings[.SECTION]]  (a rule: every repository it writes)',
    ]);
  });
});

describe('how many objects each kind writes in a config', () => {
  it.each([
    ['selection', 1],
    ['team', 2],
    ['team-members', 1],
    ['pm-scope', 1],
    ['methodology', 0],
    ['git-scope', 1],
    ['org-default', 1],
    ['repo-override', 1],
    ['monitoring', 1],
  ] as const)('%s: %i', (kind, n) => {
    expect(kindOf(kind).count?.(config) ?? 0).toBe(n);
  });

  it('the config as a scoped plan counts it: every kind, and each settings rule', () => {
    expect(countObjects(config, {})).toBe(1 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1);
    const patterns: DesiredConfig = { ...config, git: { ...config.git, monitoring: { include: ['acme/*'], exclude: [], path: [] } } };
    expect(countObjects(patterns, {})).toBe(countObjects(config, {}) + 1);
  });
});
