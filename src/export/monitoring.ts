// The monitored set as `git.monitoring` entries: `owner/*` where every repository whose name starts
// with `owner/` is monitored (and there are at least two), else one entry per repository (its name
// when that name is unique, else its id). A glob is only used when it is exact today; it is never
// widened with excludes, because a glob is also a statement about repositories created later.
// Pure; the result is checked against the set it describes before it is returned.

import type { Repository } from '../contract/git-types.js';
import { isMonitored } from '../core/monitoring-decisions.js';
import { compileRepoPatterns } from '../core/repo-patterns.js';

export interface MonitoringEntries {
  include: (string | number)[];
  exclude: (string | number)[];
}

const GLOB_CHARS = /[*?]/;

// A failing repository counts as monitored, as the planner counts it (collection was started and
// not stopped): one definition, in the core.
export { isMonitored };

/** How a repository is named in an exported config: its name when unique and glob-free, else its id. */
export function repoNamer(repositories: readonly Repository[]): (repo: { id: number; name: string }) => string | number {
  const count = new Map<string, number>();
  for (const r of repositories) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  return (repo) => ((count.get(repo.name) ?? 0) <= 1 && !GLOB_CHARS.test(repo.name) ? repo.name : repo.id);
}

function owner(name: string): string | undefined {
  const slash = name.indexOf('/');
  return slash > 0 ? name.slice(0, slash) : undefined;
}

/** The set an include/exclude pair selects, as the planner reads it (globs on names, or ids). */
export function selectedBy(entries: MonitoringEntries, repositories: readonly Repository[]): Set<number> {
  const include = compileRepoPatterns(entries.include);
  const exclude = compileRepoPatterns(entries.exclude);
  return new Set(repositories.filter((r) => include.matches(r) && !exclude.matches(r)).map((r) => r.id));
}

function explicit(repositories: readonly Repository[], name: (r: Repository) => string | number): MonitoringEntries {
  return { include: sortEntries(repositories.filter(isMonitored).map(name)), exclude: [] };
}

/** Names first (natural order: project-2 before project-10), then ids (ascending): the order exported lists use. */
export function sortEntries(entries: (string | number)[]): (string | number)[] {
  const names = entries.filter((e): e is string => typeof e === 'string').sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const ids = entries.filter((e): e is number => typeof e === 'number').sort((a, b) => a - b);
  return [...names, ...ids];
}

export function monitoringEntries(repositories: readonly Repository[]): MonitoringEntries {
  const name = repoNamer(repositories);
  const groups = new Map<string, Repository[]>();
  for (const r of repositories) {
    const o = owner(r.name);
    if (o === undefined || GLOB_CHARS.test(o)) continue;
    const list = groups.get(o) ?? [];
    list.push(r);
    groups.set(o, list);
  }
  const globbed = new Set<string>();
  for (const [o, members] of groups) {
    if (members.length >= 2 && members.every(isMonitored)) globbed.add(o);
  }
  const include: (string | number)[] = [...globbed].map((o) => `${o}/*`);
  for (const r of repositories) {
    const o = owner(r.name);
    if (isMonitored(r) && (o === undefined || !globbed.has(o))) include.push(name(r));
  }
  const result = { include: sortEntries(include), exclude: [] };

  // Belt and braces: the entries must select exactly the monitored set, or we fall back to the
  // plain list, which is exact by construction.
  const want = new Set(repositories.filter(isMonitored).map((r) => r.id));
  const got = selectedBy(result, repositories);
  const same = got.size === want.size && [...want].every((id) => got.has(id));
  return same ? result : explicit(repositories, name);
}
