// What the team scope answers already say, so that a read asks the service only for what they do
// not (DESIGN 7: every read must be needed). Pure: no I/O.
//
// A team PM scope answer names each entity of the scope by its entity_provider_id (api-spec,
// Team PM scope), and a team Git scope answer each repository with its id and name. When every
// entity a config's team scopes write on an (integration, type) is one the same team's answer
// already names, the config changes nothing there that an entity list would have to check: no
// list is read, and the entities the answers name stand in for it (flagged as possibly holding
// unreachable ones, so that a write naming them still has its reachability read). Likewise a
// repository of a team's desired Git scope that the team's answer holds needs no lookup: the
// answer lists only monitored repositories, so it exists and is monitored.
//
// Names are left to the lists: a `{ name: ... }` entity reference, or a repository written with
// `integration:`, is resolved against what the service holds, never against one team's answer, so
// an ambiguous name is reported as in a whole plan.

import type { EntityType, Integration, PmEntity, PmScope, TeamPmScopeResponse } from '../contract/types.js';
import type { Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';
import type { DesiredConfig, DesiredPmScope, EntityName, RepoRef } from '../core/model.js';
import type { EntityListRead } from '../core/snapshot.js';
import { listKey, pmIntegrationOf, repositoryReads, settingsByKnownId } from './read-plan.js';

/**
 * The entity lists the team scope answers stand in for: each (integration, type) a team scope of
 * the config writes where every entity written is one the same team's answer names, listed with
 * the entities the answers name.
 */
export function entityListsAnswered(
  config: DesiredConfig,
  integrations: readonly Integration[],
  answers: ReadonlyMap<number, TeamPmScopeResponse | 'not_found'>,
): EntityListRead[] {
  const involved = new Map<string, { integrationId: number; type: EntityType }>();
  const unresolved = new Set<string>();
  /** listKey -> entity id -> name, from every answer item on that integration. */
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
  const answered = [...involved].filter(([key]) => !unresolved.has(key)).map(([, list]) => list);
  return answered.map(({ integrationId, type }): EntityListRead => {
    const entities = [...(named.get(listKey(integrationId, type)) ?? [])].map(([id, name]): PmEntity => ({ entity_provider_id: id, name, state: '' }));
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

/**
 * The config as the repository read sees it once the team Git scope answers are in: each team's
 * repositories that its answer holds are taken from the answer (returned as repositories) and left
 * out of what is looked up. Monitoring patterns judged on part of the organization decide only
 * the repositories read for them (monitoringScope), never one taken from an answer.
 */
export function repositoriesAnswered(
  config: DesiredConfig,
  answers: ReadonlyMap<number, TeamGitScopeResponse | 'not_found'>,
): { forReads: DesiredConfig; repositories: Repository[] } {
  const found = new Map<number, Repository>();
  const teams = config.teams.map((team) => {
    const answer = team.id === undefined ? undefined : answers.get(team.id);
    if (team.git === undefined || answer === undefined || answer === 'not_found') return team;
    const byId = new Map(answer.repositories.map((r) => [r.id, r] as const));
    const byName = new Map<string, (typeof answer.repositories)[number][]>();
    for (const r of answer.repositories) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
    const held = (ref: RepoRef) => {
      if ('id' in ref) return byId.get(ref.id);
      const same = ref.integration === undefined ? byName.get(ref.name) : undefined;
      return same?.length === 1 ? same[0] : undefined;
    };
    const rest: RepoRef[] = [];
    for (const ref of team.git.repositories) {
      const r = held(ref);
      if (r === undefined) rest.push(ref);
      else if (!found.has(r.id)) found.set(r.id, answeredRepository(r));
    }
    return { ...team, git: { ...team.git, repositories: rest } };
  });
  return { forReads: { ...config, teams }, repositories: [...found.values()] };
}

/** Whether the team Git scope answers can spare the repository read anything: it is not the whole list anyway. */
export function answersMaySpareLookups(config: DesiredConfig): boolean {
  if (!config.teams.some((t) => (t.git?.repositories.length ?? 0) > 0)) return false;
  const teams = config.teams.map((t) => (t.git === undefined ? t : { ...t, git: { ...t.git, repositories: [] } }));
  return repositoryReads({ ...config, teams }).mode !== 'all';
}

/**
 * The repositories whose configuration was read by the id a saved plan gave (read-plan.ts,
 * settingsByKnownId), as their answers name them: the override set is planned for the repository
 * of that id. One renamed since the plan does not resolve by the config's name, and the plan is
 * refused naming it.
 */
export function configuredRepositories(config: DesiredConfig, configs: ReadonlyMap<number, RepositoryConfigResponse>): Repository[] {
  const out: Repository[] = [];
  for (const id of settingsByKnownId(config).values()) {
    const answer = configs.get(id);
    // Monitoring is not managed for these (settingsByKnownId), so their state is not used.
    if (answer !== undefined) out.push(answeredRepository({ id, name: answer.repository_name, url: '' }));
  }
  return out;
}

/**
 * What a Git scope answer says of a repository: its id, name and URL, and that it is monitored
 * (the answer lists only monitored ones). What the planner of a team Git scope uses of a
 * repository is its id, name and state; the fields the answer does not carry are left empty.
 */
function answeredRepository(r: { id: number; name: string; url: string }): Repository {
  return {
    id: r.id,
    name: r.name,
    http_url: r.url,
    provider_id: '',
    provider: 'host_a',
    integration_id: 0,
    visibility: null,
    state: 'monitored',
    failing_reason: null,
    created_at: '',
    updated_at: '',
    provider_last_pushed_at: null,
    has_webhook: false,
    is_onprem: false,
    ai_tool_rules: {},
  };
}
