// What each kind says its objects need read (each kind's reads.ts), and how the read plan merges
// every kind's needs through the registry (src/core/reads/read-plan.ts). Table tests of the pure
// descriptions; what a run then asks the service is counted end to end in test/e2e/*request-count*.

import { describe, expect, it } from 'vitest';
import type { ListedTeam } from '../../../src/contract/list-types.js';
import type { DesiredConfig, DesiredTeam, ReadScope } from '../../../src/core/model.js';
import { KIND_NAMES, kindOf } from '../../../src/core/kinds/registry.js';
import type { ObjectKind } from '../../../src/core/plan-model.js';
import {
  addUnwrittenTeamScopes,
  answersMaySpareLookups,
  directoryNeeds,
  firmListKeys,
  readNeeds,
  stageTwoReads,
} from '../../../src/core/reads/read-plan.js';
import { desired, INTEGRATIONS } from '../builders.js';

const needsOf = (kind: ObjectKind, config: DesiredConfig, scope: ReadScope = {}) => kindOf(kind).reads?.needs?.(config, scope);
const directoriesOf = (kind: ObjectKind, config: DesiredConfig) => kindOf(kind).reads?.directories?.(config);

/** A config with a team keyed by name, and one the plan creates (a placeholder id below 0). */
function withTeams(config: DesiredConfig, ...teams: DesiredTeam[]): DesiredConfig {
  return { ...config, teams: [...config.teams, ...teams] };
}

const newTeam: DesiredTeam = { key: { name: 'New' }, id: -1, name: 'New', pm: [{ integration: 'tracker', boards: [{ id: '9' }], methodology: 'Kanban', path: [] }], git: { repositories: [{ name: 'acme/new' }], services: [], path: [] }, path: [] };

describe('each kind says what its objects need read', () => {
  it.each<[string, ObjectKind, DesiredConfig, ReadScope, unknown]>([
    [
      'a selection set: its list, read whatever a team scope says, and used_by when it drops a selected entity',
      'selection',
      desired({ collection: { tracker: { boards: ['101', { name: 'Growth' }] } } }),
      {},
      {
        entityLists: [{ integration: 'tracker', type: 'boards' }],
        usedBy: [{ integration: 'tracker', type: 'boards', keeps: [{ id: '101' }, { name: 'Growth' }] }],
      },
    ],
    [
      "a team's PM scope keys: answerable lists per key (project_team_areas takes three), one scope read per listed team",
      'pm-scope',
      withTeams(desired({ teams: { 42: { pm: { tracker: { boards: ['1'], labels: ['x'], epics: [] }, work: { project_team_areas: [{ project: 'p', team: 't', areas: ['a'] }] } } } } }), newTeam),
      {},
      {
        entityLists: [
          { integration: 'tracker', type: 'boards', answerable: true },
          { integration: 'tracker', type: 'labels', answerable: true },
          { integration: 'work', type: 'projects', answerable: true },
          { integration: 'work', type: 'teams', answerable: true },
          { integration: 'work', type: 'areas', answerable: true },
          // A team the plan creates resolves its entities too; its empty scope is not read.
          { integration: 'tracker', type: 'boards', answerable: true },
        ],
        teamPmScopes: [
          { teamId: 42, integration: 'tracker' },
          { teamId: 42, integration: 'work' },
        ],
      },
    ],
    [
      'a methodology: the PM scope read of its team on its integration, only where one is written',
      'methodology',
      withTeams(desired({ teams: { 42: { pm: { tracker: { methodology: 'Scrum' }, work: { boards: ['1'] } } } } }), newTeam),
      {},
      { teamPmScopes: [{ teamId: 42, integration: 'tracker' }] },
    ],
    [
      "a team's Git scope: its listed team's scope, its repositories (answerable), no globs",
      'git-scope',
      withTeams(desired({ teams: { 42: { git: { repositories: ['acme/api', 7] } }, 43: {} } }), newTeam),
      {},
      {
        teamGitScopes: [42],
        repositories: [
          { ref: { name: 'acme/api' }, answerable: true },
          { ref: { id: 7 }, answerable: true },
          { ref: { name: 'acme/new' }, answerable: true },
        ],
        wholeRepositoryList: false,
      },
    ],
    [
      "a team's Git scope pattern: the whole list (it matches every monitored repository)",
      'git-scope',
      desired({ teams: { 42: { git: { repositories: ['acme/*', 'acme/api'] } } } }),
      {},
      { teamGitScopes: [42], repositories: [{ ref: { name: 'acme/api' }, answerable: true }], wholeRepositoryList: true },
    ],
    ['org defaults: the org configuration', 'org-default', desired({ defaults: { active_branches_duration: { days: 7 } } }), {}, { orgConfig: true }],
    ['no org defaults: nothing', 'org-default', desired(), {}, { orgConfig: false }],
    [
      'override sets: configurations by id and by name; every entry not written for monitoring looked up',
      'repo-override',
      desired({ repositories: { '#7': { settings: {} }, 'acme/api': { settings: {} }, 'acme/bare': {}, 'acme/mon': { monitored: true, settings: {} }, '#8': { monitored: false } } }),
      {},
      {
        repositories: [{ ref: { id: 7 } }, { ref: { name: 'acme/api' } }, { ref: { name: 'acme/bare' } }],
        repositoryConfigsById: [7],
        repositoryConfigsByName: [{ name: 'acme/api' }, { name: 'acme/mon' }],
        knownById: [],
        wholeRepositoryList: false,
      },
    ],
    [
      "apply PLANFILE: an override set whose id the saved plan's reads give is read by that id, not looked up",
      'repo-override',
      desired({ repositories: { '#7': { settings: {} }, 'acme/api': { settings: {} }, 'acme/web': { settings: {} }, 'acme/mon': { monitored: true, settings: {} } } }),
      { repositoryIds: [{ name: 'acme/api', id: 5 }, { name: 'acme/mon', id: 6 }] },
      {
        repositories: [{ ref: { name: 'acme/web' } }],
        repositoryConfigsById: [7, 5],
        repositoryConfigsByName: [{ name: 'acme/api' }, { name: 'acme/web' }, { name: 'acme/mon' }],
        knownById: [{ id: 7 }, { id: 5, name: 'acme/api' }],
        wholeRepositoryList: false,
      },
    ],
    [
      'settings rules: the whole list (they write every repository they match)',
      'repo-override',
      desired({ rules: [['acme/*', { settings: {} }]] }),
      {},
      { repositories: [], repositoryConfigsById: [], repositoryConfigsByName: [], knownById: [], wholeRepositoryList: true },
    ],
    [
      'monitoring patterns: the whole list; the entries that write monitored: looked up',
      'monitoring',
      desired({ monitoring: { include: ['acme/*'] }, repositories: { 'acme/api': { monitored: true }, 'acme/web': { settings: {} } } }),
      {},
      { repositories: [{ ref: { name: 'acme/api' } }], wholeRepositoryList: true },
    ],
    [
      'monitoring patterns judged for some repositories: those by name, and the monitored count',
      'monitoring',
      desired({ monitoring: { include: ['acme/*'] } }),
      { monitoringScope: [{ name: 'acme/a' }] },
      { repositories: [{ ref: { name: 'acme/a' } }], monitoredTotal: true },
    ],
    ['no monitoring written: nothing', 'monitoring', desired({ repositories: { 'acme/web': { settings: {} } } }), {}, { repositories: [] }],
    ['teams: the scopes of unwritten teams only under exact ownership', 'team', { ...desired(), ownership: { teams: 'exact' } }, {}, { unwrittenTeamScopes: true }],
    ['teams listed: nothing of the unwritten ones', 'team', desired({ teams: { 42: {} } }), {}, { unwrittenTeamScopes: false }],
  ])('%s', (_, kind, config, scope, expected) => {
    expect(needsOf(kind, config, scope)).toEqual(expected);
  });

  const team = (t: Partial<DesiredTeam>): DesiredConfig => withTeams(desired(), { key: { id: 42 }, id: 42, pm: [], path: [], ...t });
  it.each<[string, DesiredConfig, ObjectKind, { teamList?: boolean; userList?: boolean } | undefined]>([
    ['a team keyed by id with nothing of its own: no directory', team({}), 'team', { teamList: false }],
    ['a name key: the team list (its id comes from it)', team({ key: { name: 'Payments' }, id: undefined, name: 'Payments' }), 'team', { teamList: true }],
    ['a property: the team list', team({ color: '#fff' }), 'team', { teamList: true }],
    ['a parent at the top: the team list', team({ parent: null }), 'team', { teamList: true }],
    ['exact ownership: the team list', { ...desired(), ownership: { teams: 'exact' } }, 'team', { teamList: true }],
    ['members by id: the team list, not the users', team({ members: [{ id: 1 }] }), 'team-members', { teamList: true, userList: false }],
    ['a member by email: the users too', team({ members: [{ id: 1 }, { email: 'a@b.c' }] }), 'team-members', { teamList: true, userList: true }],
    ['no members: neither', team({ color: '#fff' }), 'team-members', { teamList: false, userList: false }],
    ['a kind that resolves nothing against a directory says nothing', team({ color: '#fff' }), 'pm-scope', undefined],
  ])('%s', (_, config, kind, expected) => {
    expect(directoriesOf(kind, config)).toEqual(expected);
  });

  it('every kind says what it reads (a kind without a reads member would read nothing)', () => {
    expect(KIND_NAMES.filter((k) => kindOf(k).reads === undefined)).toEqual([]);
  });
});

describe('the read plan merges every kind', () => {
  const config = desired({
    collection: { tracker: { boards: ['101'] } },
    teams: { 42: { pm: { tracker: { boards: ['1'], epics: ['e'], methodology: 'Scrum' } }, git: { repositories: ['acme/api'] } } },
    repositories: { 'acme/web': { settings: {} }, 'acme/api': { monitored: true } },
  });

  it('lists end to end in registry order; any kind that says yes says it for all', () => {
    const needs = readNeeds(config, {});
    expect(needs.entityLists.map((n) => `${String(n.integration)}/${n.type}${n.answerable === true ? ' (answerable)' : ''}`)).toEqual([
      'tracker/boards',
      'tracker/boards (answerable)',
      'tracker/epics (answerable)',
    ]);
    // The PM scope's and the methodology's reads of one team: one read for the team.
    expect(needs.teamPmScopes).toEqual([
      { teamId: 42, integration: 'tracker' },
      { teamId: 42, integration: 'tracker' },
    ]);
    expect(stageTwoReads(config, {}, INTEGRATIONS, needs).teamPmScopes).toEqual([{ teamId: 42, integrationIds: [10] }]);
    expect(needs.repositories.map((r) => r.ref)).toEqual([{ name: 'acme/api' }, { name: 'acme/web' }, { name: 'acme/api' }]);
    expect(stageTwoReads(config, {}, INTEGRATIONS, needs).repositories).toEqual({ mode: 'probe', names: ['acme/api', 'acme/web'] });
  });

  it('a list a selection set needs is read at once, even when a team scope could be answered for it', () => {
    expect([...firmListKeys(config, INTEGRATIONS, readNeeds(config, {}))]).toEqual(['10/boards']);
  });

  it.each<[string, DesiredConfig, boolean]>([
    ['a team Git scope repository, the rest read by name', config, true],
    ['no team Git scope repository', desired({ repositories: { 'acme/web': { settings: {} } } }), false],
    ['the whole list is read anyway (monitoring patterns)', { ...config, git: { ...config.git, monitoring: { include: ['*'], exclude: [], path: [] } } }, false],
    ['the whole list is read anyway (an id)', desired({ teams: { 42: { git: { repositories: ['acme/api'] } } }, repositories: { '#7': { settings: {} } } }), false],
  ])('the Git scope answers may spare lookups: %s', (_, c, spare) => {
    expect(answersMaySpareLookups(readNeeds(c, {}), {})).toBe(spare);
  });

  it('the stage 1 directories: any kind that needs one', () => {
    expect(directoryNeeds(desired({ teams: { 42: {} } }))).toEqual({ teamList: false, userList: false });
    expect(directoryNeeds(withTeams(desired(), { key: { id: 42 }, id: 42, pm: [], members: [{ email: 'a@b.c' }], path: [] }))).toEqual({ teamList: true, userList: true });
  });

  it('under exact ownership, the scopes of the listed teams the config does not write: every PM integration at once, and the Git scope', () => {
    const listed = (id: number, name: string): ListedTeam => ({ id, name, parent_id: null, contributors: [] });
    const teamList = [listed(1, 'All Teams'), listed(2, 'All Contributors'), listed(42, 'Payments'), listed(43, 'Legacy')];
    const exact: DesiredConfig = { ...desired({ teams: { 42: {} } }), ownership: { teams: 'exact' } };
    const needs = readNeeds(exact, {});
    const two = stageTwoReads(exact, {}, INTEGRATIONS, needs);
    addUnwrittenTeamScopes(two, needs, exact, {}, teamList, INTEGRATIONS);
    expect(two.teamPmScopes).toEqual([{ teamId: 43, integrationIds: [10, 11] }]);
    expect(two.teamGitScopes).toEqual([43]);
    // Listed ownership deletes nothing: no scope of an unwritten team is read.
    const listedOnly = desired({ teams: { 42: {} } });
    const plain = stageTwoReads(listedOnly, {}, INTEGRATIONS);
    addUnwrittenTeamScopes(plain, readNeeds(listedOnly, {}), listedOnly, {}, teamList, INTEGRATIONS);
    expect(plain).toMatchObject({ teamPmScopes: [], teamGitScopes: [] });
  });

  it('a --changed-from plan reads the scopes of only the teams whose deletion is in scope, by id or by name as the file had them', () => {
    const listed = (id: number, name: string): ListedTeam => ({ id, name, parent_id: null, contributors: [] });
    const teamList = [listed(1, 'All Teams'), listed(2, 'All Contributors'), listed(42, 'Payments'), listed(43, 'Legacy'), listed(44, 'Mobile'), listed(45, 'Old')];
    const exact: DesiredConfig = { ...desired({ teams: { 42: {} } }), ownership: { teams: 'exact' } };
    const scopeOf = (deletionsInScope: string[]) => {
      const reads = { deletionsInScope };
      const needs = readNeeds(exact, reads);
      const two = stageTwoReads(exact, reads, INTEGRATIONS, needs);
      addUnwrittenTeamScopes(two, needs, exact, reads, teamList, INTEGRATIONS);
      return two.teamGitScopes;
    };
    expect(scopeOf([])).toEqual([]);
    expect(scopeOf(['team["Legacy"]', 'team[45]'])).toEqual([43, 45]);
    // A team still written is not one to delete, whatever the change says.
    expect(scopeOf(['team[42]'])).toEqual([]);
  });
});
