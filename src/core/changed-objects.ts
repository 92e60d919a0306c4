// --changed-from (DESIGN.md §3): which objects of the ownership rule have a desired state at HEAD
// that differs from the one at a git ref. Pure: both desired states come in already loaded.
//
// Objects are keyed as the planner addresses them (each kind's address.ts): a selection set
// `collection.ALIAS.TYPE`, a team's scope on an integration `team[ID].pm.ALIAS`, its methodology
// `team[ID].pm.ALIAS.methodology`, a team's Git scope `team[ID].git`, an org default section
// `git.defaults.SECTION`, a repository's override set `repo[...].settings` and its monitoring state
// `repo[...].monitored`. Each object's value is compared in a canonical form (sets sorted, settings
// sections through canonicalSection, `path` left out), with every integration alias replaced by
// what it names, so editing an alias's definition changes every object that uses it.
//
// An object only at the ref was deleted from the config: that means "stop managing", so nothing
// is written for it; it is counted, never planned. A changed monitoring pattern (include/exclude)
// may change the monitoring state of any repository it matches, and which ones only the live
// repository list can tell: the scope then covers every repository's monitoring state
// (`allMonitoring`). That costs no extra reads: the patterns need the whole repository list,
// which carries the monitoring state. A settings rule is an object too (`repo["payments/*"].settings`),
// but which repositories' override sets an edit of the rules changes (an edited, added, deleted
// or moved rule, a literal key added or deleted) only the repository list can tell as well: the
// rules and literal keys at the ref are handed on (`rulesBefore`), and rule expansion keeps the
// repositories whose rule-made override set differs from the one they had there.

import type { OrgSection } from '../contract/git-types.js';
import { matchesAddressPrefix } from './address.js';
import { teamAddress, repoAddress } from './kinds/shared/addresses.js';
import { gitScopeAddress } from './kinds/git-scope/address.js';
import { methodologyAddress } from './kinds/methodology/address.js';
import { monitoredAddress } from './kinds/monitoring/address.js';
import { orgDefaultAddress } from './kinds/org-default/address.js';
import { pmScopeAddress } from './kinds/pm-scope/address.js';
import { identityKey, sortedUnique } from './canonical.js';
import { canonicalSection } from './kinds/shared/settings-section.js';
import type { DesiredConfig, DesiredRepository, DesiredRule, DesiredTeam, IntegrationRef, RepoRef } from './model.js';
import type { Change, ObjectKind } from './plan-model.js';
import { settingsKey } from './rules.js';
import { kindOf } from './kinds/registry.js';
import { TEAM_PROPERTIES, writesTeam } from './kinds/team/address.js';
import { PM_SCOPE_KEYS } from '../contract/types.js';

export type ChangedObjectKind = ObjectKind;

export interface ChangedObject {
  /** The object, e.g. `team[42].pm.tracker`. */
  object: string;
  kind: ChangedObjectKind;
  /** `added` (only at HEAD) or `changed` (at both, different). */
  how: 'added' | 'changed';
  /** The plan addresses the object's changes carry (a change is in scope when one of these is its address or a prefix of it). */
  addresses: string[];
}

export interface ChangedScope {
  /** Objects at HEAD whose desired state differs from the ref's, in address order. */
  changed: ChangedObject[];
  /** Objects written at the ref and deleted since: no longer managed, nothing is written for them. */
  unmanaged: string[];
  /** The monitoring patterns were added or edited: every repository's monitoring state is in scope. */
  allMonitoring: boolean;
  /**
   * The settings rules, or the literal keys that win over them, differ from the ref's: the rules
   * and literal settings keys there, so that the repositories whose override set the rules change
   * can be told once the repository list is read (core/rules.ts). Absent when they are the same.
   */
  rulesBefore?: { rules: DesiredRule[]; literal: DesiredRepository[] };
}

interface ObjectValue {
  kind: ChangedObjectKind;
  addresses: string[];
  key: string;
}

/** What an alias or integration id names in this config: its id or display name, or the unknown alias itself. */
function meaning(ref: IntegrationRef, aliases: Map<string, string>): string {
  if (typeof ref === 'number') return `id:${ref}`;
  return aliases.get(ref) ?? `alias:${ref}`;
}

function aliasMeanings(config: DesiredConfig): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of config.integrations) out.set(a.alias, a.id !== undefined ? `id:${a.id}` : `name:${a.name ?? ''}`);
  return out;
}

function repoRefValue(ref: RepoRef, aliases: Map<string, string>): unknown {
  if ('id' in ref) return { id: ref.id };
  return ref.integration === undefined ? { name: ref.name } : { name: ref.name, integration: meaning(ref.integration, aliases) };
}

/** A team's properties as one object (its key's id or pin and what it manages), or undefined when it manages none. */
function teamProperties(team: DesiredTeam): unknown {
  const value = { id: team.id ?? null, name: team.name ?? null, parent: team.parent === undefined ? null : team.parent === null ? 'top' : team.parent, initials: team.initials ?? null, color: team.color ?? null };
  return writesTeam(team) ? value : undefined;
}

/** Every object the config writes, by object address, with its canonical value. Linear in the config. */
export function desiredObjects(config: DesiredConfig): Map<string, ObjectValue> {
  const aliases = aliasMeanings(config);
  const out = new Map<string, ObjectValue>();
  const put = (object: string, kind: ChangedObjectKind, addresses: string[], value: unknown): void => {
    out.set(object, { kind, addresses, key: identityKey(value) });
  };
  for (const sel of config.collection) {
    const alias = String(sel.integration);
    const object = `collection.${alias}.${sel.entityType}`;
    put(object, 'selection', [object], { integration: meaning(sel.integration, aliases), entities: sortedUnique(sel.entities) });
  }
  for (const team of config.teams) {
    const prefix = teamAddress(team.key);
    const properties = teamProperties(team);
    if (properties !== undefined) put(prefix, 'team', [prefix, ...TEAM_PROPERTIES.map((p) => `${prefix}.${p}`)], properties);
    if (team.members !== undefined) {
      const members = sortedUnique(team.members.map((m) => ('id' in m ? m.id : m.email.toLowerCase())));
      put(`${prefix}.members`, 'team-members', [`${prefix}.members`], members);
    }
    for (const scope of team.pm) {
      const alias = String(scope.integration);
      const integration = meaning(scope.integration, aliases);
      const value: Record<string, unknown> = { integration };
      for (const key of PM_SCOPE_KEYS) value[key] = sortedUnique((scope[key] ?? []) as unknown[]);
      put(`${teamAddress(team.key)}.pm.${alias}`, 'pm-scope', PM_SCOPE_KEYS.map((k) => pmScopeAddress(team.key, alias, k)), value);
      if (scope.methodology !== undefined) {
        const address = methodologyAddress(team.key, alias);
        put(address, 'methodology', [address], { integration, methodology: scope.methodology });
      }
    }
    if (team.git !== undefined) {
      put(`${teamAddress(team.key)}.git`, 'git-scope', [gitScopeAddress(team.key, 'repositories'), gitScopeAddress(team.key, 'services')], {
        repositories: sortedUnique(team.git.repositories.map((r) => repoRefValue(r, aliases))),
        services: sortedUnique(team.git.services),
      });
    }
  }
  for (const [section, value] of Object.entries(config.git.defaults)) {
    const address = orgDefaultAddress(section as OrgSection);
    put(address, 'org-default', [address], canonicalSection(section as OrgSection, value));
  }
  for (const rule of config.git.rules ?? []) {
    const address = `${repoAddress({ name: rule.pattern })}.settings`;
    put(address, 'repo-override', [address], { integration: rule.integration === undefined ? null : meaning(rule.integration, aliases), settings: settingsKey(rule.settings) });
  }
  for (const entry of config.git.repositories) {
    const repo = repoAddress(entry.ref);
    const ref = repoRefValue(entry.ref, aliases);
    if (entry.settings !== undefined) {
      const settings: Record<string, unknown> = {};
      for (const [section, value] of Object.entries(entry.settings)) settings[section] = canonicalSection(section as OrgSection, value);
      put(`${repo}.settings`, 'repo-override', [`${repo}.settings`], { ref, settings });
    }
    if (entry.monitored !== undefined) {
      const address = monitoredAddress(repo);
      put(address, 'monitoring', [address], { ref, monitored: entry.monitored });
    }
  }
  return out;
}

/**
 * What decides which rule writes each repository and with what: the rules in order (each its
 * pattern, what its integration names and its override set) and the repositories literal keys
 * write (those win). Two configs with one key leave every repository's rule-made override set as
 * it was.
 */
function rulesKey(config: DesiredConfig): string {
  const aliases = aliasMeanings(config);
  const rules = (config.git.rules ?? []).map((r) => [r.pattern, r.integration === undefined ? null : meaning(r.integration, aliases), settingsKey(r.settings)]);
  const literal = sortedUnique(config.git.repositories.filter((e) => e.settings !== undefined).map((e) => repoRefValue(e.ref, aliases)));
  return identityKey({ rules, literal });
}

function patternsKey(config: DesiredConfig): string | undefined {
  const m = config.git.monitoring;
  if (m === undefined) return undefined;
  return identityKey({ include: sortedUnique(m.include), exclude: sortedUnique(m.exclude) });
}

/**
 * The objects whose desired state differs between the config at the ref (`before`) and now
 * (`after`). Linear: both sides are indexed by object address once.
 */
export function changedObjects(before: DesiredConfig, after: DesiredConfig): ChangedScope {
  const was = desiredObjects(before);
  const now = desiredObjects(after);
  const changed: ChangedObject[] = [];
  for (const [object, value] of now) {
    const old = was.get(object);
    if (old !== undefined && old.key === value.key) continue;
    changed.push({ object, kind: value.kind, how: old === undefined ? 'added' : 'changed', addresses: value.addresses });
  }
  let unmanaged = [...was.keys()].filter((object) => !now.has(object));
  // Under exact ownership a team taken out of the file is deleted: a change, not an end of management.
  if (after.ownership?.teams === 'exact') {
    const kept: string[] = [];
    for (const object of unmanaged) {
      const kind = was.get(object)?.kind;
      if (kind !== undefined && kindOf(kind).deletedWhenUnwritten === true) changed.push({ object, kind, how: 'changed', addresses: [object] });
      else kept.push(object);
    }
    unmanaged = kept;
  }

  const patternsNow = patternsKey(after);
  const patternsWere = patternsKey(before);
  // Patterns deleted: their repositories are no longer managed (nothing to write). Added or
  // edited: any repository may change. A repository's own `monitored:` deleted while patterns
  // remain hands it back to the patterns, which is a change, not an end of management.
  let allMonitoring = patternsNow !== undefined && patternsNow !== patternsWere;
  if (patternsWere !== undefined && patternsNow === undefined) unmanaged.push('git.monitoring');
  if (patternsNow !== undefined && !allMonitoring) {
    // One pass, not a splice per flag (quadratic when thousands of flags are deleted at once).
    const rest = unmanaged.filter((o) => !o.endsWith('.monitored'));
    if (rest.length < unmanaged.length) {
      allMonitoring = true;
      unmanaged = rest;
    }
  }
  changed.sort((a, b) => (a.object < b.object ? -1 : a.object > b.object ? 1 : 0));
  unmanaged.sort();
  const out: ChangedScope = { changed, unmanaged, allMonitoring };
  if ((after.git.rules?.length ?? 0) > 0 && rulesKey(before) !== rulesKey(after)) {
    out.rulesBefore = { rules: before.git.rules ?? [], literal: before.git.repositories.filter((e) => e.settings !== undefined) };
  }
  return out;
}

/** The plan addresses of a changed scope (what `--target` would name). */
export function scopeAddresses(scope: ChangedScope): string[] {
  return scope.changed.flatMap((c) => c.addresses);
}

/**
 * Whether a plan change lies in the scope: its address is one of the changed objects' addresses or
 * lies under one (a selection entity under its set, a setting under its override set), or it is a
 * monitoring change while the patterns changed. One Set lookup per change: a plan of N changes
 * costs O(N), not O(N x objects).
 */
export function changeInScope(scope: ChangedScope): (change: Pick<Change, 'address' | 'kind'> & Partial<Pick<Change, 'before'>>) => boolean {
  const addresses = new Set(scopeAddresses(scope));
  return (change) => {
    const a = change.address;
    if (addresses.has(a)) return true;
    const kind = kindOf(change.kind);
    if (kind.followsMonitoringPatterns === true) return scope.allMonitoring;
    const object = kind.objectOf?.(change);
    return object !== undefined && addresses.has(object);
  };
}

/** What a --changed-from plan reads and plans, after intersecting with --target. */
export interface ChangedTargets {
  /** Address patterns for the read scope (src/core/reads/read-scope.ts); empty = nothing to read per object. */
  targets: string[];
  /** Objects in scope: changed objects that survive --target, plus the monitoring patterns when they changed. */
  objects: number;
}

/** The changed objects a file deletes by no longer writing them (kind.ts deletedWhenUnwritten: a team under exact ownership), by address. */
export function deletionsInScope(scope: ChangedScope): string[] {
  return scope.changed.filter((c) => kindOf(c.kind).deletedWhenUnwritten === true).map((c) => c.object);
}

/**
 * The changed objects' addresses intersected with the --target patterns (none = no narrowing):
 * an object a target covers is kept whole; a target narrower than an object (a key of a changed
 * scope) is kept as given. When the patterns changed, the repositories whose `monitored:` the
 * config writes are added too: their own flag wins over the patterns, so the patterns' result
 * cannot be planned without them. O(objects x targets); targets are flags, a handful.
 */
export function changedTargets(config: DesiredConfig, scope: ChangedScope, userTargets: readonly string[]): ChangedTargets {
  const clean = userTargets.map((t) => t.trim().replace(/\.+$/, ''));
  const out = new Set<string>();
  let objects = 0;
  const take = (addresses: readonly string[]): boolean => {
    let any = false;
    for (const a of addresses) {
      if (clean.length === 0) {
        out.add(a);
        any = true;
        continue;
      }
      for (const t of clean) {
        if (matchesAddressPrefix(a, t)) out.add(a);
        else if (matchesAddressPrefix(t, a)) out.add(t);
        else continue;
        any = true;
      }
    }
    return any;
  };
  for (const c of scope.changed) if (take(c.addresses)) objects += 1;
  if (scope.allMonitoring) {
    const flags = config.git.repositories.filter((r) => r.monitored !== undefined).map((r) => monitoredAddress(repoAddress(r.ref)));
    take(flags);
    if (clean.length === 0 || clean.some((t) => t === 'repo' || t.startsWith('repo['))) objects += 1;
  }
  return { targets: [...out].sort(), objects };
}
