// git.monitoring entries compiled once: a list of globs on repository names and numeric ids,
// tested against any number of repositories in time linear in the repositories (not in
// repositories x entries). Exact names and ids go in Sets; globs whose only wildcard is a
// trailing `*` go in a Set of prefixes (one lookup per distinct prefix length); the other globs
// go in a glob index (glob-index.ts), which meets only the globs that can match a name and
// matches them without backtracking. Pure.

import { GlobIndex } from './glob-index.js';

export function isGlob(entry: string): boolean {
  return entry.includes('*') || entry.includes('?');
}

export interface RepoPatterns {
  /** A string entry (a glob or an exact name) matches this name. */
  matchesName(name: string): boolean;
  /** A numeric entry is this id. */
  hasId(id: number): boolean;
  /** Either of the above. */
  matches(repo: { id: number; name: string }): boolean;
}

export function compileRepoPatterns(entries: readonly (string | number)[]): RepoPatterns {
  const ids = new Set<number>();
  const names = new Set<string>();
  const prefixes = new Set<string>();
  const globs = new GlobIndex<true>();
  let hasGlobs = false;
  for (const entry of entries) {
    if (typeof entry === 'number') ids.add(entry);
    else if (!isGlob(entry)) names.add(entry);
    else if (entry.endsWith('*') && !isGlob(entry.slice(0, -1))) prefixes.add(entry.slice(0, -1));
    else {
      globs.add(entry, true);
      hasGlobs = true;
    }
  }
  // Distinct prefix lengths, so a name costs one Set lookup per length, not one per prefix.
  const prefixLengths = [...new Set([...prefixes].map((p) => p.length))];
  const matchesName = (name: string): boolean => {
    if (names.has(name)) return true;
    for (const length of prefixLengths) if (length <= name.length && prefixes.has(name.slice(0, length))) return true;
    return hasGlobs && globs.matchesAny(name);
  };
  const hasId = (id: number): boolean => ids.has(id);
  return { matchesName, hasId, matches: (repo) => ids.has(repo.id) || matchesName(repo.name) };
}
