// --target / --exclude checks (DESIGN.md §3): an address that cannot be an address is a usage
// error naming the syntax; one that names nothing the config manages and nothing live is an error
// with the closest addresses that do exist. Never a silent "No changes" for a typo.

import { type PmScopeKey } from '../contract/types.js';
import { ORG_SECTIONS, REPO_SECTIONS } from '../contract/git-types.js';
import { matchesAddressPrefix } from './address.js';
import type { DesiredConfig } from './model.js';
import { editDistance } from './resolve.js';
import type { LiveSnapshot } from './snapshot.js';
import { addressStandsAlone, EVERY_KIND } from './kinds/registry.js';

export const ADDRESS_SYNTAX = [
  'collection[.ALIAS[.boards|.projects[["ID"]]]]',
  'team[ID] | team["NAME"] [.name|.parent|.initials|.color|.members[[ID|"EMAIL"]] | .pm[.ALIAS[.boards|.epics|.labels|.fields|.project_team_areas|.methodology]] | .git[.repositories|.services]]',
  'git.defaults[.SECTION]',
  'repo["NAME"] | repo[ID] [.settings[.SECTION] | .monitored]',
  'repo["GLOB"][.settings[.SECTION]]  (a rule: every repository it writes)',
];

const PM_KEYS: readonly (PmScopeKey | 'methodology')[] = ['boards', 'epics', 'labels', 'fields', 'project_team_areas', 'methodology'];
const ALIAS = /^[A-Za-z_][A-Za-z0-9_-]*$|^[1-9][0-9]*$/;
const ID = /^\[[1-9][0-9]*\]/;
const QUOTED = /^\["(?:[^"\\]|\\.)*"\]/;
const TEAM_PROPERTIES: readonly string[] = ['name', 'parent', 'initials', 'color', 'members'];

/** Why `text` is not an address (or a prefix of one), or undefined when it is one. */
export function addressSyntaxProblem(text: string): string | undefined {
  const t = text.trim().replace(/\.+$/, '');
  if (t === '') return 'an empty address';
  const rest = (s: string, after: string): string => s.slice(after.length);
  const dotted = (s: string): string[] => (s === '' ? [] : s.startsWith('.') ? s.slice(1).split('.') : ['\u0000']);
  const oneOf = (word: string | undefined, allowed: readonly string[], what: string): string | undefined =>
    word === undefined || allowed.includes(word) ? undefined : `"${word}" is not ${what} (one of ${allowed.join(', ')})`;

  if (t === 'collection' || t.startsWith('collection.')) {
    const m = /^collection(?:\.([^.[\]]+)(?:\.([^.[\]]+)(\[.*\])?)?)?$/.exec(t);
    if (!m) return 'a collection address is collection.ALIAS.boards["ID"]';
    if (m[1] !== undefined && !ALIAS.test(m[1])) return `"${m[1]}" is not an integration alias or id`;
    const type = oneOf(m[2], ['boards', 'projects'], 'a selectable entity type');
    if (type) return type;
    if (m[3] !== undefined && !/^\["(?:[^"\\]|\\.)*"\]$/.test(m[3])) return `the entity id goes in double quotes: ${m[3]} -> ["..."]`;
    return undefined;
  }
  if (t === 'team' || t.startsWith('team[')) {
    if (t === 'team') return undefined;
    const id = ID.exec(t.slice(4)) ?? QUOTED.exec(t.slice(4));
    if (!id) return 'a team is addressed by its id or its name: team[42], team["Payments"]';
    let after = rest(t, `team${id[0]}`);
    // A member removal: team[42].members["bo@acme.io"] or team[42].members[512].
    const member = /^\.members(\[(?:\d+|"(?:[^"\\]|\\.)*")\])$/.exec(after);
    if (member) after = '.members';
    const parts = dotted(after);
    if (parts[0] === '\u0000') return `unexpected "${rest(t, `team${id[0]}`)}" after team${id[0]}`;
    if (parts.length === 0) return undefined;
    if (parts[0] === 'pm') {
      if (parts.length > 3) return 'a PM scope address ends at its key: team[42].pm.ALIAS.boards';
      if (parts[1] !== undefined && !ALIAS.test(parts[1])) return `"${parts[1]}" is not an integration alias or id`;
      return oneOf(parts[2], PM_KEYS, 'a PM scope key');
    }
    if (parts[0] === 'git') {
      if (parts.length > 2) return 'a Git scope address ends at its key: team[42].git.repositories';
      return oneOf(parts[1], ['repositories', 'services'], 'a Git scope key');
    }
    if (parts[0] !== undefined && TEAM_PROPERTIES.includes(parts[0])) return parts.length > 1 ? `a team's ${parts[0]} address ends there: team[42].${parts[0]}` : undefined;
    return `"${parts[0]}" is not part of a team (${TEAM_PROPERTIES.join(', ')}, pm or git)`;
  }
  if (t === 'git' || t.startsWith('git.')) {
    const parts = t.split('.').slice(1);
    if (parts.length === 0) return undefined;
    if (parts[0] !== 'defaults') return `"git.${parts[0]}" is not an address: org settings are git.defaults.SECTION, repositories repo["NAME"]`;
    if (parts.length > 2) return 'an org default address ends at its section: git.defaults.default_branch';
    return oneOf(parts[1], ORG_SECTIONS, 'a settings section');
  }
  if (t === 'repo' || t.startsWith('repo[')) {
    if (t === 'repo') return undefined;
    const ref = QUOTED.exec(t.slice(4)) ?? ID.exec(t.slice(4));
    if (!ref) return 'a repository is addressed by its name in double quotes or its id: repo["acme/api"], repo[1234]';
    const parts = dotted(rest(t, `repo${ref[0]}`));
    if (parts[0] === '\u0000') return `unexpected "${rest(t, `repo${ref[0]}`)}" after repo${ref[0]}`;
    if (parts.length === 0) return undefined;
    if (parts[0] === 'monitored') return parts.length === 1 ? undefined : 'repo[...].monitored has nothing under it';
    if (parts[0] !== 'settings') return `"${parts[0]}" is not part of a repository (settings or monitored)`;
    if (parts.length > 2) return 'a repository setting address ends at its section: repo["acme/api"].settings.default_branch';
    return oneOf(parts[1], REPO_SECTIONS, 'a repository settings section');
  }
  const head = /^[^.[]*/.exec(t)?.[0] ?? '';
  const near = ['collection', 'team', 'git', 'repo'].find((w) => head !== '' && editDistance(head.toLowerCase(), w) <= 2);
  const hint = near === undefined ? '' : `; did you mean ${JSON.stringify(near + t.slice(head.length))}?`;
  return `an address starts with collection, team[ID], git.defaults or repo[...]${hint}`;
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
  for (const kind of EVERY_KIND) for (const address of kind.known?.(config, live) ?? []) known.add(address);
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
