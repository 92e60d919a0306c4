// The pure "what to read" rules: which lists, which filters, how many calls, from the config alone.

import { describe, expect, it } from 'vitest';
import type { Integration, PmEntity } from '../../../src/contract/types.js';
import type { DesiredConfig, DesiredPmScope, DesiredTeam } from '../../../src/core/model.js';
import { finishFullList, repositoryReads, stageTwoReads, usedByReads } from '../../../src/core/reads/read-plan.js';
import { listKey } from '../../../src/core/snapshot.js';

function integration(id: number, provider: Integration['provider'], extra: Partial<Integration> = {}): Integration {
  return { id, type: provider.startsWith('tracker') ? 'pm' : 'git', provider, name: `Integration ${id}`, state: 'ok', auth_type: 'oauth', ...extra };
}

const LIVE: Integration[] = [integration(10, 'tracker_a', { name: 'Acme Tracker' }), integration(11, 'tracker_b'), integration(20, 'host_a')];

function config(partial: Partial<Omit<DesiredConfig, 'git'>> & { git?: Partial<DesiredConfig['git']> } = {}): DesiredConfig {
  return {
    version: 1,
    files: ['emctl.yaml'],
    integrations: [
      { alias: 'tracker', name: 'Acme Tracker' },
      { alias: 'work', id: 11 },
      { alias: 'code', id: 20 },
    ],
    collection: [],
    teams: [],
    safety: { thresholds: {}, protected: [] },
    drift: { ignore: [] },
    sourceMap: { locate: () => undefined },
    ...partial,
    git: { defaults: {}, repositories: [], ...partial.git },
  };
}

function team(id: number, pm: Omit<DesiredPmScope, 'path'>[], git?: DesiredTeam['git']): DesiredTeam {
  const t: DesiredTeam = { key: { id }, id, pm: pm.map((s) => ({ ...s, path: ['teams', String(id), 'pm'] })), path: ['teams', String(id)] };
  if (git) t.git = git;
  return t;
}

describe('stage 2 reads', () => {
  it('reads nothing but the org configuration for a config that only sets defaults', () => {
    const reads = stageTwoReads(config({ git: { defaults: { active_branches_duration: { days: 7 } } } }), {}, LIVE);
    expect(reads).toEqual({
      entities: [],
      teamPmScopes: [],
      teamGitScopes: [],
      repositories: { mode: 'none' },
      repositoryConfigIds: [],
      orgConfig: true,
      monitoredTotal: false,
    });
  });

  it('reads a selection set in full, without used_by, with include_invalid (a selected unreachable entity must show)', () => {
    const c = config({ collection: [{ integration: 'tracker', entityType: 'boards', entities: [{ id: '101' }], path: [] }] });
    expect(stageTwoReads(c, {}, LIVE).entities).toEqual([
      { type: 'boards', integrationIds: [10], includeInvalid: true, withUsedBy: false, selectedOnly: false },
    ]);
  });

  it('covers every integration needing a type with one call sequence, and reads each team once for all its integrations', () => {
    const c = config({
      collection: [{ integration: 'tracker', entityType: 'projects', entities: [], path: [] }],
      teams: [
        team(42, [
          { integration: 'tracker', boards: [{ id: '101' }], labels: ['backend'], fields: [] },
          { integration: 'work', project_team_areas: [{ project: { id: 'proj-1' }, team: { id: 'team-1' }, areas: [{ id: 'area-1' }] }] },
        ]),
        team(43, [{ integration: 10 }]),
      ],
    });
    const reads = stageTwoReads(c, {}, LIVE);
    // Every list with include_invalid, scope-only types too: a team scope may hold an entity the
    // provider no longer exposes, and a config keeping it must resolve it.
    expect(reads.entities).toEqual([
      { type: 'areas', integrationIds: [11], includeInvalid: true, withUsedBy: false, selectedOnly: false },
      { type: 'boards', integrationIds: [10], includeInvalid: true, withUsedBy: false, selectedOnly: false },
      { type: 'labels', integrationIds: [10], includeInvalid: true, withUsedBy: false, selectedOnly: false },
      // One sequence for both providers' projects.
      { type: 'projects', integrationIds: [10, 11], includeInvalid: true, withUsedBy: false, selectedOnly: false },
      { type: 'teams', integrationIds: [11], includeInvalid: true, withUsedBy: false, selectedOnly: false },
    ]);
    expect(reads.teamPmScopes).toEqual([
      { teamId: 42, integrationIds: [10, 11] },
      { teamId: 43, integrationIds: [10] },
    ]);
  });

  it('never reads for an unknown alias, a Git integration or a type the provider lacks (the planner reports those)', () => {
    const c = config({
      collection: [
        { integration: 'nope', entityType: 'boards', entities: [], path: [] },
        { integration: 'code', entityType: 'boards', entities: [], path: [] },
        { integration: 'work', entityType: 'boards', entities: [], path: [] },
      ],
      teams: [team(42, [{ integration: 'nope', boards: [{ id: '1' }] }])],
    });
    const reads = stageTwoReads(c, {}, LIVE);
    expect(reads.entities).toEqual([]);
    expect(reads.teamPmScopes).toEqual([]);
  });

  it('splits more than 50 integrations into chunks', () => {
    const many = Array.from({ length: 60 }, (_, n) => integration(100 + n, 'tracker_a'));
    const c = config({
      integrations: [],
      collection: many.map((i) => ({ integration: i.id, entityType: 'boards' as const, entities: [], path: [] })),
      teams: [team(42, many.map((i) => ({ integration: i.id })))],
    });
    const reads = stageTwoReads(c, {}, many);
    expect(reads.entities.map((s) => s.integrationIds.length)).toEqual([50, 10]);
    expect(reads.teamPmScopes.map((s) => s.integrationIds.length)).toEqual([50, 10]);
  });

  it('reads Git scopes of teams with a git block, configs of repositories named by id at once, the org config when defaults are written', () => {
    const c = config({
      teams: [team(42, [], { repositories: [], services: [], path: [] }), team(43, [])],
      git: {
        defaults: {},
        repositories: [
          { ref: { id: 7 }, settings: {}, path: [] },
          { ref: { id: 8 }, monitored: true, path: [] },
          { ref: { name: 'acme/api' }, settings: {}, path: [] },
        ],
      },
    });
    const reads = stageTwoReads(c, {}, LIVE);
    expect(reads.teamGitScopes).toEqual([42]);
    expect(reads.repositoryConfigIds).toEqual([7]);
    expect(reads.orgConfig).toBe(false);
  });
});

describe('repository list rule', () => {
  const named = (...names: string[]) => config({ git: { defaults: {}, repositories: names.map((name) => ({ ref: { name }, settings: {}, path: [] })) } });

  it('needs the whole list for monitoring patterns or any repository named by id', () => {
    expect(repositoryReads(config({ git: { defaults: {}, repositories: [], monitoring: { include: ['acme/*'], exclude: [], path: [] } } }), {})).toEqual({ mode: 'all' });
    expect(repositoryReads(config({ teams: [team(1, [], { repositories: [{ name: 'a' }, { id: 5 }], services: [], path: [] })] }), {})).toEqual({ mode: 'all' });
  });

  it('looks a single name up directly, probes for several, reads nothing for none', () => {
    expect(repositoryReads(config(), {})).toEqual({ mode: 'none' });
    expect(repositoryReads(named('acme/api', 'acme/api'), {})).toEqual({ mode: 'names', names: ['acme/api'] });
    expect(repositoryReads(named('b', 'a', 'c'), {})).toEqual({ mode: 'probe', names: ['a', 'b', 'c'] });
  });

  it('finishes the list after the probe only when the pages left cost no more than the names', () => {
    expect(finishFullList(0, ['a', 'b'])).toBe(true);
    expect(finishFullList(100, ['a', 'b'])).toBe(true); // nothing left to read
    expect(finishFullList(300, ['a', 'b'])).toBe(true); // 2 pages left = 2 names: tie goes to the complete list
    expect(finishFullList(301, ['a', 'b'])).toBe(false); // 3 pages left > 2 names
    expect(finishFullList(10_000, ['a', 'b', 'c'])).toBe(false);
  });
});

describe('stage 3: used_by only for dropped selected entities', () => {
  const entity = (id: string, selected: boolean, name = `Board ${id}`): PmEntity => ({ entity_provider_id: id, name, state: 'active', is_selected_for_collection: selected });
  const lists = new Map([[listKey(10, 'boards'), [entity('101', true), entity('102', true, 'Checkout'), entity('103', false)]]]);

  it('reads the selected entities again with used_by when the desired set drops one', () => {
    const c = config({ collection: [{ integration: 'tracker', entityType: 'boards', entities: [{ id: '101' }, { id: '103' }], path: [] }] });
    expect(usedByReads(c, LIVE, lists)).toEqual([{ type: 'boards', integrationIds: [10], includeInvalid: true, withUsedBy: true, selectedOnly: true }]);
  });

  it('reads nothing more when every selected entity stays (by id or by name)', () => {
    const c = config({ collection: [{ integration: 'tracker', entityType: 'boards', entities: [{ id: '101' }, { name: 'Checkout' }, { id: '103' }], path: [] }] });
    expect(usedByReads(c, LIVE, lists)).toEqual([]);
  });

  it('matches an id entry by id only and a name entry by name only', () => {
    const drop = [{ type: 'boards', integrationIds: [10], includeInvalid: true, withUsedBy: true, selectedOnly: true }];
    const table: { entities: DesiredConfig['collection'][number]['entities']; reads: unknown[] }[] = [
      { entities: [{ id: '101' }, { name: '102' }], reads: drop }, // 102 is an id, not a name: dropped
      { entities: [{ id: '101' }, { id: 'Checkout' }], reads: drop }, // Checkout is a name, not an id
      { entities: [{ name: 'Board 101' }, { name: 'Checkout' }], reads: [] },
      { entities: [{ name: 'Board 101' }, { id: '102' }, { name: 'Board 103' }], reads: [] },
      { entities: [], reads: drop },
    ];
    for (const row of table) {
      const c = config({ collection: [{ integration: 'tracker', entityType: 'boards', entities: row.entities, path: [] }] });
      expect(usedByReads(c, LIVE, lists), JSON.stringify(row.entities)).toEqual(row.reads);
    }
  });
});
