// Pure request descriptions: route + parameters -> method, path template (the pacing key), URL path
// with its query string, and body. No I/O here, so every endpoint is checked by a table test, and a
// plan can save exactly what will be sent. Parameters are validated against the spec's limits
// before anything is sent, so a bad call fails locally with a clear message instead of a 400.

import type { EntityType, HttpMethod, ListEntitiesParams, PmScopeKey, ScopeWriteBody, ScopeWriteMode, SelectEntry, SelectableEntityType } from '../contract/types.js';
import type { GitScopeKey, ListRepositoriesParams, MonitorEntry, OrgSettings, RepoSection, RepositorySettings, TeamGitScopeBody } from '../contract/git-types.js';
import { API_LIMITS, ENTITY_TYPES, PM_SCOPE_KEYS } from '../contract/types.js';
import { ORG_SECTIONS, REPO_SECTIONS } from '../contract/git-types.js';
import { InvalidRequestError } from './errors.js';

export interface RequestDescription {
  method: HttpMethod;
  /** Method + path template, e.g. 'GET /api/v1/git/repositories/{repo_id}/config'; the pacing key. */
  route: string;
  /** Path with query string, relative to the base URL. */
  path: string;
  body?: unknown;
  /**
   * A write that must not reach the service twice (a create): a try that may have reached it and
   * lost its answer is not repeated; the caller looks up what it did before sending again.
   */
  once?: boolean;
}

export interface ListIntegrationsParams {
  type?: 'pm' | 'git';
  provider?: string[];
  include_invalid?: boolean;
}

const ALL_ENTITY_TYPES: readonly EntityType[] = [...new Set([...ENTITY_TYPES.tracker_a, ...ENTITY_TYPES.tracker_b])];
const SELECTABLE: readonly SelectableEntityType[] = ['boards', 'projects'];
const GIT_SCOPE_KEYS: readonly GitScopeKey[] = ['repositories', 'services'];
const REPO_STATES = ['monitored', 'not_monitored', 'failing', 'discovered'];
const VISIBILITIES = ['public', 'private', 'internal'];

// ---- query and path building ---------------------------------------------------------------

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/**
 * Builds `?a=1&b=x,y` in the order given, skipping undefined. List values are comma-separated
 * (the spec's convention) with literal commas, each element percent-encoded on its own.
 */
export function buildQuery(params: ReadonlyArray<readonly [string, QueryValue]>): string {
  const parts: string[] = [];
  for (const [name, value] of params) {
    if (value === undefined) continue;
    const encoded = Array.isArray(value)
      ? value.map((v) => encodeURIComponent(String(v))).join(',')
      : encodeURIComponent(String(value));
    parts.push(`${name}=${encoded}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

function describe(method: HttpMethod, template: string, path: string, body?: unknown): RequestDescription {
  const d: RequestDescription = { method, route: `${method} ${template}`, path };
  if (body !== undefined) d.body = body;
  return d;
}

// ---- validation helpers --------------------------------------------------------------------

function fail(route: string, problem: string): never {
  throw new InvalidRequestError(route, problem);
}

function checkId(route: string, name: string, value: number, min = 1): void {
  if (!Number.isInteger(value) || value < min) fail(route, `${name} must be an integer >= ${min}, got ${String(value)}`);
}

function checkIdList(route: string, name: string, values: readonly number[] | undefined, max: number, min = 1): void {
  if (values === undefined) return;
  if (values.length > max) fail(route, `${name} takes at most ${max} ids, got ${values.length}`);
  for (const v of values) checkId(route, `each of ${name}`, v, min);
}

function checkOneOf(route: string, name: string, value: string, allowed: readonly string[]): void {
  if (!allowed.includes(value)) fail(route, `${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

function checkRange(route: string, name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(route, `${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
}

function checkSections(route: string, settings: object, allowed: readonly string[]): void {
  for (const key of Object.keys(settings)) checkOneOf(route, 'settings section', key, allowed);
}

// ---- endpoints ------------------------------------------------------------------------------

// 1. List integrations
export function listIntegrations(p: ListIntegrationsParams = {}): RequestDescription {
  const template = '/api/v1/integrations';
  const route = `GET ${template}`;
  if (p.type !== undefined) checkOneOf(route, 'type', p.type, ['pm', 'git']);
  for (const provider of p.provider ?? []) {
    if (provider === '' || provider.includes(',')) fail(route, `provider names must be non-empty and without commas, got "${provider}"`);
  }
  const query = buildQuery([
    ['type', p.type],
    ['provider', p.provider && p.provider.length > 0 ? p.provider : undefined],
    ['include_invalid', p.include_invalid],
  ]);
  return describe('GET', template, template + query);
}

// 2. List PM entities (one page)
export function listEntities(type: EntityType, p: ListEntitiesParams = {}): RequestDescription {
  const template = '/api/v2/pm/entities/{entity_type}';
  const route = `GET ${template}`;
  checkOneOf(route, 'entity_type', type, ALL_ENTITY_TYPES);
  checkIdList(route, 'integration_ids', p.integration_ids, API_LIMITS.integrationIds);
  checkRange(route, 'limit', p.limit, 1, API_LIMITS.entityPageMax);
  checkRange(route, 'offset', p.offset, 0, Number.MAX_SAFE_INTEGER);
  const query = buildQuery([
    ['integration_ids', p.integration_ids && p.integration_ids.length > 0 ? p.integration_ids : undefined],
    ['is_selected_for_collection', p.is_selected_for_collection],
    ['include_invalid', p.include_invalid],
    ['with_used_by', p.with_used_by],
    ['limit', p.limit],
    ['offset', p.offset],
  ]);
  return describe('GET', template, `/api/v2/pm/entities/${seg(type)}${query}`);
}

// 3. Select or deselect PM entities
export function selectEntities(integrationId: number, type: SelectableEntityType, entities: SelectEntry[]): RequestDescription {
  const template = '/api/v2/pm/integrations/{integration_id}/entities/{entity_type}';
  const route = `PATCH ${template}`;
  checkId(route, 'integration_id', integrationId);
  checkOneOf(route, 'entity_type', type, SELECTABLE);
  if (entities.length < 1 || entities.length > API_LIMITS.selectEntriesMax) {
    fail(route, `entities takes 1 to ${API_LIMITS.selectEntriesMax} entries, got ${entities.length}`);
  }
  for (const e of entities) {
    if (typeof e.entity_provider_id !== 'string' || e.entity_provider_id === '') fail(route, 'each entity needs a non-empty entity_provider_id');
    if (typeof e.is_selected_for_collection !== 'boolean') fail(route, `entity "${e.entity_provider_id}" needs is_selected_for_collection true or false`);
  }
  const body = { entities: entities.map((e) => ({ entity_provider_id: e.entity_provider_id, is_selected_for_collection: e.is_selected_for_collection })) };
  return describe('PATCH', template, `/api/v2/pm/integrations/${seg(integrationId)}/entities/${seg(type)}`, body);
}

// 4. Get team PM scope
export function getTeamPmScope(teamId: number, integrationIds?: number[]): RequestDescription {
  const template = '/api/v1/pm/config/teams/{team_id}/scope';
  const route = `GET ${template}`;
  checkId(route, 'team_id', teamId);
  checkIdList(route, 'integration_ids', integrationIds, API_LIMITS.integrationIds);
  const query = buildQuery([['integration_ids', integrationIds && integrationIds.length > 0 ? integrationIds : undefined]]);
  return describe('GET', template, `/api/v1/pm/config/teams/${seg(teamId)}/scope${query}`);
}

/** Entity references a scope write names: each list entry counts, and a project_team_areas entry counts its project, team and areas. */
export function countScopeEntities(body: ScopeWriteBody): number {
  let n = 0;
  for (const team of body.teams) {
    for (const item of team.items) {
      const s = item.scope ?? {};
      n += (s.boards?.length ?? 0) + (s.epics?.length ?? 0) + (s.labels?.length ?? 0) + (s.fields?.length ?? 0);
      for (const pta of s.project_team_areas ?? []) n += 2 + (pta.areas?.length ?? 0);
    }
  }
  return n;
}

function checkScopeBody(route: string, body: ScopeWriteBody, needScope: boolean): void {
  if (!Array.isArray(body.teams) || body.teams.length === 0) fail(route, 'teams must hold at least one team');
  const teamIds = new Set<number>();
  let items = 0;
  for (const team of body.teams) {
    checkId(route, 'team_id', team.team_id);
    if (teamIds.has(team.team_id)) fail(route, `team ${team.team_id} is named twice; merge its items into one entry`);
    teamIds.add(team.team_id);
    if (!Array.isArray(team.items) || team.items.length === 0) fail(route, `team ${team.team_id} needs at least one item`);
    const integrations = new Set<number>();
    for (const item of team.items) {
      checkId(route, 'integration_id', item.integration_id);
      if (integrations.has(item.integration_id)) fail(route, `integration ${item.integration_id} is named twice under team ${team.team_id}`);
      integrations.add(item.integration_id);
      if (needScope && item.scope === undefined) fail(route, `team ${team.team_id} integration ${item.integration_id}: POST needs a scope`);
      if (item.methodology !== undefined) checkOneOf(route, 'methodology', item.methodology, ['Scrum', 'Kanban']);
      items += 1;
    }
  }
  if (items > API_LIMITS.scopeItemsMax) fail(route, `a scope write takes at most ${API_LIMITS.scopeItemsMax} team-and-integration items, got ${items}`);
  const entities = countScopeEntities(body);
  if (entities > API_LIMITS.scopeEntitiesMax) fail(route, `a scope write takes at most ${API_LIMITS.scopeEntitiesMax} entities, got ${entities}`);
}

// 5. Write team PM scopes (PATCH with mode, or POST)
export function patchTeamPmScopes(body: ScopeWriteBody, mode?: ScopeWriteMode): RequestDescription {
  const template = '/api/v1/pm/config/teams/scope';
  const route = `PATCH ${template}`;
  if (mode !== undefined) checkOneOf(route, 'mode', mode, ['merge', 'add']);
  checkScopeBody(route, body, false);
  return describe('PATCH', template, template + buildQuery([['mode', mode]]), body);
}

export function postTeamPmScopes(body: ScopeWriteBody): RequestDescription {
  const template = '/api/v1/pm/config/teams/scope';
  checkScopeBody(`POST ${template}`, body, true);
  return describe('POST', template, template, body);
}

// 6. Clear one key of a team's PM scope
export function clearTeamPmScopeKey(teamId: number, key: PmScopeKey, integrationId: number): RequestDescription {
  const template = '/api/v1/pm/config/teams/{team_id}/scope/{scope_key}';
  const route = `DELETE ${template}`;
  checkId(route, 'team_id', teamId);
  checkOneOf(route, 'scope_key', key, PM_SCOPE_KEYS);
  checkId(route, 'integration_id', integrationId);
  const query = buildQuery([['integration_id', integrationId]]);
  return describe('DELETE', template, `/api/v1/pm/config/teams/${seg(teamId)}/scope/${seg(key)}${query}`);
}

// 7. Clear a team's whole PM scope on one integration
export function deleteTeamPmScope(teamId: number, integrationId: number): RequestDescription {
  const template = '/api/v1/pm/config/teams/{team_id}/scope';
  const route = `DELETE ${template}`;
  checkId(route, 'team_id', teamId);
  checkId(route, 'integration_id', integrationId);
  return describe('DELETE', template, `/api/v1/pm/config/teams/${seg(teamId)}/scope${buildQuery([['integration_id', integrationId]])}`);
}

// 8. List Git repositories (one page)
export function listRepositories(p: ListRepositoriesParams = {}): RequestDescription {
  const template = '/api/v1/git/repositories';
  const route = `GET ${template}`;
  checkRange(route, 'page', p.page, 1, Number.MAX_SAFE_INTEGER);
  checkRange(route, 'page_size', p.page_size, 1, API_LIMITS.repoPageSizeMax);
  for (const [name, value] of [['name', p.name], ['provider_id', p.provider_id]] as const) {
    if (value !== undefined && (value.length < 1 || value.length > API_LIMITS.repoFilterLengthMax)) {
      fail(route, `${name} must be 1 to ${API_LIMITS.repoFilterLengthMax} characters long, got ${value.length}`);
    }
  }
  checkIdList(route, 'integration_ids', p.integration_ids, Number.MAX_SAFE_INTEGER);
  for (const s of p.state ?? []) checkOneOf(route, 'state', s, REPO_STATES);
  for (const v of p.visibility ?? []) checkOneOf(route, 'visibility', v, VISIBILITIES);
  const query = buildQuery([
    ['page', p.page],
    ['page_size', p.page_size],
    ['name', p.name],
    ['provider_id', p.provider_id],
    ['integration_ids', p.integration_ids && p.integration_ids.length > 0 ? p.integration_ids : undefined],
    ['state', p.state && p.state.length > 0 ? p.state : undefined],
    ['visibility', p.visibility && p.visibility.length > 0 ? p.visibility : undefined],
  ]);
  return describe('GET', template, template + query);
}

// 9. Monitor or stop monitoring repositories
export function setMonitoring(entries: MonitorEntry[]): RequestDescription {
  const template = '/api/v1/git/repositories';
  const route = `PATCH ${template}`;
  if (entries.length < 1 || entries.length > API_LIMITS.monitorEntriesMax) {
    fail(route, `repositories takes 1 to ${API_LIMITS.monitorEntriesMax} entries, got ${entries.length}`);
  }
  for (const e of entries) {
    checkId(route, 'repository id', e.id);
    checkOneOf(route, `state of repository ${e.id}`, e.state, ['monitored', 'not_monitored']);
  }
  return describe('PATCH', template, template, { repositories: entries.map((e) => ({ id: e.id, state: e.state })) });
}

// 10. Repository configuration
function repoConfig(method: HttpMethod, repoId: number, settings?: RepositorySettings): RequestDescription {
  const template = '/api/v1/git/repositories/{repo_id}/config';
  const route = `${method} ${template}`;
  checkId(route, 'repo_id', repoId);
  if (settings !== undefined) checkSections(route, settings, REPO_SECTIONS);
  return describe(method, template, `/api/v1/git/repositories/${seg(repoId)}/config`, settings);
}
export const getRepositoryConfig = (repoId: number) => repoConfig('GET', repoId);
export const putRepositoryConfig = (repoId: number, s: RepositorySettings) => repoConfig('PUT', repoId, s);
export const patchRepositoryConfig = (repoId: number, s: RepositorySettings) => repoConfig('PATCH', repoId, s);
export const deleteRepositoryConfig = (repoId: number) => repoConfig('DELETE', repoId);

// 11. Remove one repository override
export function deleteRepositoryOverride(repoId: number, section: RepoSection): RequestDescription {
  const template = '/api/v1/git/repositories/{repo_id}/config/{section}';
  const route = `DELETE ${template}`;
  checkId(route, 'repo_id', repoId);
  checkOneOf(route, 'section', section, REPO_SECTIONS);
  return describe('DELETE', template, `/api/v1/git/repositories/${seg(repoId)}/config/${seg(section)}`);
}

// 12. Organization Git configuration
export function getOrgConfig(): RequestDescription {
  return describe('GET', '/api/v1/git/config', '/api/v1/git/config');
}

export function patchOrgConfig(s: OrgSettings): RequestDescription {
  checkSections('PATCH /api/v1/git/config', s, ORG_SECTIONS);
  return describe('PATCH', '/api/v1/git/config', '/api/v1/git/config', s);
}

// 13. Team Git scope
function gitScopePath(teamId: number): string {
  return `/api/v1/git/config/teams/${seg(teamId)}/scope`;
}
const GIT_SCOPE_TEMPLATE = '/api/v1/git/config/teams/{team_id}/scope';

function checkGitScopeBody(route: string, teamId: number, b: TeamGitScopeBody, needKey: boolean): void {
  checkId(route, 'team_id', teamId);
  for (const key of Object.keys(b)) checkOneOf(route, 'team Git scope key', key, ['repository_ids', 'service_ids']);
  if (needKey && b.repository_ids === undefined && b.service_ids === undefined) {
    fail(route, 'at least one of repository_ids and service_ids is required');
  }
  checkIdList(route, 'repository_ids', b.repository_ids, API_LIMITS.gitScopeIdsMax);
  checkIdList(route, 'service_ids', b.service_ids, API_LIMITS.gitScopeIdsMax);
}

export function getTeamGitScope(teamId: number): RequestDescription {
  checkId(`GET ${GIT_SCOPE_TEMPLATE}`, 'team_id', teamId);
  return describe('GET', GIT_SCOPE_TEMPLATE, gitScopePath(teamId));
}

export function putTeamGitScope(teamId: number, b: TeamGitScopeBody): RequestDescription {
  checkGitScopeBody(`PUT ${GIT_SCOPE_TEMPLATE}`, teamId, b, true);
  return describe('PUT', GIT_SCOPE_TEMPLATE, gitScopePath(teamId), b);
}

export function patchTeamGitScope(teamId: number, b: TeamGitScopeBody, mode?: 'merge' | 'add'): RequestDescription {
  const route = `PATCH ${GIT_SCOPE_TEMPLATE}`;
  if (mode !== undefined) checkOneOf(route, 'mode', mode, ['merge', 'add']);
  checkGitScopeBody(route, teamId, b, false);
  return describe('PATCH', GIT_SCOPE_TEMPLATE, gitScopePath(teamId) + buildQuery([['mode', mode]]), b);
}

export function deleteTeamGitScope(teamId: number): RequestDescription {
  checkId(`DELETE ${GIT_SCOPE_TEMPLATE}`, 'team_id', teamId);
  return describe('DELETE', GIT_SCOPE_TEMPLATE, gitScopePath(teamId));
}

export function clearTeamGitScopeKey(teamId: number, key: GitScopeKey): RequestDescription {
  const template = '/api/v1/git/config/teams/{team_id}/scope/{scope_key}';
  const route = `DELETE ${template}`;
  checkId(route, 'team_id', teamId);
  checkOneOf(route, 'scope_key', key, GIT_SCOPE_KEYS);
  return describe('DELETE', template, `${gitScopePath(teamId)}/${seg(key)}`);
}
