// Table test of every request description: route + parameters -> method, route, path, body.

import { describe, expect, it } from 'vitest';
import * as rq from '../../src/api/requests.js';
import type { RequestDescription } from '../../src/api/requests.js';
import { InvalidRequestError } from '../../src/api/errors.js';

const scopeBody = { teams: [{ team_id: 42, items: [{ integration_id: 10, scope: { boards: [{ entity_provider_id: '101' }] }, methodology: 'Scrum' as const }] }] };

const cases: Array<[string, () => RequestDescription, RequestDescription]> = [
  ['integrations, no filter', () => rq.listIntegrations(), { method: 'GET', route: 'GET /api/v1/integrations', path: '/api/v1/integrations' }],
  [
    'integrations, all filters',
    () => rq.listIntegrations({ type: 'pm', provider: ['tracker_a', 'tracker_b'], include_invalid: true }),
    { method: 'GET', route: 'GET /api/v1/integrations', path: '/api/v1/integrations?type=pm&provider=tracker_a,tracker_b&include_invalid=true' },
  ],
  ['entities, defaults', () => rq.listEntities('boards'), { method: 'GET', route: 'GET /api/v2/pm/entities/{entity_type}', path: '/api/v2/pm/entities/boards' }],
  [
    'entities, every parameter',
    () => rq.listEntities('projects', { integration_ids: [10, 11], is_selected_for_collection: false, include_invalid: true, with_used_by: false, limit: 1000, offset: 2000 }),
    {
      method: 'GET',
      route: 'GET /api/v2/pm/entities/{entity_type}',
      path: '/api/v2/pm/entities/projects?integration_ids=10,11&is_selected_for_collection=false&include_invalid=true&with_used_by=false&limit=1000&offset=2000',
    },
  ],
  [
    'select',
    () => rq.selectEntities(10, 'boards', [{ entity_provider_id: '101', is_selected_for_collection: true }]),
    {
      method: 'PATCH',
      route: 'PATCH /api/v2/pm/integrations/{integration_id}/entities/{entity_type}',
      path: '/api/v2/pm/integrations/10/entities/boards',
      body: { entities: [{ entity_provider_id: '101', is_selected_for_collection: true }] },
    },
  ],
  ['team PM scope', () => rq.getTeamPmScope(42), { method: 'GET', route: 'GET /api/v1/pm/config/teams/{team_id}/scope', path: '/api/v1/pm/config/teams/42/scope' }],
  [
    'team PM scope, some integrations',
    () => rq.getTeamPmScope(42, [10, 11]),
    { method: 'GET', route: 'GET /api/v1/pm/config/teams/{team_id}/scope', path: '/api/v1/pm/config/teams/42/scope?integration_ids=10,11' },
  ],
  [
    'PATCH scopes, default mode',
    () => rq.patchTeamPmScopes(scopeBody),
    { method: 'PATCH', route: 'PATCH /api/v1/pm/config/teams/scope', path: '/api/v1/pm/config/teams/scope', body: scopeBody },
  ],
  [
    'PATCH scopes, add',
    () => rq.patchTeamPmScopes(scopeBody, 'add'),
    { method: 'PATCH', route: 'PATCH /api/v1/pm/config/teams/scope', path: '/api/v1/pm/config/teams/scope?mode=add', body: scopeBody },
  ],
  ['POST scopes', () => rq.postTeamPmScopes(scopeBody), { method: 'POST', route: 'POST /api/v1/pm/config/teams/scope', path: '/api/v1/pm/config/teams/scope', body: scopeBody }],
  [
    'clear a PM scope key',
    () => rq.clearTeamPmScopeKey(42, 'epics', 10),
    { method: 'DELETE', route: 'DELETE /api/v1/pm/config/teams/{team_id}/scope/{scope_key}', path: '/api/v1/pm/config/teams/42/scope/epics?integration_id=10' },
  ],
  [
    'delete a PM scope',
    () => rq.deleteTeamPmScope(42, 10),
    { method: 'DELETE', route: 'DELETE /api/v1/pm/config/teams/{team_id}/scope', path: '/api/v1/pm/config/teams/42/scope?integration_id=10' },
  ],
  ['repositories, defaults', () => rq.listRepositories(), { method: 'GET', route: 'GET /api/v1/git/repositories', path: '/api/v1/git/repositories' }],
  [
    'repositories, every filter (name encoded, lists comma-separated)',
    () => rq.listRepositories({ page: 2, page_size: 100, name: 'acme/api x', provider_id: 'R_1', integration_ids: [20, 21], state: ['monitored', 'failing'], visibility: ['private'] }),
    {
      method: 'GET',
      route: 'GET /api/v1/git/repositories',
      path: '/api/v1/git/repositories?page=2&page_size=100&name=acme%2Fapi%20x&provider_id=R_1&integration_ids=20,21&state=monitored,failing&visibility=private',
    },
  ],
  [
    'monitoring',
    () => rq.setMonitoring([{ id: 1234, state: 'monitored' }, { id: 5, state: 'not_monitored' }]),
    { method: 'PATCH', route: 'PATCH /api/v1/git/repositories', path: '/api/v1/git/repositories', body: { repositories: [{ id: 1234, state: 'monitored' }, { id: 5, state: 'not_monitored' }] } },
  ],
  ['repo config GET', () => rq.getRepositoryConfig(1234), { method: 'GET', route: 'GET /api/v1/git/repositories/{repo_id}/config', path: '/api/v1/git/repositories/1234/config' }],
  [
    'repo config PUT',
    () => rq.putRepositoryConfig(1234, { default_branch: { branch_name: 'main' } }),
    { method: 'PUT', route: 'PUT /api/v1/git/repositories/{repo_id}/config', path: '/api/v1/git/repositories/1234/config', body: { default_branch: { branch_name: 'main' } } },
  ],
  [
    'repo config PATCH',
    () => rq.patchRepositoryConfig(1234, { coding_time_strategy: { method: 'first_commit', backfill_days: 1 } }),
    {
      method: 'PATCH',
      route: 'PATCH /api/v1/git/repositories/{repo_id}/config',
      path: '/api/v1/git/repositories/1234/config',
      body: { coding_time_strategy: { method: 'first_commit', backfill_days: 1 } },
    },
  ],
  ['repo config DELETE', () => rq.deleteRepositoryConfig(1234), { method: 'DELETE', route: 'DELETE /api/v1/git/repositories/{repo_id}/config', path: '/api/v1/git/repositories/1234/config' }],
  [
    'repo override DELETE',
    () => rq.deleteRepositoryOverride(1234, 'exclude_branches'),
    { method: 'DELETE', route: 'DELETE /api/v1/git/repositories/{repo_id}/config/{section}', path: '/api/v1/git/repositories/1234/config/exclude_branches' },
  ],
  ['org config GET', () => rq.getOrgConfig(), { method: 'GET', route: 'GET /api/v1/git/config', path: '/api/v1/git/config' }],
  [
    'org config PATCH',
    () => rq.patchOrgConfig({ active_branches_duration: { days: 7 } }),
    { method: 'PATCH', route: 'PATCH /api/v1/git/config', path: '/api/v1/git/config', body: { active_branches_duration: { days: 7 } } },
  ],
  ['team Git scope GET', () => rq.getTeamGitScope(42), { method: 'GET', route: 'GET /api/v1/git/config/teams/{team_id}/scope', path: '/api/v1/git/config/teams/42/scope' }],
  [
    'team Git scope PUT',
    () => rq.putTeamGitScope(42, { repository_ids: [1234], service_ids: [] }),
    { method: 'PUT', route: 'PUT /api/v1/git/config/teams/{team_id}/scope', path: '/api/v1/git/config/teams/42/scope', body: { repository_ids: [1234], service_ids: [] } },
  ],
  [
    'team Git scope PATCH add',
    () => rq.patchTeamGitScope(42, { service_ids: [7] }, 'add'),
    { method: 'PATCH', route: 'PATCH /api/v1/git/config/teams/{team_id}/scope', path: '/api/v1/git/config/teams/42/scope?mode=add', body: { service_ids: [7] } },
  ],
  ['team Git scope DELETE', () => rq.deleteTeamGitScope(42), { method: 'DELETE', route: 'DELETE /api/v1/git/config/teams/{team_id}/scope', path: '/api/v1/git/config/teams/42/scope' }],
  [
    'team Git scope key DELETE',
    () => rq.clearTeamGitScopeKey(42, 'services'),
    { method: 'DELETE', route: 'DELETE /api/v1/git/config/teams/{team_id}/scope/{scope_key}', path: '/api/v1/git/config/teams/42/scope/services' },
  ],
];

describe('request descriptions', () => {
  it.each(cases)('%s', (_name, build, expected) => {
    expect(build()).toEqual(expected);
  });
});

const many = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const entries = (n: number) => many(n).map((i) => ({ entity_provider_id: String(i), is_selected_for_collection: true }));
const scopeItems = (teams: number, perTeam: number) => ({
  teams: many(teams).map((t) => ({ team_id: t, items: many(perTeam).map((i) => ({ integration_id: i, scope: {} })) })),
});

const refusals: Array<[string, () => unknown, string]> = [
  ['51 integration ids', () => rq.listEntities('boards', { integration_ids: many(51) }), 'integration_ids takes at most 50 ids, got 51'],
  ['limit 0', () => rq.listEntities('boards', { limit: 0 }), 'limit must be an integer from 1 to 1000, got 0'],
  ['limit 1001', () => rq.listEntities('boards', { limit: 1001 }), 'limit must be an integer from 1 to 1000, got 1001'],
  ['negative offset', () => rq.listEntities('boards', { offset: -1 }), 'offset must be an integer from 0'],
  ['unknown entity type', () => rq.listEntities('widgets' as never), 'entity_type must be one of'],
  ['select nothing', () => rq.selectEntities(10, 'boards', []), 'entities takes 1 to 1000 entries, got 0'],
  ['select 1001', () => rq.selectEntities(10, 'boards', entries(1001)), 'entities takes 1 to 1000 entries, got 1001'],
  ['select epics', () => rq.selectEntities(10, 'epics' as never, entries(1)), 'entity_type must be one of boards, projects'],
  ['team id 0', () => rq.getTeamPmScope(0), 'team_id must be an integer >= 1, got 0'],
  ['26 scope items', () => rq.patchTeamPmScopes(scopeItems(2, 13)), 'at most 25 team-and-integration items, got 26'],
  ['team named twice', () => rq.patchTeamPmScopes({ teams: [{ team_id: 1, items: [{ integration_id: 10 }] }, { team_id: 1, items: [{ integration_id: 11 }] }] }), 'team 1 is named twice'],
  ['integration twice under a team', () => rq.postTeamPmScopes({ teams: [{ team_id: 1, items: [{ integration_id: 10, scope: {} }, { integration_id: 10, scope: {} }] }] }), 'integration 10 is named twice under team 1'],
  ['POST without scope', () => rq.postTeamPmScopes({ teams: [{ team_id: 1, items: [{ integration_id: 10 }] }] }), 'POST needs a scope'],
  [
    '1001 scope entities',
    () => rq.patchTeamPmScopes({ teams: [{ team_id: 1, items: [{ integration_id: 10, scope: { labels: many(1001).map((i) => ({ name: `l${i}` })) } }] }] }),
    'at most 1000 entities, got 1001',
  ],
  ['page_size 101', () => rq.listRepositories({ page_size: 101 }), 'page_size must be an integer from 1 to 100, got 101'],
  ['page 0', () => rq.listRepositories({ page: 0 }), 'page must be an integer from 1'],
  ['name too long', () => rq.listRepositories({ name: 'x'.repeat(257) }), 'name must be 1 to 256 characters long, got 257'],
  ['bad state filter', () => rq.listRepositories({ state: ['archived' as never] }), 'state must be one of'],
  ['monitor nothing', () => rq.setMonitoring([]), 'repositories takes 1 to 100 entries, got 0'],
  ['monitor 101', () => rq.setMonitoring(many(101).map((id) => ({ id, state: 'monitored' as const }))), 'repositories takes 1 to 100 entries, got 101'],
  ['monitor id 0', () => rq.setMonitoring([{ id: 0, state: 'monitored' }]), 'repository id must be an integer >= 1, got 0'],
  ['org-only section on a repository', () => rq.patchRepositoryConfig(1, { active_branches_duration: { days: 7 } } as never), 'settings section must be one of'],
  ['unknown override section', () => rq.deleteRepositoryOverride(1, 'bogus' as never), 'section must be one of'],
  ['PUT Git scope with no key', () => rq.putTeamGitScope(42, {}), 'at least one of repository_ids and service_ids is required'],
  ['10001 repository ids', () => rq.patchTeamGitScope(42, { repository_ids: many(10001) }), 'repository_ids takes at most 10000 ids, got 10001'],
];

describe('local validation against the spec limits', () => {
  it.each(refusals)('refuses %s', (_name, build, message) => {
    expect(build).toThrow(InvalidRequestError);
    expect(build).toThrow(message);
  });

  it('accepts the limits themselves', () => {
    expect(() => rq.listEntities('boards', { integration_ids: many(50), limit: 1000 })).not.toThrow();
    expect(() => rq.selectEntities(10, 'projects', entries(1000))).not.toThrow();
    expect(() => rq.setMonitoring(many(100).map((id) => ({ id, state: 'monitored' as const })))).not.toThrow();
    expect(() => rq.patchTeamPmScopes(scopeItems(5, 5))).not.toThrow();
  });

  it('names the route in the error message', () => {
    expect(() => rq.setMonitoring([])).toThrow('PATCH /api/v1/git/repositories: invalid request, not sent:');
  });
});
