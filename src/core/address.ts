// Plan addresses (DESIGN.md §3): one string per addressable object, shared by the planner, the
// safety rails (protected prefixes), drift ignore rules and --target / --exclude. Each kind builds
// its own address form (src/core/kinds/<kind>/address.ts, the team's and the repository's in
// kinds/shared/addresses.ts); here is how every consumer matches them, the same way.

import { repoAddress } from './kinds/shared/addresses.js';

/**
 * True when `prefix` names `address` or an object that contains it: `team[42]` matches
 * `team[42].pm.tracker.boards` but not `team[420].git.services`; `collection.tracker.boards`
 * matches every entity of that set. A prefix only matches at a component boundary (`.` or `[`),
 * and a trailing `.` on the prefix is ignored.
 */
export function matchesAddressPrefix(address: string, prefix: string): boolean {
  const p = prefix.trim().replace(/\.+$/, '');
  if (p === '') return false;
  if (address === p) return true;
  if (!address.startsWith(p)) return false;
  const next = address.charAt(p.length);
  return next === '.' || next === '[';
}

/**
 * `address` and each of its prefixes that ends at a component boundary (before a `.` or `[`):
 * exactly the patterns matchesAddressPrefix accepts for it, once cleaned. Looking these up in a
 * Set of patterns replaces a scan of every pattern per address (a saved plan's re-read narrows by
 * about a thousand targets).
 */
export function boundaryPrefixes(address: string): string[] {
  const out = [address];
  for (let i = 1; i < address.length; i++) {
    const c = address.charAt(i);
    if (c === '.' || c === '[') out.push(address.slice(0, i));
  }
  return out;
}

/** A pattern as matchesAddressPrefix reads it: trimmed, trailing dots dropped. */
export function cleanPattern(pattern: string): string {
  return pattern.trim().replace(/\.+$/, '');
}

/**
 * For a fixed set of addresses, whether a pattern names one of them or an object that contains one
 * (matchesAddressPrefix(address, pattern) for some address), by one lookup: every boundary prefix
 * of every address goes into a Set once, instead of a scan of the addresses per pattern.
 */
export function coversSome(addresses: Iterable<string>): (pattern: string) => boolean {
  const prefixes = new Set<string>();
  for (const address of addresses) for (const prefix of boundaryPrefixes(address)) prefixes.add(prefix);
  return (pattern) => {
    const p = cleanPattern(pattern);
    return p !== '' && prefixes.has(p);
  };
}

const reachIndexes = new WeakMap<readonly string[], (object: string) => boolean>();

/**
 * Whether some target is at, above or under an object (`team[42]` reaches `team[42].pm.tracker`
 * and the other way round); every object when there is no target. A few Set lookups per object,
 * not a scan of every target: a saved plan's re-read narrows by one target per object it writes
 * (about a thousand), and scanning them per object of a large config cost more than half a second
 * before the first request. A target at or above the object is one of the object's boundary
 * prefixes; one under it has the object among its own. One index per target list.
 */
export function targetsReach(targets: readonly string[]): (object: string) => boolean {
  const known = reachIndexes.get(targets);
  if (known !== undefined) return known;
  const exact = new Set(targets.map(cleanPattern).filter((p) => p !== ''));
  const aboveSomeTarget = coversSome(exact);
  const reaches = (object: string): boolean => targets.length === 0 || aboveSomeTarget(object) || boundaryPrefixes(object).some((p) => exact.has(p));
  reachIndexes.set(targets, reaches);
  return reaches;
}

const excludeIndexes = new WeakMap<readonly string[], (object: string) => boolean>();

/**
 * Whether some exclude is at or above an address (matchesAddressPrefix(address, exclude) for some
 * exclude): a lookup of the address's boundary prefixes in an index built once per exclude list,
 * not a scan of the excludes per address. One index per exclude list, as for targetsReach.
 */
export function excludesCover(excludes: readonly string[]): (address: string) => boolean {
  const known = excludeIndexes.get(excludes);
  if (known !== undefined) return known;
  const first = firstPrefixMatch(excludes, (e) => e);
  const covered = (address: string): boolean => excludes.length > 0 && first(address) !== undefined;
  excludeIndexes.set(excludes, covered);
  return covered;
}

/**
 * The first of `items` (in list order) whose prefix matches an address, as a
 * `items.find((i) => matchesAddressPrefix(address, prefixOf(i)))` would answer, but by a lookup of
 * the address's boundary prefixes in an index built once: changes x config entries (drift ignore
 * rules, protected addresses) stay linear.
 */
export function firstPrefixMatch<T>(items: readonly T[], prefixOf: (item: T) => string): (address: string) => T | undefined {
  const index = new Map<string, number>();
  items.forEach((item, n) => {
    const p = cleanPattern(prefixOf(item));
    if (p !== '' && !index.has(p)) index.set(p, n);
  });
  return (address) => {
    if (index.size === 0) return undefined;
    let first = -1;
    for (const p of boundaryPrefixes(address)) {
      const n = index.get(p);
      if (n !== undefined && (first === -1 || n < first)) first = n;
    }
    return first === -1 ? undefined : items[first];
  };
}

/** The repositories a plan knows, by id and by name (resolve.ts's RepoIndex has this shape). */
export interface RepositoryNames {
  byId: ReadonlyMap<number, { name: string }>;
  byName: ReadonlyMap<string, readonly { id: number }[]>;
}

const REPO_BY_ID = /^repo\[(\d+)\]/;
const REPO_BY_NAME = /^repo\[("(?:[^"\\]|\\.)*")\]/;

/**
 * `address` with its repository spelled the other way: `repo[1234].settings.x` as
 * `repo["acme/api"].settings.x` and the reverse, so --target and --exclude reach a repository
 * however the config (and so the plan) spells it. A name reaches every repository of that name
 * (`repo["acme/tools"]` is each acme/tools, on every Git integration), so `repo[ID]` always has
 * the name spelling, while a name has an id spelling only when it is on one repository. Undefined
 * for an address of no repository, or a repository the plan does not know.
 */
export function otherRepoSpelling(address: string, repos: RepositoryNames): string | undefined {
  const byId = REPO_BY_ID.exec(address);
  if (byId?.[1] !== undefined) {
    const repo = repos.byId.get(Number(byId[1]));
    return repo === undefined ? undefined : repoAddress({ name: repo.name }) + address.slice(byId[0].length);
  }
  const byName = REPO_BY_NAME.exec(address);
  if (byName?.[1] === undefined) return undefined;
  const same = repos.byName.get(JSON.parse(byName[1]) as string) ?? [];
  const only = same.length === 1 ? same[0] : undefined;
  return only === undefined ? undefined : repoAddress({ id: only.id }) + address.slice(byName[0].length);
}
