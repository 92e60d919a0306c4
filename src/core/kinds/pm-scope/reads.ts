// What a team's PM scopes need read: one PM scope read per listed team (all its integrations at
// once), and the entity lists the keys resolve their entities against, which the scope answers
// may stand in for (listsAnswered).
//
// A team PM scope answer names each entity of the scope by its entity_provider_id (api-spec,
// Team PM scope). When every entity the config's team scopes write on an (integration, type) is
// one the same team's answer already names, the config changes nothing there that an entity list
// would have to check: no list is read, and the entities the answers name stand in for it
// (flagged as possibly holding unreachable ones, so that a write naming them still has its
// reachability read). Names are left to the lists: a `{ name: ... }` reference is resolved against
// what the service holds, never against one team's answer, so an ambiguous name is reported as in
// a whole plan.

import type { EntityType, Integration, PmEntity, PmScope, TeamPmScopeResponse } from '../../../contract/types.js';
import type { DesiredConfig, DesiredPmScope, EntityName } from '../../model.js';
import { listKey, type EntityListRead } from '../../snapshot.js';
import { pmIntegrationOf } from '../shared/pm.js';
import type { EntityListNeed, KindReads, ReadNeeds } from '../shared/read-needs.js';
import { listedTeams } from '../shared/team-directory.js';

/** The entity types a desired scope's written keys resolve against. */
function keyTypes(scope: DesiredPmScope): EntityType[] {
  const types: EntityType[] = [];
  if (scope.boards?.length) types.push('boards');
  if (scope.epics?.length) types.push('epics');
  if (scope.labels?.length) types.push('labels');
  if (scope.fields?.length) types.push('fields');
  // An entry must name a project, a team of that project and areas of that team: checking it
  // takes all three lists (teams carry parent_project, areas carry their teams).
  if (scope.project_team_areas?.length) types.push('projects', 'teams', 'areas');
  return types;
}

function needs(config: DesiredConfig): ReadNeeds {
  const entityLists: EntityListNeed[] = [];
  // A team the plan creates resolves its entities too; only its (empty) scope is not read.
  for (const team of config.teams) {
    for (const scope of team.pm) for (const type of keyTypes(scope)) entityLists.push({ integration: scope.integration, type, answerable: true });
  }
  const teamPmScopes: ReadNeeds['teamPmScopes'] = [];
  for (const team of listedTeams(config)) for (const scope of team.pm) teamPmScopes.push({ teamId: team.id, integration: scope.integration });
  return { entityLists, teamPmScopes };
}

/**
 * The entity lists the team scope answers stand in for: each (integration, type) a team scope of
 * the config writes where every entity written is one the same team's answer names, listed with
 * the entities the answers name.
 */
function listsAnswered(config: DesiredConfig, integrations: readonly Integration[], answers: ReadonlyMap<number, TeamPmScopeResponse | 'not_found'>): EntityListRead[] {
  const involved = new Map<string, { integrationId: number; type: EntityType }>();
  const unresolved = new Set<string>();
  /** list -> entity id -> name, from every answer item on that integration. */
  const named = new Map<string, Map<string, string>>();
  const note = (integrationId: number, type: EntityType, id: string, name?: string): void => {
    const key = listKey(integrationId, type);
    let entities = named.get(key);
    if (entities === undefined) named.set(key, (entities = new Map()));
    if (!entities.has(id) || name !== undefined) entities.set(id, name ?? entities.get(id) ?? '');
  };
  for (const team of config.teams) {
    const answer = team.id === undefined ? undefined : answers.get(team.id);
    // A team that is not there is the planner's error; it resolves nothing, so it needs no list.
    if (answer === undefined || answer === 'not_found') continue;
    for (const desired of team.pm) {
      const integration = pmIntegrationOf(config, desired.integration, integrations);
      if (integration === undefined) continue;
      const live: PmScope = answer.items.find((i) => i.integration_id === integration.id)?.scope ?? {};
      for (const [type, resolved] of keysResolved(desired, live)) {
        const key = listKey(integration.id, type);
        involved.set(key, { integrationId: integration.id, type });
        if (!resolved) unresolved.add(key);
      }
      for (const b of live.boards ?? []) note(integration.id, 'boards', b.entity_provider_id, b.name);
      for (const e of live.epics ?? []) note(integration.id, 'epics', e.entity_provider_id, e.name);
      for (const l of live.labels ?? []) note(integration.id, 'labels', l.name, l.name);
      for (const f of live.fields ?? []) note(integration.id, 'fields', f.entity_provider_id, f.name);
      for (const p of live.project_team_areas ?? []) {
        note(integration.id, 'projects', p.project.entity_provider_id, p.project.name);
        note(integration.id, 'teams', p.team.entity_provider_id, p.team.name);
        for (const a of p.areas) note(integration.id, 'areas', a.entity_provider_id, a.name);
      }
    }
  }
  const answered = [...involved].filter(([key]) => !unresolved.has(key));
  return answered.map(([key, { integrationId, type }]): EntityListRead => {
    const entities = [...(named.get(key) ?? [])].map(([id, name]): PmEntity => ({ entity_provider_id: id, name, state: '' }));
    return { integrationId, type, entities, withUsedBy: false, selectedOnly: false, includesUnreachable: true };
  });
}

/**
 * Per entity type a desired scope writes (a non-empty key), whether every entity it names is one
 * the live scope on that integration names (by id; project_team_areas entries whole, so that no
 * entry the answer lacks needs its project, team and areas checked against each other).
 */
function keysResolved(desired: DesiredPmScope, live: PmScope): [EntityType, boolean][] {
  const out: [EntityType, boolean][] = [];
  const ids = (list: readonly { entity_provider_id: string }[] | undefined) => new Set((list ?? []).map((e) => e.entity_provider_id));
  const byId = (refs: readonly EntityName[], known: ReadonlySet<string>) => refs.every((r) => 'id' in r && known.has(r.id));
  if (desired.boards?.length) out.push(['boards', byId(desired.boards, ids(live.boards))]);
  if (desired.epics?.length) out.push(['epics', byId(desired.epics, ids(live.epics))]);
  if (desired.labels?.length) {
    const labels = new Set((live.labels ?? []).map((l) => l.name));
    out.push(['labels', desired.labels.every((l) => labels.has(l))]);
  }
  if (desired.fields?.length) out.push(['fields', byId(desired.fields.map((f) => f.field), ids(live.fields))]);
  if (desired.project_team_areas?.length) {
    const entry = (project: string, team: string, areas: readonly string[]) => JSON.stringify([project, team, [...areas].sort()]);
    const entries = new Set((live.project_team_areas ?? []).map((p) => entry(p.project.entity_provider_id, p.team.entity_provider_id, p.areas.map((a) => a.entity_provider_id))));
    const all = desired.project_team_areas.every((p) => {
      const refs = [p.project, p.team, ...p.areas];
      if (!refs.every((r) => 'id' in r)) return false;
      const id = (r: EntityName) => (r as { id: string }).id;
      return entries.has(entry(id(p.project), id(p.team), p.areas.map(id)));
    });
    for (const type of ['projects', 'teams', 'areas'] as const) out.push([type, all]);
  }
  return out;
}

export const pmScopeReads: KindReads = { needs, listsAnswered };
