// Each kind's export facet (kinds/<kind>/export.ts), reached through the registry, table by table:
// what it writes of a live organization into the exported document, and what it leaves out and
// why. The team's keys and parents and the members' emails have their own tables
// (test/export/team-properties.test.ts); the whole export, then plan, is the end-to-end tests'.

import { describe, expect, it } from 'vitest';
import type { EntityType, Integration, Methodology, TeamPmScopeItem, TeamPmScopeResponse } from '../../../src/contract/types.js';
import type { OrgSettings, Repository, RepositoryConfigResponse, RepositorySettings, TeamGitScopeResponse } from '../../../src/contract/git-types.js';
import type { ListedTeam } from '../../../src/contract/list-types.js';
import type { ExportContext, ExportedConfig } from '../../../src/core/export-model.js';
import { EVERY_KIND, KIND_NAMES, kindOf } from '../../../src/core/kinds/registry.js';
import { repoNamer } from '../../../src/core/kinds/shared/export-names.js';
import type { EntityRead, OrganizationRead, RepoSettingsScope } from '../../../src/core/organization.js';
import { listKey } from '../../../src/core/snapshot.js';
import type { ObjectKind } from '../../../src/core/plan-model.js';
import { entity, INTEGRATIONS, repo, SERVICE_DEFAULTS, type EntitySpec } from '../builders.js';

interface OrgSpec {
  integrations?: Integration[];
  /** integration id -> entity type -> entities. */
  entities?: Record<number, Record<string, (EntitySpec | string)[]>>;
  teamIds?: number[];
  /** The team list; absent: an older service that lists none. */
  teamList?: ListedTeam[];
  pm?: Record<number, TeamPmScopeItem[]>;
  git?: Record<number, Omit<TeamGitScopeResponse, 'team_id'>>;
  repos?: Repository[];
  org?: OrgSettings;
  /** repository id -> sections and where each comes from. */
  configs?: Record<number, RepositoryConfigResponse['settings']>;
  repoSettings?: RepoSettingsScope;
}

function organization(spec: OrgSpec = {}): OrganizationRead {
  const entities = new Map<string, EntityRead>();
  for (const [id, types] of Object.entries(spec.entities ?? {})) {
    for (const [type, list] of Object.entries(types)) {
      entities.set(listKey(Number(id), type as EntityType), { entities: list.map(entity), unreachable: new Set() });
    }
  }
  const pm = new Map<number, TeamPmScopeResponse>(Object.entries(spec.pm ?? {}).map(([id, items]) => [Number(id), { team_id: Number(id), team_name: `pm-name-${id}`, items }]));
  const git = new Map<number, TeamGitScopeResponse>(Object.entries(spec.git ?? {}).map(([id, s]) => [Number(id), { team_id: Number(id), ...s }]));
  return {
    integrations: spec.integrations ?? INTEGRATIONS,
    entities,
    teamIds: spec.teamIds ?? [],
    teamList: spec.teamList ? { listed: true, items: spec.teamList } : { listed: false, route: '/api/v2/teams', status: 404 },
    teamPmScopes: pm,
    teamGitScopes: git,
    missingTeams: [],
    repositories: spec.repos ?? [],
    orgConfig: { settings: { ...SERVICE_DEFAULTS, ...spec.org } },
    repositoryConfigs: new Map(Object.entries(spec.configs ?? {}).map(([id, settings]) => [Number(id), { repository_id: Number(id), repository_name: `r${id}`, settings }])),
    repoSettings: spec.repoSettings ?? 'all',
  };
}

/** The document the given kinds write (in registry order) into the skeleton the export makes: aliases `a<id>`. */
function written(org: OrganizationRead, ...kinds: ObjectKind[]): ExportedConfig {
  const doc: ExportedConfig = {
    integrations: [],
    collection: [],
    teams: org.teamIds.map((id) => ({ id, key: id, pm: [] })),
    defaults: {},
    repositories: [],
    notes: { header: [], defaults: [], monitoring: [], repositories: [] },
  };
  const context: ExportContext = { alias: (id) => `a${id}`, repository: repoNamer(org.repositories) };
  for (const kind of KIND_NAMES.filter((k) => kinds.includes(k))) kindOf(kind).export?.(org, doc, context);
  return doc;
}

function item(integrationId: number, scope: TeamPmScopeItem['scope'], methodology?: Methodology): TeamPmScopeItem {
  return { integration_id: integrationId, provider: integrationId === 11 ? 'tracker_b' : 'tracker_a', integration_name: `i${integrationId}`, scope, ...(methodology ? { methodology } : {}) } as TeamPmScopeItem;
}

const board = (id: string) => ({ entity_provider_id: id, name: `name-${id}` });

describe('the registry', () => {
  it('every kind but the methodology has an export facet: the methodology is written in its PM scope\'s item', () => {
    expect(EVERY_KIND.filter((k) => k.export === undefined).map((k) => k.kind)).toEqual(['methodology']);
  });
});

describe('selection sets', () => {
  it('writes the exact selected set of each selectable type, naturally ordered, and every name; an empty set too', () => {
    const org = organization({
      entities: {
        10: { boards: [{ id: '10', selected: true }, { id: '9', selected: true, name: 'Nine' }, { id: '2', selected: false }] },
        11: { projects: [{ id: 'p', selected: false }] },
      },
    });
    const { collection } = written(org, 'selection');
    expect(collection.map((c) => [c.alias, c.sets])).toEqual([
      ['a10', { boards: ['9', '10'], projects: [] }],
      ['a11', { projects: [] }],
    ]);
    expect(collection[0]!.names.get('boards/9')).toBe('Nine');
    expect(collection[0]!.names.get('boards/2')).toBe('name-2');
  });

  it.each([
    ['a Git integration', [INTEGRATIONS[2]!], []],
    ['a PM integration with nothing listed', [INTEGRATIONS[0]!], [['a10', { boards: [], projects: [] }]]],
  ])('%s', (_, integrations, want) => {
    expect(written(organization({ integrations }), 'selection').collection.map((c) => [c.alias, c.sets])).toEqual(want);
  });
});

describe('teams without a team list (an older service)', () => {
  it.each([
    ['the PM scope read names it', { pm: { 7: [] } }, 'pm-name-7'],
    ['only the Git scope read names it', { git: { 7: { team_name: 'git-name', repositories: [], services: [] } } }, 'git-name'],
    ['no read names it', {}, undefined],
  ])('keyed by id, with its name as a comment where %s', (_, spec, note) => {
    const [team] = written(organization({ teamIds: [7], ...spec }), 'team', 'team-members').teams;
    expect(team).toEqual({ id: 7, key: 7, pm: [], ...(note === undefined ? {} : { note }) });
  });

  it('with a team list: the key, properties and members', () => {
    const teamList: ListedTeam[] = [
      { id: 1, name: 'All Teams', parent_id: null, contributors: [] },
      { id: 7, name: 'Payments', parent_id: 1, initials: 'PAY', contributors: [{ id: 3, name: 'Bo', email: 'bo@acme.io', provider_id: 'u3' }] },
    ];
    const [team] = written(organization({ teamIds: [7], teamList }), 'team', 'team-members').teams;
    expect(team).toEqual({ id: 7, key: 'Payments', properties: { parent: null, initials: 'PAY' }, members: ['bo@acme.io'], pm: [] });
  });
});

describe('PM scopes, with the methodology', () => {
  it.each([
    ['unscoped Kanban: the service\'s default, left out', item(10, {}, 'Kanban'), undefined],
    ['unscoped without a methodology: the default too', item(10, { boards: [] }), undefined],
    ['unscoped Scrum: the methodology alone', item(10, {}, 'Scrum'), { methodology: 'Scrum' }],
    ['scoped Kanban: methodology first, then the keys', item(10, { boards: [board('5')], labels: [{ name: 'x' }] }, 'Kanban'), { methodology: 'Kanban', boards: ['5'], labels: ['x'] }],
    ['fields by id with their values', item(10, { fields: [{ entity_provider_id: 'cf_1', value: ['a'] }] }), { fields: [{ id: 'cf_1', value: ['a'] }] }],
    [
      'project, team and areas by id',
      item(11, { project_team_areas: [{ project: { entity_provider_id: 'P' }, team: { entity_provider_id: 'T' }, areas: [{ entity_provider_id: 'A' }] }] }),
      { project_team_areas: [{ project: 'P', team: 'T', areas: ['A'] }] },
    ],
  ])('%s', (_, scopeItem, want) => {
    const [team] = written(organization({ teamIds: [7], pm: { 7: [scopeItem] } }), 'pm-scope').teams;
    expect(team!.pm).toEqual(want === undefined ? [] : [{ alias: `a${scopeItem.integration_id}`, scope: want }]);
  });

  it('one entry per integration, by integration id', () => {
    const [team] = written(organization({ teamIds: [7], pm: { 7: [item(11, {}, 'Scrum'), item(10, {}, 'Scrum')] } }), 'pm-scope').teams;
    expect(team!.pm.map((p) => p.alias)).toEqual(['a10', 'a11']);
  });
});

describe('Git scopes', () => {
  const repos = [repo(1, 'acme/web'), repo(2, 'acme/api'), repo(3, 'labs/api', 20), repo(4, 'labs/api', 21), repo(5, 'odd*name')];
  it('repositories by name where it names one alone, else by id, names first; services by id', () => {
    const git = { 7: { team_name: 't', repositories: [1, 4, 2, 3, 5, 99].map((id) => ({ id, name: id === 99 ? 'gone/repo' : `r${id}`, url: '' })), services: [{ id: 9, name: 's' }, { id: 2, name: 's' }] } };
    const [team] = written(organization({ teamIds: [7, 8], repos, git }), 'git-scope').teams;
    // A repository the list does not hold (99) is named by what the scope read says of it.
    expect(team!.git).toEqual({ repositories: ['acme/api', 'acme/web', 'gone/repo', 3, 4, 5], services: [2, 9] });
  });

  it('none where the scope read answered nothing for the team', () => {
    expect(written(organization({ teamIds: [8], repos }), 'git-scope').teams[0]).not.toHaveProperty('git');
  });
});

describe('org defaults', () => {
  it('every section as read, without backfill_days', () => {
    const { defaults, notes } = written(organization({ org: { coding_time_strategy: { method: 'first_commit', backfill_days: 30 } as never } }), 'org-default');
    expect(defaults.coding_time_strategy).toEqual({ method: 'first_commit' });
    expect(Object.keys(defaults).sort()).toEqual(Object.keys(SERVICE_DEFAULTS).sort());
    expect(notes.defaults).toEqual([]);
  });

  it('a deployment release method is left out, and a comment says why', () => {
    const { defaults, notes } = written(organization({ org: { releases_detection: { method: 'deployment' } } }), 'org-default');
    expect(defaults).not.toHaveProperty('releases_detection');
    expect(notes.defaults).toEqual(['releases_detection is left out: its method "deployment" is set by the service and cannot be desired.']);
  });
});

describe('repository override sets', () => {
  const repos = [repo(1, 'acme/web'), repo(2, 'acme/api'), repo(3, 'acme/ops')];
  const own = <T>(value: T) => ({ value, source: 'repository' as const });
  const inherited = <T>(value: T) => ({ value, source: 'global' as const });
  const configs: Record<number, RepositoryConfigResponse['settings']> = {
    1: { default_branch: own({ branch_name: 'trunk' }), exclude_branches: inherited({ patterns: [] }) },
    2: { exclude_branches: inherited({ patterns: ['x'] }) },
    3: { releases_detection: own({ method: 'deployment' as const }), default_branch: own({ branch_name: 'main' }) },
  };

  it('the sections a repository sets itself; none: nothing; a deployment method: the whole set left out, with a comment', () => {
    const doc = written(organization({ repos, configs }), 'repo-override');
    expect(doc.repositories).toEqual([{ key: 'acme/web', settings: { default_branch: { branch_name: 'trunk' } } as RepositorySettings }]);
    expect(doc.notes.repositories).toEqual(['Left out (their overrides include releases_detection method "deployment", which cannot be desired): acme/ops.']);
  });

  it.each([
    ['all', []],
    ['monitored', ['Overrides were read for monitored repositories only (--repo-settings monitored); others are not managed.']],
    ['none', ['Overrides were not read (--repo-settings none); no repository override set is managed.']],
  ] as const)('--repo-settings %s says what was read', (repoSettings, notes) => {
    expect(written(organization({ repos, repoSettings }), 'repo-override').notes.repositories).toEqual(notes);
  });
});

describe('the monitored set', () => {
  it('none without a Git integration', () => {
    const doc = written(organization({ integrations: [INTEGRATIONS[0]!], repos: [] }), 'monitoring');
    expect(doc.monitoring).toBeUndefined();
    expect(doc.notes.monitoring).toEqual([]);
  });

  it('with one: the exact set, and how it is written', () => {
    const repos = [repo(1, 'acme/web'), repo(2, 'acme/api'), repo(3, 'labs/x', 20, 'not_monitored'), repo(4, 'labs/y')];
    const doc = written(organization({ repos }), 'monitoring');
    expect(doc.monitoring).toEqual({ include: ['acme/*', 'labs/y'], exclude: [] });
    expect(doc.notes.monitoring).toHaveLength(2);
  });
});
