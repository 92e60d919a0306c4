// What to read, decided before reading: a pure function of the desired config and what has already
// been read. The I/O that carries it out is in read-live.ts. Keeping the two apart lets the request
// count be argued from the config alone (docs/performance.md) and tested without a server.
//
// The rule is "read exactly what the config manages, with the fewest calls":
//   stage 1  the integrations list, once (aliases by name and every integration id need it);
//   stage 2  one entity list sequence per entity type covering every integration that needs it,
//            one PM scope read per managed team (all its integrations in one call), one Git scope
//            read per team with a `git` block, the repository list (or exact-name lookups), the org
//            configuration when defaults are managed, and repository configs named by id;
//   stage 3  what needs stage 2 data: used_by of selected entities a selection set drops, the
//            configs of repositories named by name, and the entity lists and repository lookups
//            that only team scopes need, for what their answers do not name (scope-answers.ts).

import type { DesiredConfig, DesiredRepository, DesiredTeam, EntityName, IntegrationRef, RepoRef } from '../core/model.js';
import { identifiedTeams, isNewTeamId } from '../core/kinds/team-directory.js';
import { chunk } from '../core/ops-common.js';
import { resolveIntegration } from '../core/resolve.js';
import { hasRules, isGlobRef } from '../core/rules.js';
import { API_LIMITS, ENTITY_TYPES, type EntityType, type Integration, type PmEntity, type PmProvider } from '../contract/types.js';


/** One entity list call sequence: one entity type, up to 50 integrations, fixed filters. */
export interface EntityReadSpec {
  type: EntityType;
  integrationIds: number[];
  /**
   * Also return entities the provider no longer exposes: a selected one may need deselecting, and
   * a team scope may hold one that the config keeps. False only on the reachability re-read.
   */
  includeInvalid: boolean;
  withUsedBy: boolean;
  selectedOnly: boolean;
}

/**
 * How the repository list is read:
 * - `all`: every page (monitoring patterns, or a repository named by id: no id filter exists);
 * - `names`: one exact-name lookup per name (a single name: nothing can be cheaper);
 * - `probe`: page 1 of the full list first; its total tells whether finishing the pages
 *   (ceil(total/100) - 1 more calls) or looking the names up (one call each) is cheaper.
 */
export type RepositoryReadSpec =
  | { mode: 'none' }
  | { mode: 'all' }
  | { mode: 'names'; names: string[] }
  | { mode: 'probe'; names: string[] };

export interface StageTwoReads {
  entities: EntityReadSpec[];
  /** One read per team that has PM scopes in the config, all of its integrations at once. */
  teamPmScopes: { teamId: number; integrationIds: number[] }[];
  /** Teams with a `git` block. */
  teamGitScopes: number[];
  repositories: RepositoryReadSpec;
  /** Repositories whose settings are managed and that the config names by id (or a saved plan gives the id of). */
  repositoryConfigIds: number[];
  orgConfig: boolean;
  /** Count the monitored repositories with one filtered call (monitoring judged on some repositories). */
  monitoredTotal: boolean;
}

/** The integration an alias or id names, when it is a live PM integration; else undefined. */
export function pmIntegrationOf(config: DesiredConfig, ref: IntegrationRef, integrations: readonly Integration[]): Integration | undefined {
  const found = resolveIntegration(config, ref, [...integrations]).value;
  return found && found.type === 'pm' ? found : undefined;
}

function providerHas(integration: Integration, type: EntityType): boolean {
  return ENTITY_TYPES[integration.provider as PmProvider]?.includes(type) ?? false;
}

/** Entity types each (integration) needs listed. */
interface EntityNeed {
  integration: Integration;
  type: EntityType;
}

function entityNeeds(config: DesiredConfig, integrations: readonly Integration[]): EntityNeed[] {
  const needs = new Map<string, EntityNeed>();
  const add = (ref: IntegrationRef, type: EntityType): void => {
    const integration = pmIntegrationOf(config, ref, integrations);
    // An unknown alias, a Git integration or a type the provider lacks is the planner's error to
    // report; reading it would only earn a 400 or 404 and hide that error behind a failed read.
    if (!integration || !providerHas(integration, type)) return;
    const key = `${integration.id}/${type}`;
    if (!needs.has(key)) needs.set(key, { integration, type });
  };
  for (const selection of config.collection) add(selection.integration, selection.entityType);
  for (const team of config.teams) {
    for (const scope of team.pm) {
      if (scope.boards?.length) add(scope.integration, 'boards');
      if (scope.epics?.length) add(scope.integration, 'epics');
      if (scope.labels?.length) add(scope.integration, 'labels');
      if (scope.fields?.length) add(scope.integration, 'fields');
      if (scope.project_team_areas?.length) {
        // An entry must name a project, a team of that project and areas of that team: checking
        // it takes all three lists (teams carry parent_project, areas carry their teams).
        add(scope.integration, 'projects');
        add(scope.integration, 'teams');
        add(scope.integration, 'areas');
      }
    }
  }
  return [...needs.values()];
}

/**
 * Groups (integration, type) needs into one call sequence per type (chunks of 50 integrations),
 * every one with include_invalid: an entity the provider no longer exposes can still be selected
 * (the exact set must be able to drop it) or held in a team scope (a config that keeps it must
 * resolve it, and nothing is written for it). Which listed entities are unreachable is learned
 * only when a write names entities of the list (the reachability re-read, read-live.ts).
 */
export function entityReads(config: DesiredConfig, integrations: readonly Integration[], include?: (key: string) => boolean): EntityReadSpec[] {
  const byType = new Map<EntityType, EntityNeed[]>();
  for (const need of entityNeeds(config, integrations)) {
    if (include !== undefined && !include(listKey(need.integration.id, need.type))) continue;
    const list = byType.get(need.type) ?? [];
    list.push(need);
    byType.set(need.type, list);
  }
  const specs: EntityReadSpec[] = [];
  for (const [type, needs] of [...byType.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const ids = needs.map((n) => n.integration.id).sort((a, b) => a - b);
    for (const integrationIds of chunk(ids, API_LIMITS.integrationIds)) {
      specs.push({ type, integrationIds, includeInvalid: true, withUsedBy: false, selectedOnly: false });
    }
  }
  return specs;
}

/**
 * The (integration, type) lists the selection sets need: read whatever the team scopes say (an
 * exact set is judged against every entity). Lists only team scopes need may be answered by the
 * team scope answers instead (scope-answers.ts).
 */
export function selectionListKeys(config: DesiredConfig, integrations: readonly Integration[]): Set<string> {
  return new Set(entityNeeds({ ...config, teams: [] }, integrations).map((n) => listKey(n.integration.id, n.type)));
}

/** The config's teams the service has: a team the plan creates has no scope to read (it is empty). */
function listedTeams(config: DesiredConfig): (DesiredTeam & { id: number })[] {
  return identifiedTeams(config).filter((t) => !isNewTeamId(t.id));
}

function teamPmScopeReads(config: DesiredConfig, integrations: readonly Integration[]): StageTwoReads['teamPmScopes'] {
  const reads: StageTwoReads['teamPmScopes'] = [];
  for (const team of listedTeams(config)) {
    if (team.pm.length === 0) continue;
    const ids = new Set<number>();
    for (const scope of team.pm) {
      const integration = pmIntegrationOf(config, scope.integration, integrations);
      if (integration) ids.add(integration.id);
    }
    // Only ids the integrations list shows as live PM integrations: any other id answers 404,
    // which would be mistaken for "team not found". Unresolved ones are the planner's errors.
    if (ids.size === 0) continue;
    for (const integrationIds of chunk([...ids].sort((a, b) => a - b), API_LIMITS.integrationIds)) {
      reads.push({ teamId: team.id, integrationIds });
    }
  }
  return reads;
}

/** Every repository reference in the config: per-repository entries and team Git scopes (not their globs). */
export function repositoryRefs(config: DesiredConfig): RepoRef[] {
  const refs: RepoRef[] = config.git.repositories.map((r) => r.ref);
  for (const team of config.teams) refs.push(...(team.git?.repositories ?? []).filter((r) => !isGlobRef(r)));
  return refs;
}

/**
 * On the desired state of a saved plan (DesiredGit.repositoryIds set: apply PLANFILE), the entries
 * whose override set is read by id alone, each with that id: written by id, or by a name the plan's
 * read records give the id of. Their configurations are read by id (the answer names the
 * repository), and they are neither looked up nor a reason to read the whole list. Not an entry
 * that also manages `monitored:` (its state needs the list or a lookup).
 */
export function settingsByKnownId(config: DesiredConfig): Map<DesiredRepository, number> {
  const out = new Map<DesiredRepository, number>();
  if (config.git.repositoryIds === undefined) return out;
  const known = new Map(config.git.repositoryIds.map((r) => [r.name, r.id] as const));
  for (const entry of config.git.repositories) {
    if (entry.settings === undefined || entry.monitored !== undefined) continue;
    const id = 'id' in entry.ref ? entry.ref.id : entry.ref.integration === undefined ? known.get(entry.ref.name) : undefined;
    if (id !== undefined) out.set(entry, id);
  }
  return out;
}

export function repositoryReads(config: DesiredConfig): RepositoryReadSpec {
  const byKnownId = settingsByKnownId(config);
  const readById = new Set(byKnownId.values());
  const namesById = new Set([...byKnownId.keys()].flatMap((e) => ('name' in e.ref ? [e.ref.name] : [])));
  const refs = [
    ...config.git.repositories.filter((e) => !byKnownId.has(e)).map((e) => e.ref),
    ...config.teams.flatMap((t) => (t.git?.repositories ?? []).filter((r) => !isGlobRef(r))),
    ...(config.git.monitoring !== undefined ? (config.git.monitoringScope ?? []) : []),
    // A target naming a repository read by its known id needs no lookup to be known either.
    ...(config.git.scopeRepositories ?? []).filter((r) => !('name' in r ? namesById.has(r.name) : readById.has(r.id))),
  ];
  // Rules match every monitored repository (DESIGN 2.1): the list they need is the one monitoring reads.
  const wholeListForPatterns = (config.git.monitoring !== undefined && config.git.monitoringScope === undefined) || hasRules(config);
  // An id has no filter on the list, unless the scope already learned its name (read-scope.ts).
  const nameOf = new Map((config.git.repositoryNames ?? []).map((r) => [r.id, r.name] as const));
  const asNamed = refs.map((r): RepoRef => ('id' in r && nameOf.has(r.id) ? { name: nameOf.get(r.id) as string } : r));
  if (wholeListForPatterns || asNamed.some((r) => 'id' in r)) return { mode: 'all' };
  const names = [...new Set(asNamed.map((r) => ('name' in r ? r.name : '')).filter((n) => n !== ''))].sort();
  if (names.length === 0) return { mode: 'none' };
  if (names.length === 1) return { mode: 'names', names };
  return { mode: 'probe', names };
}

/**
 * After the probe page: finish the full list when the remaining pages cost no more calls than the
 * name lookups (on a tie the full list wins: same cost, and complete data).
 */
export function finishFullList(total: number, names: readonly string[]): boolean {
  const remainingPages = Math.max(0, Math.ceil(total / API_LIMITS.repoPageSizeMax) - 1);
  return remainingPages <= names.length;
}

export function stageTwoReads(config: DesiredConfig, integrations: readonly Integration[]): StageTwoReads {
  const repositoryConfigIds = [
    ...new Set([
      ...config.git.repositories.filter((r) => r.settings !== undefined && 'id' in r.ref).map((r) => (r.ref as { id: number }).id),
      ...settingsByKnownId(config).values(),
    ]),
  ].sort((a, b) => a - b);
  const repositories = repositoryReads(config);
  return {
    entities: entityReads(config, integrations),
    teamPmScopes: teamPmScopeReads(config, integrations),
    teamGitScopes: [...new Set(listedTeams(config).filter((t) => t.git !== undefined).map((t) => t.id))].sort((a, b) => a - b),
    repositories,
    repositoryConfigIds,
    orgConfig: Object.keys(config.git.defaults).length > 0,
    // Read only when the list was not read whole (read-live.ts): else the count comes from it.
    monitoredTotal: config.git.monitoring !== undefined && config.git.monitoringScope !== undefined && repositories.mode !== 'all',
  };
}

// ---- stage 3 -------------------------------------------------------------------------------

/** The config's entries of one selection, by id and by name: one lookup per live entity, not a scan. */
function entityMatcher(wanted: readonly EntityName[]): (entity: PmEntity) => boolean {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const w of wanted) {
    if ('id' in w) ids.add(w.id);
    else names.add(w.name);
  }
  return (entity) => ids.has(entity.entity_provider_id) || names.has(entity.name);
}

/**
 * used_by is needed only to predict entity_in_use on a deselect, so it is read only for selection
 * sets that drop a selected entity, and only the selected entities are read again (with used_by):
 * ceil(selected/1000) extra calls when something is deselected, none otherwise. Reading the full
 * list with used_by up front would save those calls on a deselect but make every plan's largest
 * read the slow kind (the spec: with_used_by=false "gives a faster read").
 *
 * `lists` are the stage 2 entity lists (integration id, type) -> entities.
 */
export function usedByReads(
  config: DesiredConfig,
  integrations: readonly Integration[],
  lists: ReadonlyMap<string, readonly PmEntity[]>,
): EntityReadSpec[] {
  const byType = new Map<EntityType, Set<number>>();
  for (const selection of config.collection) {
    const integration = pmIntegrationOf(config, selection.integration, integrations);
    if (!integration || !providerHas(integration, selection.entityType)) continue;
    const entities = lists.get(listKey(integration.id, selection.entityType)) ?? [];
    const wanted = entityMatcher(selection.entities);
    const drops = entities.some((e) => e.is_selected_for_collection === true && !wanted(e));
    if (!drops) continue;
    const ids = byType.get(selection.entityType) ?? new Set<number>();
    ids.add(integration.id);
    byType.set(selection.entityType, ids);
  }
  const specs: EntityReadSpec[] = [];
  for (const [type, ids] of [...byType.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    for (const integrationIds of chunk([...ids].sort((a, b) => a - b), API_LIMITS.integrationIds)) {
      specs.push({ type, integrationIds, includeInvalid: true, withUsedBy: true, selectedOnly: true });
    }
  }
  return specs;
}

export function listKey(integrationId: number, type: EntityType): string {
  return `${integrationId}/${type}`;
}
