// What the team scope answers already resolve (src/state/scope-answers.ts): which entity lists
// they stand in for, and which team Git scope repositories need no lookup. Table tests of the
// pure rules; the end-to-end counts are in test/e2e/plan-request-count.test.ts.

import { describe, expect, it } from 'vitest';
import type { Integration, PmScope, TeamPmScopeResponse } from '../../src/contract/types.js';
import type { TeamGitScopeResponse } from '../../src/contract/git-types.js';
import type { DesiredConfig, DesiredPmScope, DesiredTeam, RepoRef } from '../../src/core/model.js';
import { entityListsAnswered, repositoriesAnswered } from '../../src/state/scope-answers.js';

const INTEGRATIONS: Integration[] = [
  { id: 10, type: 'pm', provider: 'tracker_a', name: 'Tracker', state: 'ok', auth_type: 'oauth' },
  { id: 11, type: 'pm', provider: 'tracker_b', name: 'Work', state: 'ok', auth_type: 'pat' },
];

function config(teams: DesiredTeam[]): DesiredConfig {
  return {
    version: 1,
    files: ['emctl.yaml'],
    integrations: [
      { alias: 'tracker', id: 10 },
      { alias: 'work', id: 11 },
    ],
    collection: [],
    teams,
    safety: { thresholds: {}, protected: [] },
    drift: { ignore: [] },
    sourceMap: { locate: () => undefined },
    git: { defaults: {}, repositories: [] },
  };
}

function pmTeam(scope: Omit<DesiredPmScope, 'path' | 'integration'>, integration = 'tracker'): DesiredTeam {
  return { key: { id: 42 }, id: 42, pm: [{ integration, ...scope, path: [] }], path: [] };
}

function pmAnswer(scope: PmScope, integrationId = 10): Map<number, TeamPmScopeResponse> {
  const provider = integrationId === 10 ? 'tracker_a' : 'tracker_b';
  return new Map([[42, { team_id: 42, team_name: 'Payments', items: [{ integration_id: integrationId, provider, integration_name: 'x', scope, methodology: 'Scrum' }] }]]);
}

const ids = (...list: string[]) => list.map((id) => ({ id }));
const refs = (...list: string[]) => list.map((entity_provider_id) => ({ entity_provider_id, name: `name of ${entity_provider_id}` }));

describe('entityListsAnswered', () => {
  it.each([
    ['boards the answer names, fewer than live (a trim)', { boards: ids('101') }, { boards: refs('101', '102') }, ['10/boards']],
    ['the same boards as live', { boards: ids('101', '102') }, { boards: refs('101', '102') }, ['10/boards']],
    ['a board the answer does not name', { boards: ids('101', '103') }, { boards: refs('101') }, []],
    ['a board by name: the list resolves names', { boards: [{ name: 'name of 101' }] }, { boards: refs('101') }, []],
    ['labels by name, which is their id', { labels: ['backend'] }, { labels: [{ name: 'backend' }, { name: 'web' }] }, ['10/labels']],
    ['a field with another value: the field is named', { fields: [{ field: { id: 'cf1' }, value: ['B'] }] }, { fields: [{ entity_provider_id: 'cf1', value: ['A'] }] }, ['10/fields']],
    ['boards answered, an epic not', { boards: ids('101'), epics: ids('EP-9') }, { boards: refs('101'), epics: refs('EP-7') }, ['10/boards']],
    ['an empty key names nothing', { boards: [] }, {}, []],
  ] as const)('%s', (_, desired, live, answered) => {
    const lists = entityListsAnswered(config([pmTeam(desired as Omit<DesiredPmScope, 'path' | 'integration'>)]), INTEGRATIONS, pmAnswer(live as PmScope));
    expect(lists.map((l) => `${l.integrationId}/${l.type}`).sort()).toEqual([...answered].sort());
    // A list the answers stand in for may hold unreachable entities: a write naming them has them checked.
    expect(lists.every((l) => l.includesUnreachable === true && !l.selectedOnly)).toBe(true);
  });

  const entry = { project: 'P1', team: 'T1', areas: ['A1', 'A2'] };
  const liveEntry = { project: refs('P1')[0]!, team: refs('T1')[0]!, areas: refs('A2', 'A1') };
  it.each([
    ['the same tracker_b entry (areas in any order)', [entry], ['11/areas', '11/projects', '11/teams']],
    ['an entry with another area', [{ ...entry, areas: ['A1'] }], []],
  ])('%s', (_, written, answered) => {
    const desired = { project_team_areas: written.map((e) => ({ project: { id: e.project }, team: { id: e.team }, areas: ids(...e.areas) })) };
    const lists = entityListsAnswered(config([pmTeam(desired, 'work')]), INTEGRATIONS, pmAnswer({ project_team_areas: [liveEntry] }, 11));
    expect(lists.map((l) => `${l.integrationId}/${l.type}`).sort()).toEqual(answered);
  });

  it('stands in with the entities the answers name, names included', () => {
    const [boards] = entityListsAnswered(config([pmTeam({ boards: ids('101') })]), INTEGRATIONS, pmAnswer({ boards: refs('101', '102') }));
    expect(boards?.entities.map((e) => [e.entity_provider_id, e.name])).toEqual([
      ['101', 'name of 101'],
      ['102', 'name of 102'],
    ]);
  });

  it('needs no list for a team that is not there (the planner reports it)', () => {
    expect(entityListsAnswered(config([pmTeam({ boards: ids('101') })]), INTEGRATIONS, new Map([[42, 'not_found' as const]]))).toEqual([]);
  });
});

describe('repositoriesAnswered', () => {
  const answer: TeamGitScopeResponse = {
    team_id: 42,
    team_name: 'Payments',
    repositories: [
      { id: 1, name: 'acme/api', url: 'https://example.invalid/acme/api' },
      { id: 2, name: 'acme/web', url: 'https://example.invalid/acme/web' },
      { id: 3, name: 'dup', url: '' },
      { id: 4, name: 'dup', url: '' },
    ],
    services: [],
  };
  it.each<[string, RepoRef[], RepoRef[], number[]]>([
    ['names and ids the answer holds', [{ name: 'acme/api' }, { id: 2 }], [], [1, 2]],
    ['a repository the answer lacks is still looked up', [{ name: 'acme/api' }, { name: 'acme/new' }, { id: 9 }], [{ name: 'acme/new' }, { id: 9 }], [1]],
    ['a name two repositories of the answer have', [{ name: 'dup' }], [{ name: 'dup' }], []],
    ['a name written with integration:', [{ name: 'acme/api', integration: 'code' }], [{ name: 'acme/api', integration: 'code' }], []],
  ])('%s', (_, written, lookedUp, fromAnswer) => {
    const team: DesiredTeam = { key: { id: 42 }, id: 42, pm: [], git: { repositories: written, services: [], path: [] }, path: [] };
    const { forReads, repositories } = repositoriesAnswered(config([team]), new Map([[42, answer]]));
    expect(forReads.teams[0]?.git?.repositories).toEqual(lookedUp);
    expect(repositories.map((r) => r.id)).toEqual(fromAnswer);
    // The answer lists monitored repositories only.
    expect(repositories.every((r) => r.state === 'monitored')).toBe(true);
  });
});
