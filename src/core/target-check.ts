// --target / --exclude checks (DESIGN.md §3): an address that cannot be an address is a usage
// error naming the syntax; one that names nothing the config manages and nothing live is an error
// with the closest addresses that do exist. Never a silent "No changes" for a typo.

import { matchesAddressPrefix } from './address.js';
import type { DesiredConfig } from './model.js';
import { editDistance } from './resolve.js';
import type { LiveSnapshot } from './snapshot.js';
import { addressStandsAlone, EVERY_KIND } from './kinds/registry.js';
import type { AddressEntry, EntryPartSyntax, KindAddressSyntax } from './kinds/shared/address-syntax.js';

/** Every kind's address syntax, in registry order. */
const SYNTAX: readonly KindAddressSyntax[] = EVERY_KIND.flatMap((k) => (k.syntax === undefined ? [] : [k.syntax]));

/** The words an address begins with, in the order the config file has them. */
const ENTRIES: readonly AddressEntry[] = ['collection', 'team', 'git', 'repo'];

/** The entries several kinds write in: how each is keyed, and how its key is written. */
const KEYED = {
  team: { shown: 'team[ID] | team["NAME"]', keys: [/^\[[1-9][0-9]*\]/, /^\["(?:[^"\\]|\\.)*"\]/], what: 'a team', unkeyed: 'a team is addressed by its id or its name: team[42], team["Payments"]' },
  repo: { shown: 'repo["NAME"] | repo[ID]', keys: [/^\["(?:[^"\\]|\\.)*"\]/, /^\[[1-9][0-9]*\]/], what: 'a repository', unkeyed: 'a repository is addressed by its name in double quotes or its id: repo["acme/api"], repo[1234]' },
} as const;

function partsOf(entry: AddressEntry): EntryPartSyntax[] {
  return SYNTAX.flatMap((s) => (s.entry === entry && s.part !== undefined ? [s.part] : []));
}

/** The parts of an entry as the usage error shows them: the parts with nothing under them run together (`.name|.parent`). */
function shownParts(parts: readonly EntryPartSyntax[]): string {
  return parts.map((p, i) => (i === 0 ? '' : parts[i - 1]?.leaf === true && p.leaf === true ? '|' : ' | ') + p.shown).join('');
}

/** The syntax the usage error shows, line by line: each entry's (its parts from its kinds), then the kinds' own lines. */
export const ADDRESS_SYNTAX: readonly string[] = ENTRIES.flatMap((entry) => {
  const parts = partsOf(entry);
  const keyed = entry === 'team' || entry === 'repo' ? KEYED[entry] : undefined;
  const head = keyed === undefined || parts.length === 0 ? [] : [`${keyed.shown} [${shownParts(parts)}]`];
  return [...head, ...SYNTAX.flatMap((s) => (s.entry === entry ? (s.lines ?? []) : []))];
});

/** Why `text` is not an address (or a prefix of one), or undefined when it is one. */
export function addressSyntaxProblem(text: string): string | undefined {
  const t = text.trim().replace(/\.+$/, '');
  if (t === '') return 'an empty address';
  for (const entry of ['collection', 'git'] as const) {
    if (t === entry || t.startsWith(`${entry}.`)) return SYNTAX.find((s) => s.entry === entry && s.problem !== undefined)?.problem?.(t);
  }
  for (const entry of ['team', 'repo'] as const) {
    if (t === entry || t.startsWith(`${entry}[`)) return keyedProblem(entry, t);
  }
  const head = /^[^.[]*/.exec(t)?.[0] ?? '';
  const near = ENTRIES.find((w) => head !== '' && editDistance(head.toLowerCase(), w) <= 2);
  const hint = near === undefined ? '' : `; did you mean ${JSON.stringify(near + t.slice(head.length))}?`;
  return `an address starts with collection, team[ID], git.defaults or repo[...]${hint}`;
}

/** An address in a team's or a repository's entry: its key, then a part one of the entry's kinds owns. */
function keyedProblem(entry: 'team' | 'repo', t: string): string | undefined {
  if (t === entry) return undefined;
  const keyed = KEYED[entry];
  const key = keyed.keys.map((k) => k.exec(t.slice(entry.length))).find((m) => m !== null);
  if (!key) return keyed.unkeyed;
  const at = `${entry}${key[0]}`;
  const rest = t.slice(at.length);
  const parts = partsOf(entry);
  if (parts.some((p) => p.whole?.(rest) === true)) return undefined;
  if (rest === '') return undefined;
  if (!rest.startsWith('.')) return `unexpected "${rest}" after ${at}`;
  const words = rest.slice(1).split('.');
  const word = words[0] ?? '';
  const owner = parts.find((p) => p.words.includes(word));
  if (owner !== undefined) return owner.problem(words);
  const all = parts.flatMap((p) => p.words);
  return `"${word}" is not part of ${keyed.what} (${all.slice(0, -1).join(', ')} or ${all[all.length - 1] ?? ''})`;
}

/**
 * Every address that the config manages or that exists live, at the level --target names them,
 * as each kind knows its own (kind.ts known): each selected or written entity of a managed
 * selection set, each key of a managed team scope, each written org default, each repository
 * (configured or read; its settings and monitoring sit under it). Built once per run; linear in
 * the config and the snapshot.
 */
export function knownAddresses(config: DesiredConfig, live: LiveSnapshot, changeAddresses: readonly string[] = []): string[] {
  const known = new Set<string>(changeAddresses);
  const add = (address: string): void => {
    known.add(address);
  };
  for (const kind of EVERY_KIND) kind.known?.(config, live, add);
  return [...known];
}

/**
 * A known address stands for itself and, unless its kind says it stands alone (a selection
 * entity, a team itself: kinds/kind.ts standsAlone), for what is under it (a repository's
 * settings and monitoring, a scope's key being the leaf).
 */
function covers(known: string, pattern: string): boolean {
  if (matchesAddressPrefix(known, pattern)) return true;
  return !addressStandsAlone(known) && matchesAddressPrefix(pattern, known);
}

export interface UnmatchedAddress {
  flag: '--target' | '--exclude';
  address: string;
  /** Up to three existing addresses closest to it. */
  closest: string[];
}

/** The --target / --exclude addresses that name nothing known, each with its closest addresses. */
export function unmatchedAddresses(
  known: readonly string[],
  patterns: readonly { flag: '--target' | '--exclude'; address: string }[],
): UnmatchedAddress[] {
  const out: UnmatchedAddress[] = [];
  for (const { flag, address } of patterns) {
    const p = address.trim().replace(/\.+$/, '');
    if (known.some((k) => covers(k, p))) continue;
    out.push({ flag, address, closest: closestAddresses(p, known) });
  }
  return out;
}

/**
 * The nearest known addresses by edit distance, compared at the pattern's depth: `team[47]` is
 * compared with `team[46]`, not with `team[46].pm.tracker.boards`.
 */
function closestAddresses(pattern: string, known: readonly string[]): string[] {
  const candidates = new Set<string>();
  for (const k of known) {
    candidates.add(k);
    // Each prefix of k at a component boundary, as a candidate of the pattern's own depth.
    for (let i = 1; i < k.length; i += 1) if (k[i] === '.' || (k[i] === '[' && k[i - 1] !== '.')) candidates.add(k.slice(0, i));
  }
  return [...candidates]
    .map((c) => ({ c, d: editDistance(pattern, c) }))
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, 3)
    .map(({ c }) => c);
}
