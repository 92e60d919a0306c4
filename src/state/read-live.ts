// Reads live state into a LiveSnapshot: carries out what core/reads/read-plan.ts decided, concurrently (the
// client paces each route; ReadScheduler keeps routes side by side and stops after a failure).
// A failed read aborts with an error naming what could not be read: it never turns into "nothing
// exists". The one exception the planner expects is a team that is not there: a 404 on a team
// scope read becomes 'not_found'.

import type { EntityType, PmEntity, TeamPmScopeResponse } from '../contract/types.js';
import type { OrgConfigResponse, Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';
import { API_LIMITS } from '../contract/types.js';
import { EmctlError } from '../contract/errors.js';
import { DEFAULT_CONCURRENCY } from '../contract/defaults.js';
import { chunk } from '../core/ops-common.js';
import type { DesiredConfig, ReadScope } from '../core/model.js';
import { addToRepositoryIndex, indexRepositories, resolveRepository, type NameIndex } from '../core/resolve.js';
import { expandRules, hasRules, type Expansion } from '../core/rules.js';
import { identifiedTeams, isNewTeamId, resolveTeamIds, teamDirectory } from '../core/kinds/shared/team-directory.js';
import { listKey, type EntityListRead, type LiveSnapshot } from '../core/snapshot.js';
import {
  addUnwrittenTeamScopes,
  answersMaySpareLookups,
  directoryNeeds,
  entityReads,
  firmListKeys,
  readNeeds,
  repositoryReads,
  stageTwoReads,
  usedByReads,
} from '../core/reads/read-plan.js';
import { configuredRepositories, entityListsAnswered, repositoriesAnswered } from '../core/reads/scope-answers.js';
import { allOrFirstFailure, type LaneObserver } from './scheduler.js';
import type { ReadSources } from '../core/reads/sources.js';
import { LiveReader, type StateClient } from './live-reader.js';


export interface ReadOptions {
  /** Reads of one route handed to the client at a time (default DEFAULT_CONCURRENCY, like --concurrency). */
  perRoute?: number;
  /** Told of reads held back in their route's lane (a progress line counts them as to come). */
  observer?: LaneObserver;
  /**
   * Given the PM part of the snapshot (integrations, entity lists, team PM scopes) as soon as it
   * is in, the entity lists whose reachability the plan will ask for (src/core/reads/early-reachability.ts):
   * they are read again without unreachable entities while the rest of the read goes on (under
   * pacing the repository configurations take longest), not after the plan is built.
   */
  reachabilityFor?: (pm: LiveSnapshot) => readonly { integrationId: number; type: string }[] | undefined;
  /**
   * Under exact ownership, also read the PM and Git scopes of the teams the plan deletes, so the
   * plan shows what goes with each (two calls per deleted team). A plan asks; apply's re-read does not.
   */
  deletedTeamScopes?: boolean;
}

export interface LiveRead {
  snapshot: LiveSnapshot;
  /** Which GET produced each live object, for the plan's read records. */
  sources: ReadSources;
  /**
   * The config's rules expanded against the repository list (core/rules.ts): the configurations of
   * the repositories they write were read with the rest. Absent when the config has no rules.
   */
  expansion?: Expansion;
}

type Entry<T> = readonly [number, T];

/**
 * Stage 1 is the integrations list (aliases by name, provider checks and every filter need it).
 * After it, three independent chains run side by side, each starting its stage 3 part as soon as
 * its own stage 2 data is in, not when every stage 2 read is: PM (the selection sets' entity
 * lists; the lists only team scopes need once the PM scope answers tell which they do not name;
 * then used_by of dropped selections), repositories (the list or the lookups, without the team Git
 * scope repositories the answers hold; then configs of repositories named by name) and the rest
 * (team scopes, org config, configs of repositories named by id). Under a rate limit this
 * matters: the repository configs, usually the busiest route, need not wait for the team scopes.
 * The repository read waits for the Git scope answers only when nothing else makes it read the
 * whole list anyway (monitoring patterns judged on every repository, an id written elsewhere).
 */
export async function readLiveState(client: StateClient, written: DesiredConfig, reads: ReadScope, options: ReadOptions = {}): Promise<LiveRead> {
  const reader = new LiveReader(client, options.perRoute ?? DEFAULT_CONCURRENCY, options.observer);
  // The team list (and the contributors, for members named by email) beside the integrations:
  // name keys get their ids from it before their scopes are read (kinds/team-directory.ts).
  const directories = directoryNeeds(written);
  const teamRead = directories.teamList ? reader.teamList() : undefined;
  const userRead = directories.userList ? reader.users() : undefined;
  teamRead?.catch(() => undefined);
  userRead?.catch(() => undefined);
  const [integrations, teams, users] = await Promise.all([reader.integrations(), teamRead, userRead]);
  const teamList = teams?.listed === true ? teams.items : undefined;
  const config = resolveTeamIds(written, teamList === undefined ? undefined : teamDirectory(teamList)).config;
  const needs = readNeeds(config, reads);
  const two = stageTwoReads(config, reads, integrations, needs);
  if (options.deletedTeamScopes === true && teamList !== undefined) addUnwrittenTeamScopes(two, needs, config, reads, teamList, integrations);

  const teamPmRead = allOrFirstFailure(two.teamPmScopes.map(async (r) => [r.teamId, await reader.teamPmScope(r.teamId, r.integrationIds)] as const));
  const teamGitRead = allOrFirstFailure(two.teamGitScopes.map(async (id) => [id, await reader.teamGitScope(id)] as const));

  // The lists some need no answer can stand in for (a selection set's) go out at once; those only
  // team scopes need wait for the scope answers, which may hold every entity the config names
  // there (core/reads/scope-answers.ts).
  const forSelections = firmListKeys(config, integrations, needs);
  const pmChain = async (): Promise<EntityListRead[]> => {
    const first = allOrFirstFailure(entityReads(config, integrations, needs, (key) => forSelections.has(key)).map((spec) => reader.entities(spec)));
    let answered: EntityListRead[] = [];
    let rest: Promise<EntityListRead[][]> = Promise.resolve([]);
    if (two.entities.some((spec) => spec.integrationIds.some((id) => !forSelections.has(listKey(id, spec.type))))) {
      first.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled rejection
      answered = entityListsAnswered(config, integrations, new Map(await teamPmRead)).filter((l) => !forSelections.has(listKey(l.integrationId, l.type)));
      const skip = new Set(answered.map((l) => listKey(l.integrationId, l.type)));
      rest = allOrFirstFailure(entityReads(config, integrations, needs, (key) => !forSelections.has(key) && !skip.has(key)).map((spec) => reader.entities(spec)));
    }
    const full = (await allOrFirstFailure([first, rest])).flat(2);
    const lists = new Map<string, PmEntity[]>(full.map((l) => [listKey(l.integrationId, l.type), l.entities]));
    const usedBy = (await allOrFirstFailure(usedByReads(config, integrations, lists, needs).map((spec) => reader.entities(spec)))).flat();
    return [...full, ...answered, ...usedBy];
  };

  const byIdWanted = new Set(two.repositoryConfigIds);
  const repositoryChain = async (): Promise<{
    repos: { items: Repository[]; complete: boolean };
    answered: Repository[];
    monitoredTotal: number | undefined;
    configs: Entry<RepositoryConfigResponse | undefined>[];
    expansion: Expansion | undefined;
  }> => {
    // Configurations of repositories named by name start as the pages that hold them arrive, not
    // after the last page: under pacing the list and the configurations are two routes that
    // can run side by side. A name is taken as soon as the pages seen so far resolve it; in the
    // one case where a later page changes that (a name on two integrations, which the planner
    // then reports as ambiguous) the plan fails anyway, so no successful plan reads more.
    const named = needs.repositoryConfigsByName;
    const byNameWanted = new Map<string, typeof named>();
    for (const ref of named) byNameWanted.set(ref.name, [...(byNameWanted.get(ref.name) ?? []), ref]);
    // The named repositories seen so far, indexed as their pages arrive (one insert each).
    const seen: NameIndex = { byId: new Map(), byName: new Map() };
    const started = new Map<number, Promise<Entry<RepositoryConfigResponse | undefined>>>();
    const start = (id: number): void => {
      if (byIdWanted.has(id) || started.has(id)) return;
      const read = reader.repositoryConfig(id).then((c) => [id, c] as const);
      // Awaited below with the others; handled now so a failure while the list is still being
      // read is not an unhandled rejection.
      read.catch(() => undefined);
      started.set(id, read);
    };
    reader.onRepositoryPage = (items) => {
      const fresh = items.filter((r) => byNameWanted.has(r.name));
      if (fresh.length === 0) return;
      addToRepositoryIndex(seen, fresh);
      for (const repo of fresh) {
        for (const ref of byNameWanted.get(repo.name) ?? []) {
          const resolved = resolveRepository(ref, seen, config, integrations).value;
          if (resolved) start(resolved.id);
        }
      }
    };
    // Repositories of team Git scopes that the teams' answers hold are not looked up.
    let spec = two.repositories;
    let answered: Repository[] = [];
    if (spec.mode !== 'none' && answersMaySpareLookups(needs, reads)) {
      const fromAnswers = repositoriesAnswered(config, new Map(await teamGitRead));
      spec = repositoryReads(fromAnswers.forReads, reads);
      answered = fromAnswers.repositories;
    }
    let repos: { items: Repository[]; complete: boolean };
    try {
      repos = await reader.repositories(spec);
    } catch (error) {
      await Promise.allSettled(started.values()); // nothing left running after the failure is known
      throw error;
    } finally {
      reader.onRepositoryPage = undefined;
    }
    const index = indexRepositories(repos.items);
    const byName = new Set<number>();
    for (const ref of named) {
      const repo = resolveRepository(ref, index, config, integrations).value;
      if (repo && !byIdWanted.has(repo.id)) byName.add(repo.id);
    }
    // The repositories the rules write, known once the whole list is in (rules.ts), each read by id.
    const expansion = hasRules(config) ? expandRules(config, reads, { repositories: repos.items, repositoriesComplete: repos.complete, integrations }) : undefined;
    for (const entry of expansion?.config.git.repositories ?? []) {
      if (entry.rule !== undefined && 'id' in entry.ref && !byIdWanted.has(entry.ref.id)) byName.add(entry.ref.id);
    }
    for (const id of [...byName].sort((a, b) => a - b)) start(id);
    // Only when the list was not read whole (a probe may have finished it): then it gives the count.
    const counted = two.monitoredTotal && !repos.complete ? reader.monitoredTotal() : Promise.resolve(undefined);
    const [configs, monitoredTotal] = await Promise.all([allOrFirstFailure([...started.values()]), counted]);
    return { repos, answered, monitoredTotal, configs: configs.filter(([id]) => byName.has(id)).sort((a, b) => a[0] - b[0]), expansion };
  };

  const pmRead = pmChain();
  const wants = options.reachabilityFor;
  const early =
    wants === undefined
      ? Promise.resolve()
      : Promise.all([pmRead, teamPmRead]).then(async ([lists, teamPm]) => {
          const pm: LiveSnapshot = {
            integrations,
            entityLists: lists,
            repositories: [],
            repositoriesComplete: false,
            teamPmScopes: new Map(teamPm),
            teamGitScopes: new Map(),
            repositoryConfigs: new Map(),
          };
          const needed = wants(pm);
          // Marks the same list objects the snapshot below holds.
          if (needed !== undefined && needed.length > 0) await readReachability(client, pm, needed, options);
        });
  const [entityLists, repoRead, teamPm, , teamGit, orgConfig, configsById] = (await allOrFirstFailure<unknown>([
    pmRead,
    repositoryChain(),
    teamPmRead,
    early,
    teamGitRead,
    two.orgConfig ? reader.orgConfig() : Promise.resolve(undefined),
    allOrFirstFailure(two.repositoryConfigIds.map(async (id) => [id, await reader.repositoryConfig(id)] as const)),
  ])) as [
    EntityListRead[],
    Awaited<ReturnType<typeof repositoryChain>>,
    Entry<TeamPmScopeResponse | 'not_found'>[],
    void,
    Entry<TeamGitScopeResponse | 'not_found'>[],
    OrgConfigResponse | undefined,
    Entry<RepositoryConfigResponse | undefined>[],
  ];

  // A 404 on a configuration is an answer only for an id the list does not hold (the planner then
  // reports the unknown repository); for a listed repository it is a failed read.
  const listed = new Set(repoRead.repos.items.map((r) => r.id));
  const repositoryConfigs = new Map<number, RepositoryConfigResponse>();
  for (const [id, response] of [...configsById, ...repoRead.configs]) {
    if (response) repositoryConfigs.set(id, response);
    else if (listed.has(id)) throw new EmctlError('api', `could not read the configuration of repository ${id}: the service answered 404 for a repository it lists`);
  }

  // What the Git scope answers and the configurations read by a saved plan's ids said of
  // repositories the read did not list (a whole list holds them).
  const answeredOnly = repoRead.repos.complete ? [] : [...repoRead.answered, ...configuredRepositories(needs, repositoryConfigs)].filter((r) => !listed.has(r.id));
  const snapshot: LiveSnapshot = {
    integrations,
    entityLists,
    repositories: answeredOnly.length === 0 ? repoRead.repos.items : [...repoRead.repos.items, ...answeredOnly],
    repositoriesComplete: repoRead.repos.complete,
    teamPmScopes: new Map(teamPm),
    teamGitScopes: new Map(teamGit),
    repositoryConfigs,
  };
  if (orgConfig) snapshot.orgConfig = orgConfig;
  if (teamList !== undefined) {
    snapshot.teamList = teamList;
    if (users?.listed === true) snapshot.users = users.items;
    // A team the plan creates has empty scopes: its scopes are planned against them.
    for (const team of identifiedTeams(config)) {
      if (!isNewTeamId(team.id)) continue;
      const name = team.name ?? '';
      snapshot.teamPmScopes.set(team.id, { team_id: team.id, team_name: name, items: [] });
      snapshot.teamGitScopes.set(team.id, { team_id: team.id, team_name: name, repositories: [], services: [] });
    }
  }
  if (repoRead.monitoredTotal !== undefined) snapshot.monitoredTotal = repoRead.monitoredTotal;
  return { snapshot, sources: reader.sources, ...(repoRead.expansion === undefined ? {} : { expansion: repoRead.expansion }) };
}

/**
 * Tells which entities of the given lists the provider no longer exposes, for a plan whose writes
 * name entities of lists read with include_invalid (Plan.unknownReachability): each list is read
 * again without them, and what is missing is unreachable. Only then, so a plan with no such
 * write costs no extra call. Sets unreachableIds on the snapshot's full lists.
 */
export async function readReachability(
  client: StateClient,
  snapshot: LiveSnapshot,
  lists: readonly { integrationId: number; type: string }[],
  options: ReadOptions = {},
): Promise<void> {
  const reader = new LiveReader(client, options.perRoute ?? DEFAULT_CONCURRENCY, options.observer);
  const byType = new Map<EntityType, number[]>();
  for (const { integrationId, type } of lists) {
    const ids = byType.get(type as EntityType) ?? [];
    if (!ids.includes(integrationId)) ids.push(integrationId);
    byType.set(type as EntityType, ids);
  }
  const specs = [...byType.entries()].flatMap(([type, ids]) =>
    chunk(ids.sort((a, b) => a - b), API_LIMITS.integrationIds).map((integrationIds) => ({
      type,
      integrationIds,
      includeInvalid: false,
      withUsedBy: false,
      selectedOnly: false,
    })),
  );
  const reachable = (await allOrFirstFailure(specs.map((spec) => reader.entities(spec, false)))).flat();
  for (const read of reachable) {
    const exposed = new Set(read.entities.map((e) => e.entity_provider_id));
    for (const list of snapshot.entityLists) {
      if (list.integrationId !== read.integrationId || list.type !== read.type || !list.includesUnreachable) continue;
      list.unreachableIds = list.entities.filter((e) => !exposed.has(e.entity_provider_id)).map((e) => e.entity_provider_id);
    }
  }
}
