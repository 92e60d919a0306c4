// Where each kind's objects sit in a config and live, by their addresses (each kind's shape.ts):
// what --target and --exclude know (core/target-check.ts knownAddresses gathers every kind's).

import { describe, expect, it } from 'vitest';
import type { DesiredConfig, DesiredTeam } from '../../../src/core/model.js';
import { EVERY_KIND, kindOf } from '../../../src/core/kinds/registry.js';
import type { ObjectKind } from '../../../src/core/plan-model.js';
import type { LiveSnapshot } from '../../../src/core/snapshot.js';
import { knownAddresses } from '../../../src/core/target-check.js';
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

const knownOf = (kind: ObjectKind) => [...(kindOf(kind).known?.(config, live) ?? [])];

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
    const all = knownAddresses(config, live, ['team[42].pm.tracker.boards']);
    expect(all[0]).toBe('team[42].pm.tracker.boards');
    expect(new Set(all)).toEqual(new Set(['team[42].pm.tracker.boards', ...EVERY_KIND.flatMap((k) => knownOf(k.kind))]));
    expect(all.length).toBe(new Set(all).size);
  });
});
