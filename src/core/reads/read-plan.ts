// What to read, decided before reading: a pure function of the desired config and what has already
// been read. The I/O that carries it out is src/state/read-live.ts. Keeping the two apart lets the request
// count be argued from the config alone (docs/performance.md) and tested without a server.
//
// Each kind says what its objects need read (its reads.ts, kinds/shared/read-needs.ts); this file
// merges every kind's needs through the registry, dedupes and chunks them, and chooses how the
// repository list is read, which depends on what every kind names.
//
// The rule is "read exactly what the config manages, with the fewest calls":
//   stage 1  the integrations list, once (aliases by name and every integration id need it), and
//            beside it the team list and the users list when a kind's objects resolve against them;
//   stage 2  one entity list sequence per entity type covering every integration that needs it,
//            one PM scope read per managed team (all its integrations in one call), one Git scope
//            read per team with a `git` block, the repository list (or exact-name lookups), the org
//            configuration when defaults are managed, and repository configs named by id;
//   stage 3  what needs stage 2 data: used_by of selected entities a selection set drops, the
//            configs of repositories named by name, and the entity lists and repository lookups
//            that only team scopes need, for what their answers do not name (scope-answers.ts).

import type { ListedTeam } from '../../contract/list-types.js';
import type { DesiredConfig, EntityName, IntegrationRef, ReadScope, RepoRef } from '../model.js';
import { EVERY_KIND } from '../kinds/registry.js';
import { teamAddress } from '../kinds/shared/addresses.js';
import { pmIntegrationOf } from '../kinds/shared/pm.js';
import type { DirectoryNeeds, ReadNeeds } from '../kinds/shared/read-needs.js';
import { identifiedTeams, teamDirectory } from '../kinds/shared/team-directory.js';
import { chunk } from '../ops-common.js';
import { listKey } from '../snapshot.js';
import { API_LIMITS, ENTITY_TYPES, type EntityType, type Integration, type PmEntity, type PmProvider } from '../../contract/types.js';


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


/** Every kind's needs of a config, merged: each member is the kinds' lists end to end (registry order), or any kind's yes. */
export type MergedNeeds = Required<ReadNeeds>;

/** What the config's objects need read (kinds/shared/read-needs.ts), every kind's needs merged through the registry. */
export function readNeeds(config: DesiredConfig, scope: ReadScope): MergedNeeds {
  const all: MergedNeeds = {
    entityLists: [],
    usedBy: [],
    teamPmScopes: [],
    teamGitScopes: [],
    repositories: [],
    wholeRepositoryList: false,
    repositoryConfigsById: [],
    repositoryConfigsByName: [],
    knownById: [],
    orgConfig: false,
    monitoredTotal: false,
    unwrittenTeamScopes: false,
  };
  const into = all as unknown as Record<string, unknown>;
  for (const kind of EVERY_KIND) {
    const needs = kind.reads?.needs?.(config, scope);
    if (needs === undefined) continue;
    for (const [key, value] of Object.entries(needs)) {
      if (Array.isArray(value)) for (const item of value) (into[key] as unknown[]).push(item);
      else if (value === true) into[key] = true;
    }
  }
  return all;
}

/** Stage 1: the directories read beside the integrations, judged on the config as written (before team names resolve to ids). */
export function directoryNeeds(config: DesiredConfig): Required<DirectoryNeeds> {
  const out = { teamList: false, userList: false };
  for (const kind of EVERY_KIND) {
    const needs = kind.reads?.directories?.(config);
    if (needs?.teamList === true) out.teamList = true;
    if (needs?.userList === true) out.userList = true;
  }
  return out;
}

/** The PM integration each reference names, resolved once per reference. */
function pmResolver(config: DesiredConfig, integrations: readonly Integration[]): (ref: IntegrationRef) => Integration | undefined {
  const known = new Map<IntegrationRef, Integration | undefined>();
  return (ref) => {
    if (!known.has(ref)) known.set(ref, pmIntegrationOf(config, ref, integrations));
    return known.get(ref);
  };
}

function providerHas(integration: Integration, type: EntityType): boolean {
  return ENTITY_TYPES[integration.provider as PmProvider]?.includes(type) ?? false;
}

/** One (integration, type) list to read, and whether only answerable needs (a team scope's) ask for it. */
interface EntityNeed {
  integration: Integration;
  type: EntityType;
  answerable: boolean;
}

function entityNeeds(needs: MergedNeeds, pmOf: (ref: IntegrationRef) => Integration | undefined): EntityNeed[] {
  const out = new Map<string, EntityNeed>();
  for (const need of needs.entityLists) {
    const integration = pmOf(need.integration);
    // An unknown alias, a Git integration or a type the provider lacks is the planner's error to
    // report; reading it would only earn a 400 or 404 and hide that error behind a failed read.
    if (!integration || !providerHas(integration, need.type)) continue;
    const key = listKey(integration.id, need.type);
    const known = out.get(key);
    if (known === undefined) out.set(key, { integration, type: need.type, answerable: need.answerable === true });
    else if (need.answerable !== true) known.answerable = false;
  }
  return [...out.values()];
}

/** Groups (integration, type) pairs into one call sequence per type, in type order, each of up to 50 integrations in id order. */
function byTypeInChunks(pairs: Iterable<{ integrationId: number; type: EntityType }>, filters: Omit<EntityReadSpec, 'type' | 'integrationIds'>): EntityReadSpec[] {
  const byType = new Map<EntityType, Set<number>>();
  for (const { integrationId, type } of pairs) {
    const ids = byType.get(type) ?? new Set<number>();
    ids.add(integrationId);
    byType.set(type, ids);
  }
  const specs: EntityReadSpec[] = [];
  for (const [type, ids] of [...byType.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    for (const integrationIds of chunk([...ids].sort((a, b) => a - b), API_LIMITS.integrationIds)) specs.push({ type, integrationIds, ...filters });
  }
  return specs;
}

/**
 * Groups (integration, type) needs into one call sequence per type (chunks of 50 integrations),
 * every one with include_invalid: an entity the provider no longer exposes can still be selected
 * (the exact set must be able to drop it) or held in a team scope (a config that keeps it must
 * resolve it, and nothing is written for it). Which listed entities are unreachable is learned
 * only when a write names entities of the list (the reachability re-read, read-live.ts).
 */
export function entityReads(config: DesiredConfig, integrations: readonly Integration[], needs: MergedNeeds, include?: (key: string) => boolean): EntityReadSpec[] {
  const pairs = entityNeeds(needs, pmResolver(config, integrations))
    .filter((n) => include === undefined || include(listKey(n.integration.id, n.type)))
    .map((n) => ({ integrationId: n.integration.id, type: n.type }));
  return byTypeInChunks(pairs, { includeInvalid: true, withUsedBy: false, selectedOnly: false });
}

/**
 * The (integration, type) lists some need that no team scope answer can stand in for (a
 * selection set's: an exact set is judged against every entity): read at once, whatever the
 * team scopes say. Lists only answerable needs ask for may be answered by the team scope answers
 * instead (scope-answers.ts).
 */
export function firmListKeys(config: DesiredConfig, integrations: readonly Integration[], needs: MergedNeeds): Set<string> {
  return new Set(entityNeeds(needs, pmResolver(config, integrations)).filter((n) => !n.answerable).map((n) => listKey(n.integration.id, n.type)));
}

function teamPmScopeReads(config: DesiredConfig, integrations: readonly Integration[], needs: MergedNeeds): StageTwoReads['teamPmScopes'] {
  const pmOf = pmResolver(config, integrations);
  const byTeam = new Map<number, Set<number>>();
  for (const need of needs.teamPmScopes) {
    // Only ids the integrations list shows as live PM integrations: any other id answers 404,
    // which would be mistaken for "team not found". Unresolved ones are the planner's errors.
    const integration = pmOf(need.integration);
    if (integration === undefined) continue;
    const ids = byTeam.get(need.teamId) ?? new Set<number>();
    ids.add(integration.id);
    byTeam.set(need.teamId, ids);
  }
  const reads: StageTwoReads['teamPmScopes'] = [];
  for (const [teamId, ids] of byTeam) {
    for (const integrationIds of chunk([...ids].sort((a, b) => a - b), API_LIMITS.integrationIds)) reads.push({ teamId, integrationIds });
  }
  return reads;
}

/** How the repository list is read, for what every kind names (and what a --target names). */
export function repositoryReads(config: DesiredConfig, reads: ReadScope, needs: MergedNeeds = readNeeds(config, reads)): RepositoryReadSpec {
  return repositoryMode(needs, reads);
}

function repositoryMode(needs: Pick<MergedNeeds, 'repositories' | 'wholeRepositoryList' | 'knownById'>, reads: ReadScope): RepositoryReadSpec {
  const readById = new Set(needs.knownById.map((k) => k.id));
  const namesById = new Set(needs.knownById.flatMap((k) => (k.name === undefined ? [] : [k.name])));
  const refs = [
    ...needs.repositories.map((r) => r.ref),
    // A target naming a repository read by its known id needs no lookup to be known either.
    ...(reads.scopeRepositories ?? []).filter((r) => !('name' in r ? namesById.has(r.name) : readById.has(r.id))),
  ];
  // An id has no filter on the list, unless the scope already learned its name (read-scope.ts).
  const nameOf = new Map((reads.repositoryNames ?? []).map((r) => [r.id, r.name] as const));
  const asNamed = refs.map((r): RepoRef => ('id' in r && nameOf.has(r.id) ? { name: nameOf.get(r.id) as string } : r));
  if (needs.wholeRepositoryList || asNamed.some((r) => 'id' in r)) return { mode: 'all' };
  const names = [...new Set(asNamed.map((r) => ('name' in r ? r.name : '')).filter((n) => n !== ''))].sort();
  if (names.length === 0) return { mode: 'none' };
  if (names.length === 1) return { mode: 'names', names };
  return { mode: 'probe', names };
}

/**
 * Whether the team Git scope answers can spare the repository read anything: some repository is
 * answerable, and without the answerable ones the read is not the whole list anyway.
 */
export function answersMaySpareLookups(needs: MergedNeeds, reads: ReadScope): boolean {
  if (!needs.repositories.some((r) => r.answerable === true)) return false;
  return repositoryMode({ ...needs, repositories: needs.repositories.filter((r) => r.answerable !== true) }, reads).mode !== 'all';
}

/**
 * After the probe page: finish the full list when the remaining pages cost no more calls than the
 * name lookups (on a tie the full list wins: same cost, and complete data).
 */
export function finishFullList(total: number, names: readonly string[]): boolean {
  const remainingPages = Math.max(0, Math.ceil(total / API_LIMITS.repoPageSizeMax) - 1);
  return remainingPages <= names.length;
}

export function stageTwoReads(config: DesiredConfig, reads: ReadScope, integrations: readonly Integration[], needs: MergedNeeds = readNeeds(config, reads)): StageTwoReads {
  const repositories = repositoryMode(needs, reads);
  return {
    entities: entityReads(config, integrations, needs),
    teamPmScopes: teamPmScopeReads(config, integrations, needs),
    teamGitScopes: [...new Set(needs.teamGitScopes)].sort((a, b) => a - b),
    repositories,
    repositoryConfigIds: [...new Set(needs.repositoryConfigsById)].sort((a, b) => a - b),
    orgConfig: needs.orgConfig,
    // Read only when the list was not read whole (read-live.ts): else the count comes from it.
    monitoredTotal: needs.monitoredTotal && repositories.mode !== 'all',
  };
}

/**
 * Adds the scope reads of the listed teams the config does not write, when a kind needs them
 * (exact ownership deletes those teams, and a plan shows what goes with each): every PM
 * integration at once, and the Git scope.
 */
export function addUnwrittenTeamScopes(
  two: StageTwoReads,
  needs: MergedNeeds,
  config: DesiredConfig,
  reads: ReadScope,
  teamList: readonly ListedTeam[],
  integrations: readonly Integration[],
): void {
  if (!needs.unwrittenTeamScopes) return;
  const kept = new Set(identifiedTeams(config).map((t) => t.id));
  // A --changed-from plan deletes only the teams the change took out, addressed as the file had them.
  const inScope = reads.deletionsInScope === undefined ? undefined : new Set(reads.deletionsInScope);
  const deleted = (t: { id: number; name: string }): boolean =>
    inScope === undefined || inScope.has(teamAddress(t.id)) || inScope.has(teamAddress({ name: t.name }));
  const gone = teamDirectory(teamList).own.filter((t) => !kept.has(t.id) && deleted(t)).map((t) => t.id);
  const pm = integrations.filter((i) => i.type === 'pm').map((i) => i.id).sort((a, b) => a - b);
  for (const teamId of gone) {
    for (const integrationIds of chunk(pm, API_LIMITS.integrationIds)) two.teamPmScopes.push({ teamId, integrationIds });
    two.teamGitScopes.push(teamId);
  }
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
  needs: Pick<MergedNeeds, 'usedBy'> = readNeeds(config, {}),
): EntityReadSpec[] {
  const pmOf = pmResolver(config, integrations);
  const pairs: { integrationId: number; type: EntityType }[] = [];
  for (const need of needs.usedBy) {
    const integration = pmOf(need.integration);
    if (!integration || !providerHas(integration, need.type)) continue;
    const entities = lists.get(listKey(integration.id, need.type)) ?? [];
    const wanted = entityMatcher(need.keeps);
    if (entities.some((e) => e.is_selected_for_collection === true && !wanted(e))) pairs.push({ integrationId: integration.id, type: need.type });
  }
  return byTypeInChunks(pairs, { includeInvalid: true, withUsedBy: true, selectedOnly: true });
}
