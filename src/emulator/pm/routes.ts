// PM routes (api-spec.md endpoints 1-7): input checks in the PM family's terms (400 for unknown,
// repeated or invalid parameters and fields), then the rules in entities.ts / scopes.ts.

import {
  GIT_PROVIDERS,
  PM_PROVIDERS,
  type EntityType,
  type Methodology,
  type Provider,
  type SelectEntry,
} from '../../contract/types.js';
import { RawJson, refused } from '../route/reply.js';
import { Issues, Query, bodyInt, bodyList, isObject, noExtraFields, pathInt } from '../route/params.js';
import { listEntitiesJson, listIntegrations, selectEntities } from './entities.js';
import { clearScopeKey, deleteScope, readTeamScope, writeScopes, type ScopeItemInput, type WriteMode } from './scopes.js';
import type { Route, RouteContext } from '../route/route.js';
import { countScopeEntities } from './scope-rules.js';

const PM = 400;
const ALL_ENTITY_TYPES: readonly EntityType[] = ['boards', 'projects', 'epics', 'labels', 'fields', 'teams', 'areas'];
export const MAX_SCOPE_ITEMS = 25;
export const MAX_SCOPE_ENTITIES = 1000;

function entityTypeParam(raw: string, allowed: readonly EntityType[]): EntityType {
  if (!(allowed as readonly string[]).includes(raw)) {
    const issues = new Issues();
    issues.add(['path', 'entity_type'], 'enum', `Input should be ${allowed.map((t) => `'${t}'`).join(', ')}`);
    issues.throwIfAny(PM);
  }
  return raw as EntityType;
}

function listIntegrationsRoute(ctx: RouteContext) {
  const q = new Query(ctx.query, ['type', 'provider', 'include_invalid'], PM);
  const type = q.oneOf('type', ['pm', 'git'] as const);
  const providers = q.list<Provider>('provider', [...PM_PROVIDERS, ...GIT_PROVIDERS]);
  const includeInvalid = q.bool('include_invalid') ?? false;
  q.done();
  return { status: 200, body: listIntegrations(ctx.state, { type, providers, includeInvalid }) };
}

function listEntitiesRoute(ctx: RouteContext) {
  const type = entityTypeParam(ctx.params.entity_type!, ALL_ENTITY_TYPES);
  const q = new Query(ctx.query, ['integration_ids', 'is_selected_for_collection', 'include_invalid', 'with_used_by', 'limit', 'offset'], PM);
  const integrationIds = q.ids('integration_ids', 50);
  const selected = q.bool('is_selected_for_collection');
  const includeInvalid = q.bool('include_invalid') ?? false;
  const withUsedBy = q.bool('with_used_by') ?? true;
  const limit = q.int('limit', { min: 1, max: 1000 }) ?? 100;
  const offset = q.int('offset', { min: 0 }) ?? 0;
  q.done();
  return { status: 200, body: new RawJson(listEntitiesJson(ctx.state, { type, integrationIds, selected, includeInvalid, withUsedBy, limit, offset })) };
}

function selectRoute(ctx: RouteContext) {
  const integrationId = pathInt(ctx.params.integration_id!, 'integration_id', PM);
  const type = entityTypeParam(ctx.params.entity_type!, ['boards', 'projects']);
  new Query(ctx.query, [], PM).done();
  const body = ctx.json(PM);
  const issues = new Issues();
  const entries: SelectEntry[] = [];
  if (!isObject(body)) issues.add(['body'], 'dict_type', 'Input should be a valid dictionary');
  else {
    noExtraFields(issues, ['body'], body, ['entities']);
    const list = bodyList(issues, ['body', 'entities'], body.entities, { min: 1, max: 1000 });
    list?.forEach((e, i) => {
      const loc = ['body', 'entities', i];
      if (!isObject(e)) return issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
      noExtraFields(issues, loc, e, ['entity_provider_id', 'is_selected_for_collection']);
      if (typeof e.entity_provider_id !== 'string' || e.entity_provider_id === '') {
        issues.add([...loc, 'entity_provider_id'], e.entity_provider_id === undefined ? 'missing' : 'string_type', 'Input should be a non-empty string');
      }
      if (typeof e.is_selected_for_collection !== 'boolean') {
        issues.add([...loc, 'is_selected_for_collection'], e.is_selected_for_collection === undefined ? 'missing' : 'bool_type', 'Input should be a valid boolean');
      }
      entries.push(e as unknown as SelectEntry);
    });
  }
  issues.throwIfAny(PM);
  return selectEntities(ctx.state, ctx.journal, integrationId, type, entries);
}

function readScopeRoute(ctx: RouteContext) {
  const teamId = pathInt(ctx.params.team_id!, 'team_id', PM);
  const q = new Query(ctx.query, ['integration_ids'], PM);
  const integrationIds = q.ids('integration_ids', 50);
  q.done();
  return { status: 200, body: readTeamScope(ctx.state, teamId, integrationIds) };
}

/** Checks the endpoint 5 body shape and limits; what is inside each scope is judged item by item. */
function scopeWriteBody(ctx: RouteContext, post: boolean): { team_id: number; items: ScopeItemInput[] }[] {
  const body = ctx.json(PM);
  const issues = new Issues();
  const teams: { team_id: number; items: ScopeItemInput[] }[] = [];
  let itemCount = 0;
  let entityCount = 0;
  if (!isObject(body)) issues.add(['body'], 'dict_type', 'Input should be a valid dictionary');
  else {
    noExtraFields(issues, ['body'], body, ['teams']);
    bodyList(issues, ['body', 'teams'], body.teams, {})?.forEach((t, i) => {
      const tLoc = ['body', 'teams', i];
      if (!isObject(t)) return issues.add(tLoc, 'dict_type', 'Input should be a valid dictionary');
      noExtraFields(issues, tLoc, t, ['team_id', 'items', 'team_name']);
      const teamId = bodyInt(issues, [...tLoc, 'team_id'], t.team_id);
      const items: ScopeItemInput[] = [];
      bodyList(issues, [...tLoc, 'items'], t.items, {})?.forEach((item, j) => {
        const loc = [...tLoc, 'items', j];
        if (!isObject(item)) return issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
        // Read-only fields of a read item are accepted and ignored (endpoint 5, rule 4).
        noExtraFields(issues, loc, item, ['integration_id', 'scope', 'methodology', 'provider', 'integration_name']);
        const integrationId = bodyInt(issues, [...loc, 'integration_id'], item.integration_id);
        if (item.scope === undefined && post) issues.add([...loc, 'scope'], 'missing', 'Field required');
        else if (item.scope !== undefined && !isObject(item.scope)) issues.add([...loc, 'scope'], 'dict_type', 'Input should be a valid dictionary');
        if (item.methodology !== undefined && item.methodology !== 'Scrum' && item.methodology !== 'Kanban') {
          issues.add([...loc, 'methodology'], 'enum', "Input should be 'Scrum' or 'Kanban'");
        }
        itemCount++;
        entityCount += countScopeEntities(item.scope);
        items.push({
          integration_id: integrationId ?? 0,
          ...(isObject(item.scope) ? { scope: item.scope } : {}),
          ...(item.methodology !== undefined ? { methodology: item.methodology as Methodology } : {}),
        });
      });
      teams.push({ team_id: teamId ?? 0, items });
    });
  }
  if (itemCount > MAX_SCOPE_ITEMS) issues.add(['body', 'teams'], 'too_long', `At most ${MAX_SCOPE_ITEMS} team-and-integration items per call, got ${itemCount}`);
  if (entityCount > MAX_SCOPE_ENTITIES) issues.add(['body', 'teams'], 'too_long', `At most ${MAX_SCOPE_ENTITIES} entities per call, got ${entityCount}`);
  issues.throwIfAny(PM);
  const seenTeams = new Set<number>();
  for (const t of teams) {
    if (seenTeams.has(t.team_id)) throw refused(400, `team ${t.team_id} is named more than once`);
    seenTeams.add(t.team_id);
    const seen = new Set<number>();
    for (const item of t.items) {
      if (seen.has(item.integration_id)) throw refused(400, `integration ${item.integration_id} is named more than once under team ${t.team_id}`);
      seen.add(item.integration_id);
    }
  }
  return teams;
}

function patchScopesRoute(ctx: RouteContext) {
  const q = new Query(ctx.query, ['mode'], PM);
  const mode = q.oneOf('mode', ['merge', 'add'] as const) ?? 'merge';
  q.done();
  return writeScopes(ctx.state, ctx.journal, scopeWriteBody(ctx, false), mode as WriteMode);
}

function postScopesRoute(ctx: RouteContext) {
  new Query(ctx.query, [], PM).done();
  return writeScopes(ctx.state, ctx.journal, scopeWriteBody(ctx, true), 'replace');
}

function integrationIdParam(ctx: RouteContext): number {
  const q = new Query(ctx.query, ['integration_id'], PM);
  const id = q.int('integration_id', { required: true, min: 1 });
  q.done();
  return id!;
}

function clearKeyRoute(ctx: RouteContext) {
  const teamId = pathInt(ctx.params.team_id!, 'team_id', PM);
  const integrationId = integrationIdParam(ctx);
  return clearScopeKey(ctx.state, ctx.journal, teamId, ctx.params.scope_key!, integrationId);
}

function deleteScopeRoute(ctx: RouteContext) {
  const teamId = pathInt(ctx.params.team_id!, 'team_id', PM);
  const integrationId = integrationIdParam(ctx);
  return deleteScope(ctx.state, ctx.journal, teamId, integrationId);
}

export const PM_ROUTES: Route[] = [
  { method: 'GET', template: '/api/v1/integrations', family: 'pm', handle: listIntegrationsRoute },
  { method: 'GET', template: '/api/v2/pm/entities/{entity_type}', family: 'pm', handle: listEntitiesRoute },
  { method: 'PATCH', template: '/api/v2/pm/integrations/{integration_id}/entities/{entity_type}', family: 'pm', handle: selectRoute },
  { method: 'GET', template: '/api/v1/pm/config/teams/{team_id}/scope', family: 'pm', handle: readScopeRoute },
  { method: 'PATCH', template: '/api/v1/pm/config/teams/scope', family: 'pm', handle: patchScopesRoute },
  { method: 'POST', template: '/api/v1/pm/config/teams/scope', family: 'pm', handle: postScopesRoute },
  { method: 'DELETE', template: '/api/v1/pm/config/teams/{team_id}/scope/{scope_key}', family: 'pm', handle: clearKeyRoute },
  { method: 'DELETE', template: '/api/v1/pm/config/teams/{team_id}/scope', family: 'pm', handle: deleteScopeRoute },
];
