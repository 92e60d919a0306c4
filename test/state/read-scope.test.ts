// The read scope: which objects of the config a --target / --exclude set keeps, and so what the
// read plan reads (stageTwoReads of the narrowed config).

import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, desired } from '../core/builders.js';
import { countObjects, objectInScope, scopeDesired } from '../../src/state/read-scope.js';
import { stageTwoReads } from '../../src/state/read-plan.js';

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
});

describe('scopeDesired', () => {
  it('unscoped: the config itself', () => {
    const scoped = scopeDesired(config, { targets: [], excludes: [] });
    expect(scoped.desired).toBe(config);
    expect(scoped.scoped).toBe(false);
    expect(scoped.objects).toBe(countObjects(config));
    // 1 set + 3 PM scopes + 2 Git scopes + 1 default + 1 override set + 1 monitored + patterns
    expect(scoped.objects).toBe(10);
  });

  it('one team: its scope reads and the names its Git scope needs, nothing else', () => {
    const { desired: d, objects, scoped } = scopeDesired(config, { targets: ['team[1]'], excludes: [] });
    expect(scoped).toBe(true);
    expect(objects).toBe(3);
    const reads = stageTwoReads(d, INTEGRATIONS);
    expect(reads.teamPmScopes).toEqual([{ teamId: 1, integrationIds: [10, 11] }]);
    expect(reads.teamGitScopes).toEqual([1]);
    expect(reads.repositories).toEqual({ mode: 'probe', names: ['acme/a', 'acme/b'] });
    expect(reads.repositoryConfigIds).toEqual([]);
    expect(reads.orgConfig).toBe(false);
    // Boards for team 1's tracker scope (work is tracker_b: its labels are not an entity list).
    expect(reads.entities.map((e) => e.type).sort()).toEqual(['boards']);
  });

  it('one repository: its override set and monitoring (the patterns judged for it alone, read by name)', () => {
    const settings = scopeDesired(config, { targets: ['repo["acme/a"].settings'], excludes: [] }).desired;
    expect(settings.teams).toEqual([]);
    expect(settings.git.monitoring).toBeUndefined();
    expect(stageTwoReads(settings, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/a'] });
    const whole = scopeDesired(config, { targets: ['repo["acme/b"]'], excludes: [] }).desired;
    expect(whole.git.repositories.map((r) => r.monitored)).toEqual([true]);
    expect(whole.git.monitoringScope).toEqual([{ name: 'acme/b' }]);
    expect(stageTwoReads(whole, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/b'] });
    expect(stageTwoReads(whole, INTEGRATIONS).monitoredTotal).toBe(true);
    // `repo` (every repository) judges the patterns over the whole list.
    const every = scopeDesired(config, { targets: ['repo'], excludes: [] }).desired;
    expect(every.git.monitoringScope).toBeUndefined();
    expect(stageTwoReads(every, INTEGRATIONS).repositories).toEqual({ mode: 'all' });
  });

  it('repositories that --target/--exclude name are read, so a live one the config does not manage is known', () => {
    const d = scopeDesired(config, { targets: ['team[2].pm'], excludes: ['repo["acme/zz"]', 'repo[77]'] }).desired;
    expect(d.git.scopeRepositories).toEqual([{ name: 'acme/zz' }, { id: 77 }]);
    expect(stageTwoReads(d, INTEGRATIONS).repositories).toEqual({ mode: 'all' });
    const one = scopeDesired(config, { targets: ['team[2].pm'], excludes: ['repo["acme/zz"]'] }).desired;
    expect(stageTwoReads(one, INTEGRATIONS).repositories).toEqual({ mode: 'names', names: ['acme/zz'] });
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
