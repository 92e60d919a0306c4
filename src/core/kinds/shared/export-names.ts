// How an exported config names what several kinds write: a repository (a team's Git scope, an
// override set, the monitored set) and the order of a written list of names and ids.

import type { Repository } from '../../../contract/git-types.js';
import { isGlob } from '../../repo-patterns.js';

/**
 * How a repository is named in an exported config: its name when unique and glob-free (a name with
 * a glob character, written as an entry, would be a pattern), else its id.
 */
export function repoNamer(repositories: readonly Repository[]): (repo: { id: number; name: string }) => string | number {
  const count = new Map<string, number>();
  for (const r of repositories) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  return (repo) => ((count.get(repo.name) ?? 0) <= 1 && !isGlob(repo.name) ? repo.name : repo.id);
}

/**
 * Natural order (project-2 before project-10): one collator for every comparison, since
 * `localeCompare` with a locale makes a collator per call, which a 10,000-name list feels.
 */
export const naturalOrder: (a: string, b: string) => number = new Intl.Collator('en', { numeric: true }).compare;

/** Names first (natural order), then ids (ascending): the order exported lists use. */
export function sortEntries(entries: (string | number)[]): (string | number)[] {
  const names = entries.filter((e): e is string => typeof e === 'string').sort(naturalOrder);
  const ids = entries.filter((e): e is number => typeof e === 'number').sort((a, b) => a - b);
  return [...names, ...ids];
}
