// The read scope: which objects of the config a --target / --exclude set keeps, and so what the
// read plan reads (stageTwoReads of the narrowed config).

import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, desired } from '../builders.js';
import { countObjects, objectInScope, scopeDesired, withOtherSpellings } from '../../../src/core/reads/read-scope.js';
import { spellingsToResolve } from '../../../src/state/scope-repositories.js';
import { otherRepoSpelling } from '../../../src/core/address.js';
import { stageTwoReads } from '../../../src/core/reads/read-plan.js';

const config = desired({
  collection: { tracker: { boards: ['B1'] } },
  teams: {
    1: { pm: { tracker: { boards: ['B1'] }, work: { labels: ['x'] } }, git: { repositories: ['acme/a', 'acme/b'] } },
    2: { pm: { tracker: { boards: ['B2'] } }, git: { repositories: ['acme/c'] } },
  },
  defaults: { default_branch: 'main' } as never,
  monitoring: { include: ['acme/*'] },
  repositories: { 'acme/a': { settings: { default_branch: 'main' } as never }, 'acme/b': { monitored: true } },
});

describe('objectInScope', () => {
  const cases: [string, string[], string[], boolean][] = [
    ['team[1].pm.tracker', [], [], true],
    ['team[1].pm.tracker', ['team[1]'], [], true],
    ['team[1].pm.tracker', ['team[1].pm.tracker.boards'], [], true],
    ['team[1].pm.tracker', ['team[10]'], [], false],
    ['team[1].pm.tracker', ['team'], [], true],
    ['team[1].pm.tracker', ['team[1].git'], [], false],
    ['team[1].pm.tracker', ['team[1]'], ['team[1].pm'], false],
    // An exclude under the object leaves the object read (its other keys are planned).
    ['team[1].pm.tracker', ['team[1]'], ['team[1].pm.tracker.labels'], true],
    ['repo["acme/a"].settings', ['repo["acme/a"].settings.default_branch'], [], true],
    ['repo["acme/a"].settings', ['repo["acme/ab"]'], [], false],
    // Trailing dots and spaces on a target are ignored; a name with dots and brackets matches whole.
    ['team[1].pm.tracker', [' team[1]. '], [], true],
    ['repo["a.b[c]"].settings', ['repo["a.b[c]"]'], [], true],
    ['repo["a.b[c]"].settings', ['repo["a.b'], [], true],
    ['repo["a.b[c]"].settings', ['repo["a.bc'], [], false],
    ['team[1].pm', ['team[1].pm.tracker', 'team[2]'], [], true],
    ['team[1].pm', ['team[1].pmx', 'team[2]'], [], false],
  ];
  it.each(cases)('%s with targets %j, excludes %j: %s', (prefix, targets, excludes, expected) => {
    expect(objectInScope(prefix, { targets, excludes })).toBe(expected);
  });

  it('answers as matching every target one by one would, for a thousand targets at once (indexed, not scanned)', () => {
    const targets = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? `team[${i}].pm.tracker.boards` : `repo["org/r-${i}"].settings.default_branch`));
    const objects = ['team[0].pm.tracker', 'team[1].pm.tracker', 'team[998]', 'repo["org/r-1"].settings', 'repo["org/r-1"].monitored', 'repo["org/r-10"].settings', 'git.defaults.x'];
    const oneByOne = (o: string) => targets.some((t) => objectInScope(o, { targets: [t], excludes: [] }));
    expect(objects.map((o) => objectInScope(o, { targets, excludes: [] }))).toEqual(objects.map(oneByOne));
    expect(objects.map((o) => objectInScope(o, { targets, excludes: [] }))).toEqual([true, false, true, true, false, false, false]);
  });

  it('leaves out what one of a thousand excludes covers whole, as matching them one by one would', () => {
    const excludes = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? `team[${i}].pm` : `repo["org/r-${i}"]. `));
    const objects = ['team[0].pm.tracker', 'team[0].git', 'team[1].pm.tracker', 'team[998]', 'repo["org/r-1"].settings', 'repo["org/r-10"].settings', 'repo["org/r-1x"].monitored'];
    const oneByOne = (o: string) => excludes.every((e) => objectInScope(o, { targets: [], excludes: [e] }));
    expect(objects.map((o) => objectInScope(o, { targets: [], excludes }))).toEqual(objects.map(oneByOne));
    expect(objects.map((o) => objectInScope(o, { targets: [], excludes }))).toEqual([false, true, true, true, false, true, true]);
  });
});

describe('scopeDesired', () => {
  it('unscoped: the config itself', () => {
    const scoped = scopeDesired(config, { targets: [], excludes: [] });
    expect(scoped.desired).toBe(config);
    expect(scoped.scoped).toBe(false);
    expect(scoped.objects).toBe(countObjects(config, {}));
    expect(scoped.reads).toEqual({});
    // 1 set + 3 PM scopes + 2 Git scopes + 1 default + 1 override set + 1 monitored + patterns
    expect(scoped.objects).toBe(10);
  });

  it('one team: its scope reads and the names its Git scope needs, nothing else', () => {
    const { desired: d, reads: scope, objects, scoped } = scopeDesired(config, { targets: ['team[1]'], excludes: [] });
    expect(scoped).toBe(true);
    expect(objects).toBe(3);
    const reads = stageTwoReads(d, scope, INTEGRATIONS);
    expect(reads.teamPmScopes).toEqual([{ teamId: 1, integrationIds: [10, 11] }]);
    expect(reads.teamGitScopes).toEqual([1]);
    expect(reads.repositories).toEqual({ mode: 'probe', names: ['acme/a', 'acme/b'] });
    expect(reads.repositoryConfigIds).toEqual([]);
    expect(reads.orgConfig).toBe(false);
    // Boards for team 1's tracker scope (work is tracker_b: its labels are not an entity list).
    expect(reads.entities.map((e) => e.type).sort()).toEqual(['boards']);
  });

  it('one repository: its override set and monitoring (the patterns judged for it alone, read by name)', () => {
    const settings = scopeDesired(config, { targets: ['repo["acme/a"].settings'], excludes: [] });
    expect(settings.desired.teams).toEqual([]);
    expect(settings.desired.git.monitoring).toBeUndefined();
    expect(stageTwoReads(settings.desired, settings.reads, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/a'] });
    const whole = scopeDesired(config, { targets: ['repo["acme/b"]'], excludes: [] });
    expect(whole.desired.git.repositories.map((r) => r.monitored)).toEqual([true]);
    expect(whole.reads.monitoringScope).toEqual([{ name: 'acme/b' }]);
    expect(stageTwoReads(whole.desired, whole.reads, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/b'] });
    expect(stageTwoReads(whole.desired, whole.reads, INTEGRATIONS).monitoredTotal).toBe(true);
    // `repo` (every repository) judges the patterns over the whole list.
    const every = scopeDesired(config, { targets: ['repo'], excludes: [] });
    expect(every.reads.monitoringScope).toBeUndefined();
    expect(stageTwoReads(every.desired, every.reads, INTEGRATIONS).repositories).toEqual({ mode: 'all' });
  });

  it('repositories that --target/--exclude name are read, so a live one the config does not manage is known', () => {
    const d = scopeDesired(config, { targets: ['team[2].pm'], excludes: ['repo["acme/zz"]', 'repo[77]'] });
    expect(d.reads.scopeRepositories).toEqual([{ name: 'acme/zz' }, { id: 77 }]);
    expect(stageTwoReads(d.desired, d.reads, INTEGRATIONS).repositories).toEqual({ mode: 'all' });
    const one = scopeDesired(config, { targets: ['team[2].pm'], excludes: ['repo["acme/zz"]'] });
    expect(stageTwoReads(one.desired, one.reads, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/zz'] });
  });

  it('excludes drop only objects they cover whole', () => {
    const { desired: d } = scopeDesired(config, { targets: [], excludes: ['team[2]', 'repo', 'collection'] });
    expect(d.teams.map((t) => t.id)).toEqual([1]);
    expect(d.collection).toEqual([]);
    expect(d.git.monitoring).toBeUndefined();
    expect(d.git.repositories).toEqual([]);
    expect(Object.keys(d.git.defaults)).toEqual(['default_branch']);
  });
});

describe('a repository spelled the other way than the config writes it', () => {
  const repos = {
    byId: new Map([[5, { name: 'acme/a' }], [6, { name: 'acme/t' }], [7, { name: 'acme/t' }]]),
    byName: new Map([['acme/a', [{ id: 5 }]], ['acme/t', [{ id: 6 }, { id: 7 }]]]),
  };
  const cases: [string, string | undefined][] = [
    ['repo[5].settings.default_branch', 'repo["acme/a"].settings.default_branch'],
    ['repo["acme/a"].monitored', 'repo[5].monitored'],
    ['repo[5]', 'repo["acme/a"]'],
    // A name reaches every repository of that name: repo[6]'s object is also under its name, while
    // the name, on two repositories, is no one id.
    ['repo[6].settings', 'repo["acme/t"].settings'],
    ['repo[7]', 'repo["acme/t"]'],
    ['repo["acme/t"]', undefined],
    ['repo[9]', undefined],
    ['repo["acme/zz"]', undefined],
    ['team[5].git.repositories', undefined],
  ];
  it.each(cases)('otherRepoSpelling(%s) = %s', (address, other) => {
    expect(otherRepoSpelling(address, repos)).toBe(other);
  });

  const mixed = desired({
    monitoring: { include: ['acme/*'] },
    repositories: { 'acme/a': { settings: { default_branch: 'main' } as never }, '#9': { settings: { default_branch: 'dev' } as never } },
  });
  const resolveCases: [string, string[], string[], { ids: number[]; names: string[] }][] = [
    // An id the config does not write by id may be a repository it writes by name.
    ['id target, name entries with settings', ['repo[5]'], [], { ids: [5], names: [] }],
    ['id target of a settings key', ['repo[5].settings.default_branch'], [], { ids: [5], names: [] }],
    ['id the config writes by id', ['repo[9]'], [], { ids: [], names: [] }],
    // A name may be a repository the config writes by id, also one it writes by name (a name on
    // two Git integrations); the reader reads that name's lookup anyway, so it costs no request.
    ['name target, id entries with settings', ['repo["acme/x"].settings'], [], { ids: [], names: ['acme/x'] }],
    ['name the config writes', ['repo["acme/a"]'], [], { ids: [], names: ['acme/a'] }],
    // An exclude is applied after the diff under both spellings; only an id's existence may need a read.
    ['name exclude', ['team[1]'], ['repo["acme/x"]'], { ids: [], names: [] }],
    ['id exclude, read by name otherwise', ['team[1]'], ['repo[5]'], { ids: [5], names: [] }],
    // The whole list is read anyway (`repo` reaches repository 9, written by id): it tells.
    ['whole list anyway', ['repo', 'repo[5].monitored'], [], { ids: [], names: [] }],
  ];
  it.each(resolveCases)('spellingsToResolve: %s', (_, targets, excludes, expected) => {
    expect(spellingsToResolve(mixed, { targets, excludes })).toEqual(expected);
  });

  // A saved plan's targets (apply PLANFILE) are its changes' own addresses, spelled as the config
  // spells them: a name stands for the entry of that name alone, so none is looked up; an id is
  // still resolved where that spares the read the whole list.
  const asWrittenCases: [string, string[], { ids: number[]; names: string[] }][] = [
    ['override set written by name', ['repo["acme/a"].settings'], { ids: [], names: [] }],
    ['whole repository written by name', ['repo["acme/a"]'], { ids: [], names: [] }],
    ['override set written by id', ['repo[9].settings'], { ids: [], names: [] }],
    ['monitoring state of an id the config does not write', ['repo[5].monitored'], { ids: [5], names: [] }],
  ];
  it.each(asWrittenCases)('spellingsToResolve, targets as the config writes them: %s', (_, targets, expected) => {
    expect(spellingsToResolve(mixed, { targets, excludes: [] }, true)).toEqual(expected);
  });

  it('an id the spellings name reaches the repository written by name, read by that name', () => {
    const repositories = { names: new Map([[5, 'acme/a']]), ids: new Map<string, number[]>(), missing: new Set<number>() };
    const { desired: d, reads: scope } = scopeDesired(mixed, { targets: ['repo[5]'], excludes: [], repositories });
    expect(d.git.repositories.map((r) => r.ref)).toEqual([{ name: 'acme/a' }]);
    expect(scope.monitoringScope).toEqual([{ name: 'acme/a' }]);
    expect(stageTwoReads(d, scope, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/a'] });
    // Without the spelling, the id reaches nothing the config writes and takes the whole list.
    const { desired: blind, reads: blindScope } = scopeDesired(mixed, { targets: ['repo[5]'], excludes: [] });
    expect(blind.git.repositories).toEqual([]);
    expect(stageTwoReads(blind, blindScope, INTEGRATIONS).repositories).toEqual({ mode: 'all' });
  });

  it('a name the spellings know reaches the repository written by id, read by name and its configuration by id', () => {
    const repositories = { names: new Map<number, string>(), ids: new Map([['acme/z', [9]]]), missing: new Set<number>() };
    const { desired: d, reads: scope } = scopeDesired(mixed, { targets: ['repo["acme/z"].settings'], excludes: [], repositories });
    expect(d.git.repositories.map((r) => r.ref)).toEqual([{ id: 9 }]);
    expect(scope.repositoryNames).toEqual([{ id: 9, name: 'acme/z' }]);
    const reads = stageTwoReads(d, scope, INTEGRATIONS);
    expect(reads.repositories).toEqual({ mode: 'names', names: ['acme/z'] });
    expect(reads.repositoryConfigIds).toEqual([9]);
  });

  it('an id that is no repository is not read, and judges no monitoring', () => {
    const repositories = { names: new Map<number, string>(), ids: new Map<string, number[]>(), missing: new Set([77]) };
    const { desired: d, reads: scope } = scopeDesired(mixed, { targets: ['repo[77]'], excludes: [], repositories });
    expect(d.git.monitoring).toBeUndefined();
    expect(stageTwoReads(d, scope, INTEGRATIONS).repositories).toEqual({ mode: 'none' });
  });

  it('a name on two repositories reaches both entries the config writes by id', () => {
    const byId = desired({ repositories: { '#6': { settings: { default_branch: 'main' } as never }, '#7': { settings: { default_branch: 'dev' } as never } } });
    const repositories = { names: new Map<number, string>(), ids: new Map([['acme/t', [6, 7]]]), missing: new Set<number>() };
    const { desired: d, reads: scope, objects } = scopeDesired(byId, { targets: ['repo["acme/t"]'], excludes: [], repositories });
    expect(d.git.repositories.map((r) => r.ref)).toEqual([{ id: 6 }, { id: 7 }]);
    expect(objects).toBe(2);
    expect(scope.repositoryNames).toEqual([{ id: 6, name: 'acme/t' }, { id: 7, name: 'acme/t' }]);
  });

  it('withOtherSpellings: ids become names for targets only', () => {
    const repositories = { names: new Map([[5, 'acme/a']]), ids: new Map([['acme/z', [9]]]), missing: new Set<number>() };
    expect(withOtherSpellings(['repo[5].settings', 'repo["acme/z"]', 'team[1]'], repositories)).toEqual([
      'repo[5].settings',
      'repo["acme/a"].settings',
      'repo["acme/z"]',
      'repo[9]',
      'team[1]',
    ]);
    expect(withOtherSpellings(['repo[5].settings', 'repo["acme/z"]'], repositories, false)).toEqual(['repo[5].settings', 'repo["acme/z"]', 'repo[9]']);
  });
});
