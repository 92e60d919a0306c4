// Repository names to ids, and ids to names, through the repository list (endpoint 8), reading
// only what is needed: a name is looked up with the list's exact `name` filter (one call per
// name); the whole list is paged once when names are needed for repositories given by id
// (grouping by repository), when grouping by repository with none given (every monitored one),
// or when it takes fewer calls than the names (many names, a short list: a one-row probe tells).

import { API_LIMITS } from '../contract/types.js';
import { type ListRepositoriesParams, type ListRepositoriesResponse, type Repository } from '../contract/git-types.js';
import { EmctlError } from '../contract/errors.js';
import { didYouMean } from '../core/resolve.js';
import type { MeasureSpec } from './spec.js';

/** The part of the API client this needs (EmClient has it). */
export interface RepositoryLister {
  listRepositories(p?: ListRepositoriesParams): Promise<ListRepositoriesResponse>;
  listAllRepositories(p?: Omit<ListRepositoriesParams, 'page'>): Promise<Repository[]>;
}

export interface ResolvedRepositories {
  ids: number[];
  /** Names of the repositories the answer's rows may carry. */
  names: Map<number, string>;
}

type Need = 'none' | 'by-name' | 'whole-list' | 'monitored';

/** Which reads a request needs to know its repositories (pure, so it is tested on its own). */
export function repositoryReads(spec: MeasureSpec): Need {
  const grouping = spec.groupBy === 'repository';
  const given = spec.repositoryIds.length + spec.repositoryNames.length;
  if (grouping && given === 0) return 'monitored';
  if (grouping && spec.repositoryIds.length > 0) return 'whole-list';
  return spec.repositoryNames.length > 0 ? 'by-name' : 'none';
}

function indexByName(repos: readonly Repository[]): Map<string, Repository[]> {
  const index = new Map<string, Repository[]>();
  for (const r of repos) {
    const list = index.get(r.name);
    if (list) list.push(r);
    else index.set(r.name, [r]);
  }
  return index;
}

/** Names at or under this count are looked up one by one without asking how long the list is. */
export const NAMES_WITHOUT_PROBE = 3;

/**
 * Whether paging the whole list takes fewer calls than one lookup per name: past a few names, a
 * one-row read of the list gives its total. 500 names in an organization of 2,000 repositories
 * are 1 + 20 calls instead of 500 (about 8 minutes at 60 calls a minute).
 */
async function wholeListIsCheaper(api: RepositoryLister, names: number): Promise<boolean> {
  if (names <= NAMES_WITHOUT_PROBE) return false;
  const probe = await api.listRepositories({ page_size: 1 });
  return Math.ceil(probe.total / API_LIMITS.repoPageSizeMax) < names;
}

export async function resolveRepositories(api: RepositoryLister, spec: MeasureSpec): Promise<ResolvedRepositories> {
  const need = repositoryReads(spec);
  const names = new Map<number, string>();
  if (need === 'none') return { ids: [...spec.repositoryIds], names };
  if (need === 'monitored') {
    const repos = await api.listAllRepositories({ state: ['monitored'] });
    for (const r of repos) names.set(r.id, r.name);
    return { ids: repos.map((r) => r.id).sort((a, b) => a - b), names };
  }

  let index: Map<string, Repository[]>;
  let whole: Repository[] | undefined;
  if (need === 'whole-list') {
    whole = await api.listAllRepositories();
    index = indexByName(whole);
  } else if (await wholeListIsCheaper(api, spec.repositoryNames.length)) {
    whole = await api.listAllRepositories();
    index = indexByName(whole);
  } else {
    const pages = await Promise.all(spec.repositoryNames.map((name) => api.listRepositories({ name, page_size: API_LIMITS.repoPageSizeMax })));
    index = indexByName(pages.flatMap((p) => p.items));
  }

  const ids = new Set(spec.repositoryIds);
  const problems: string[] = [];
  for (const name of spec.repositoryNames) {
    const found = (index.get(name) ?? []).filter((r) => r.name === name);
    if (found.length === 1 && found[0]) ids.add(found[0].id);
    else if (found.length > 1) {
      problems.push(`repository \`${name}\` names ${found.length} repositories (ids ${found.map((r) => `${r.id} in integration ${r.integration_id}`).join(', ')}); name it by id`);
    } else {
      const hint = whole ? didYouMean(name, [...index.keys()]) : undefined;
      problems.push(`no repository named \`${name}\`${hint === undefined ? '' : `; did you mean \`${hint}\`?`}`);
    }
  }
  if (problems.length > 0) {
    throw new EmctlError('config', problems.length === 1 ? (problems[0] ?? '') : `${problems.length} repositories could not be found`, problems.length === 1 ? [] : problems);
  }
  for (const [name, list] of index) for (const r of list) if (r.name === name) names.set(r.id, r.name);
  return { ids: [...ids], names };
}
