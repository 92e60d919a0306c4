// A --target or --exclude may name a repository as the service does, `repo[1234]`, where the
// config writes it by name, or by name, `repo["acme/api"]`, where the config writes it by id. The
// read scope is set before anything is read, so such an address is first resolved to the other
// spelling with one cheap read: the configuration of that id (its answer carries the repository's
// name; a 404 says there is no such repository), or the exact-name lookup of that name (the id
// of each repository of that name). Never the whole repository list.
//
// Each answer is kept and handed to the reader when it makes the same call (the configuration of
// a repository in scope, the lookup of a name in scope), so a resolution costs a request only
// where the read itself would not have made it. The integrations list, which every read starts
// with, is asked for at the same time, so the resolution adds no round trip before it.

import { ApiError } from '../api/errors.js';
import * as rq from '../api/requests.js';
import type { ListRepositoriesParams } from '../contract/git-types.js';
import { API_LIMITS } from '../contract/types.js';
import { cleanPattern } from '../core/address.js';
import type { DesiredConfig, ReadScope } from '../core/model.js';
import { isGlob } from '../core/repo-patterns.js';
import type { StateClient } from './live-reader.js';
import { readFailure } from './live-reader.js';
import { repositoryReads } from '../core/reads/read-plan.js';
import { scopeDesired, type AddressScope, type RepositorySpellings } from '../core/reads/read-scope.js';

const BY_ID = /^repo\[(\d+)\]/;
const BY_NAME = /^repo\[("(?:[^"\\]|\\.)*")\]/;

/** Which objects of a repository a pattern reaches, from what follows `repo[...]`. */
function reaches(rest: string): { settings: boolean; monitored: boolean } {
  if (rest === '') return { settings: true, monitored: true };
  return { settings: rest.startsWith('.settings'), monitored: rest === '.monitored' };
}

/**
 * What needs resolving, so that nothing is read that the scope does not need:
 * - a target `repo[ID]` the config does not write by id, when the config writes by name a
 *   repository object it could reach (an override set, a `monitored:`): that repository may be
 *   this one;
 * - a target or exclude `repo[ID]` the config does not write by id, when the read would
 *   otherwise take the whole repository list only to learn whether that id exists (or to judge
 *   the monitoring patterns for it) and a name lookup would do (fewLookupsOtherwise): one
 *   configuration read instead;
 * - a target `repo["NAME"]`, when the config writes by id a repository object it could reach (also
 *   when it writes that name: the name reaches every repository of that name).
 * An exclude needs no other spelling for what is planned: the change of a repository the config
 * spells otherwise is left out after the diff, by what its address resolved to (plan.ts).
 *
 * With `asWritten` the targets are addresses of the config's own objects as it spells them (a
 * saved plan's ownership objects: each the address of one of its changes). A `repo["NAME"]` target
 * then stands for the entry written by that name alone, so no name is looked up: an entry written
 * by an id of that name is an object the saved plan does not write (a change of it would have its
 * own `repo[ID]` address among the targets). A lookup per name would be a call per override set
 * the plan writes by name, which the read does not reuse when it reads the list whole or reads
 * those configurations by the ids the plan's read records give.
 */
export function spellingsToResolve(
  config: DesiredConfig,
  scope: AddressScope,
  asWritten = false,
  known: Pick<ReadScope, 'repositoryIds'> = {},
): { ids: number[]; names: string[] } {
  const byName = { settings: false, monitored: false };
  const byId = { settings: false, monitored: false };
  const configIds = new Set<number>();
  for (const entry of config.git.repositories) {
    const side = 'id' in entry.ref ? byId : byName;
    if ('id' in entry.ref) configIds.add(entry.ref.id);
    side.settings ||= entry.settings !== undefined;
    side.monitored ||= entry.monitored !== undefined;
  }
  const couldBe = (side: typeof byId, rest: string): boolean => {
    const r = reaches(rest);
    return (r.settings && side.settings) || (r.monitored && side.monitored);
  };
  const ids = new Set<number>();
  const idsForExistence = new Set<number>();
  const names = new Set<string>();
  const patterns = [...scope.targets.map((p) => ({ p, target: true })), ...scope.excludes.map((p) => ({ p, target: false }))];
  for (const { p: pattern, target } of patterns) {
    const p = cleanPattern(pattern);
    const id = BY_ID.exec(p);
    if (id?.[1] !== undefined && !configIds.has(Number(id[1]))) {
      if (target && couldBe(byName, p.slice(id[0].length))) ids.add(Number(id[1]));
      else idsForExistence.add(Number(id[1]));
    }
    const name = BY_NAME.exec(p);
    if (name?.[1] !== undefined && target && !asWritten && couldBe(byId, p.slice(name[0].length))) {
      const n = JSON.parse(name[1]) as string;
      // A name holding `*` or `?` is a rule's address, no repository's. A name the config also
      // writes is looked up too: it reaches the entries written by the ids of that name (the
      // reader's own lookup of a name in scope is then this one, kept).
      if (!isGlob(n)) names.add(n);
    }
  }
  if (idsForExistence.size > 0 && fewLookupsOtherwise(config, scope, [...ids, ...idsForExistence], known)) {
    for (const id of idsForExistence) ids.add(id);
  }
  return { ids: [...ids].sort((a, b) => a - b), names: [...names].sort() };
}

/**
 * Whether, the given ids known by name, the repository list is read with one name lookup at most
 * (or not at all): then a configuration read per id plus that lookup replaces the whole list.
 * When several names are looked up the read starts with page 1 and often finishes the list
 * anyway (core/reads/read-plan.ts, `probe`); there, and when the whole list is read for another reason,
 * the ids are left to the list.
 */
function fewLookupsOtherwise(config: DesiredConfig, scope: AddressScope, ids: readonly number[], known: Pick<ReadScope, 'repositoryIds'>): boolean {
  // An impossible name stands for each id: only the shape of the read matters here.
  const names = new Map(ids.map((id) => [id, `\u0000${id}`] as const));
  const hypothetical = scopeDesired(config, { ...scope, repositories: { names, ids: new Map(), missing: new Set() } }, known);
  const mode = repositoryReads(hypothetical.desired, hypothetical.reads).mode;
  return mode === 'none' || mode === 'names';
}

/** A StateClient that answers a call it has already made once from that answer, then asks again. */
class ServedOnce implements StateClient {
  private readonly kept = new Map<string, Promise<unknown>>();

  constructor(private readonly inner: StateClient) {}

  keep<T>(key: string, answer: Promise<T>): Promise<T> {
    answer.catch(() => undefined); // handled by whoever takes it; not an unhandled rejection meanwhile
    this.kept.set(key, answer);
    return answer;
  }

  private take<T>(key: string, call: () => Promise<T>): Promise<T> {
    const answer = this.kept.get(key);
    if (answer === undefined) return call();
    this.kept.delete(key);
    return answer as Promise<T>;
  }

  listIntegrations() {
    return this.take(rq.listIntegrations().path, () => this.inner.listIntegrations());
  }
  listEntities(...args: Parameters<StateClient['listEntities']>) {
    return this.inner.listEntities(...args);
  }
  getTeamPmScope(...args: Parameters<StateClient['getTeamPmScope']>) {
    return this.inner.getTeamPmScope(...args);
  }
  listRepositories(p: ListRepositoriesParams) {
    return this.take(rq.listRepositories(p).path, () => this.inner.listRepositories(p));
  }
  getRepositoryConfig(id: number) {
    return this.take(rq.getRepositoryConfig(id).path, () => this.inner.getRepositoryConfig(id));
  }
  getOrgConfig() {
    return this.inner.getOrgConfig();
  }
  getTeamGitScope(teamId: number) {
    return this.inner.getTeamGitScope(teamId);
  }
  get lists() {
    return this.inner.lists;
  }
}

export interface ResolvedScope {
  /** The other spellings found; undefined when no pattern needed one (nothing was read). */
  spellings?: RepositorySpellings;
  /** The client the reads go through: it hands the reader the answers the resolution got. */
  client: StateClient;
}

/**
 * Resolves the repository addresses of --target / --exclude that the config spells the other way
 * (spellingsToResolve; `asWritten` for a saved plan's ownership objects). Reads nothing when none does.
 */
export async function resolveScopeRepositories(
  client: StateClient,
  config: DesiredConfig,
  scope: AddressScope,
  asWritten = false,
  known: Pick<ReadScope, 'repositoryIds'> = {},
): Promise<ResolvedScope> {
  const wanted = spellingsToResolve(config, scope, asWritten, known);
  if (wanted.ids.length === 0 && wanted.names.length === 0) return { client };
  const served = new ServedOnce(client);
  served.keep(rq.listIntegrations().path, client.listIntegrations());
  const spellings = { names: new Map<number, string>(), ids: new Map<string, number[]>(), missing: new Set<number>() } satisfies RepositorySpellings;
  const byId = wanted.ids.map(async (id) => {
    try {
      const config = await served.keep(rq.getRepositoryConfig(id).path, client.getRepositoryConfig(id));
      spellings.names.set(id, config.repository_name);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) spellings.missing.add(id);
      else throw readFailure(`the configuration of repository ${id}`, error);
    }
  });
  const byName = wanted.names.map(async (name) => {
    const p: ListRepositoriesParams = { name, page: 1, page_size: API_LIMITS.repoPageSizeMax };
    try {
      const page = await served.keep(rq.listRepositories(p).path, client.listRepositories(p));
      // A name reaches every repository of that name (one per Git integration at most, so one page).
      const ids = page.items.filter((r) => r.name === name).map((r) => r.id);
      if (ids.length > 0) spellings.ids.set(name, ids);
    } catch (error) {
      throw readFailure(`repositories named "${name}"`, error);
    }
  });
  const settled = await Promise.allSettled([...byId, ...byName]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await served.listIntegrations().catch(() => undefined); // nothing left running once the failure is known
    throw failed.reason;
  }
  return { spellings, client: served };
}
