// What a scoped plan reads (DESIGN 3: --target/--exclude narrow what is read as well as what is
// planned). A scope is a set of address patterns; the desired state is narrowed to the objects of
// the ownership rule that a target reaches and no exclude covers whole (a selection set, a team's
// PM scope on one integration, a team's Git scope, an org default section, a repository's
// override set or monitoring state), by the narrowing apply's own-result check uses too
// (narrow.ts). The read plan (read-plan.ts) then reads what that narrowed config manages: the
// per-object reads of the objects in scope, and the cheap lists needed to resolve and predict
// them. Anything that computes a set of addresses to plan (--target, --exclude, --changed-from,
// apply PLANFILE's ownership objects) feeds the same function. Pure: no I/O.

import { cleanPattern, excludesCover, targetsReach } from '../address.js';
import { EVERY_KIND } from '../kinds/registry.js';
import { repoAddress } from '../kinds/shared/addresses.js';
import type { DesiredConfig, ReadScope, RepoRef, RuleScope } from '../model.js';
import { GlobIndex } from '../glob-index.js';
import { isGlob } from '../repo-patterns.js';
import { narrowDesired } from './narrow.js';
import { ruleAddress } from '../rules.js';

export interface AddressScope {
  /** Address patterns (an address or a prefix of one); empty = everything. */
  targets: readonly string[];
  /** Address patterns left out; an object is left unread only when an exclude covers it whole. */
  excludes: readonly string[];
  /**
   * The other spelling of repositories the patterns name (src/state/scope-repositories.ts):
   * `repo[1234]` reaches the repository the config writes by name, and the reverse.
   */
  repositories?: RepositorySpellings;
}

/** What a configuration read or a name lookup told about repositories the patterns name. */
export interface RepositorySpellings {
  /** id -> the repository's name (its configuration read). */
  names: ReadonlyMap<number, string>;
  /** name -> the ids of every repository of that name (its exact-name lookup): a name reaches each. */
  ids: ReadonlyMap<string, readonly number[]>;
  /** Ids that are no repository (their configuration read answered 404). */
  missing: ReadonlySet<number>;
}

const BY_ID = /^repo\[(\d+)\]/;
const BY_NAME = /^repo\[("(?:[^"\\]|\\.)*")\]/;

/**
 * Each pattern, and the same pattern with the repository spelled the other way when the
 * spellings know it: `repo[1234].settings` also as `repo["acme/api"].settings`. `idToName` false
 * leaves ids as they are: an exclude of `repo[1234]` must not leave out every repository the
 * config writes as "acme/api" when that name is on several integrations (its change is filtered
 * out after the diff, by what the name resolved to).
 */
export function withOtherSpellings(patterns: readonly string[], spellings: RepositorySpellings | undefined, idToName = true): string[] {
  if (spellings === undefined) return [...patterns];
  const out: string[] = [];
  for (const pattern of patterns) {
    out.push(pattern);
    const p = cleanPattern(pattern);
    const id = BY_ID.exec(p);
    const name = id === null ? BY_NAME.exec(p) : null;
    if (id?.[1] !== undefined && idToName) {
      const known = spellings.names.get(Number(id[1]));
      if (known !== undefined) out.push(repoAddress({ name: known }) + p.slice(id[0].length));
    } else if (name?.[1] !== undefined) {
      for (const known of spellings.ids.get(JSON.parse(name[1]) as string) ?? []) out.push(repoAddress({ id: known }) + p.slice(name[0].length));
    }
  }
  return out;
}

export interface ScopedDesired {
  /** The desired state narrowed to the objects in scope (the whole config when unscoped). */
  desired: DesiredConfig;
  /** What reading the narrowed state needs beyond what it names (nothing when unscoped). */
  reads: ReadScope;
  /** Objects of the ownership rule in scope (monitoring patterns count as one). */
  objects: number;
  /** False when no target or exclude was given: the plan covers the whole config. */
  scoped: boolean;
}

/** Whether the object at `prefix` is in scope: a target is at, above or under it; no exclude covers it. */
export function objectInScope(prefix: string, scope: AddressScope): boolean {
  return targetsReach(scope.targets)(prefix) && !excludesCover(scope.excludes)(prefix);
}


/**
 * Monitoring patterns decide the monitoring state of every repository, so they stay in scope when
 * some target can reach a repository's `monitored` (`repo`, `repo[...]`, `repo[...].monitored`),
 * or, with no target, unless `--exclude repo` leaves every repository out.
 */
function monitoringInScope(scope: AddressScope): boolean {
  if (scope.excludes.some((e) => cleanPattern(e) === 'repo')) return false;
  if (scope.targets.length === 0) return true;
  return scope.targets.some((t) => {
    const p = cleanPattern(t);
    return p === 'repo' || (p.startsWith('repo[') && !/\]\.settings(\.|$)/.test(p) && !isRuleAddress(p));
  });
}

/** `repo["payments/*"]...`: a settings rule's address (a name holding `*` or `?`), which reaches settings only. */
function isRuleAddress(pattern: string): boolean {
  const name = BY_NAME.exec(pattern)?.[1];
  return name !== undefined && isGlob(JSON.parse(name) as string);
}

/**
 * Whether a target can reach a repository's override set (`repo`, `repo[...]`, `repo[...].settings...`,
 * a rule's address), or, with no target, unless `--exclude repo` leaves every repository out: the
 * settings rules then stay in scope, since which rule writes a repository depends on all of them.
 */
function settingsInScope(scope: AddressScope): boolean {
  if (scope.excludes.some((e) => cleanPattern(e) === 'repo')) return false;
  if (scope.targets.length === 0) return true;
  return scope.targets.some((t) => {
    const p = cleanPattern(t);
    return p === 'repo' || (p.startsWith('repo[') && !p.endsWith('].monitored'));
  });
}

/**
 * When every target reaching a repository's monitoring names one repository by name
 * (`repo["acme/api"]`, `repo["acme/api"].monitored`), those names: the patterns are then judged
 * for them alone, read by name. Undefined when the patterns must be judged over the whole list
 * (`repo`, a repository by id, excludes only).
 */
function monitoringNames(scope: AddressScope): string[] | undefined {
  if (scope.targets.length === 0) return undefined;
  const names: string[] = [];
  for (const t of scope.targets) {
    const p = cleanPattern(t);
    if (p !== 'repo' && !p.startsWith('repo[')) continue;
    if (/\]\.settings(\.|$)/.test(p) || isRuleAddress(p)) continue;
    const m = /^repo\[("(?:[^"\\]|\\.)*"|\d+)\](?:\.monitored)?$/.exec(p);
    if (!m?.[1]) return undefined;
    if (m[1].startsWith('"')) {
      names.push(JSON.parse(m[1]) as string);
      continue;
    }
    // A repository by id: judged alone when its configuration read told its name; an id that is
    // no repository has no monitoring state to judge.
    const id = Number(m[1]);
    const name = scope.repositories?.names.get(id);
    if (name !== undefined) names.push(name);
    else if (scope.repositories?.missing.has(id) !== true) return undefined;
  }
  return [...new Set(names)].sort();
}

/**
 * The repositories --target and --exclude name (`repo["acme/api"]...`, `repo[1234]...`). An id
 * whose name the spellings know is read by that name; one known to be no repository is not read.
 */
function repositoriesNamed(scope: AddressScope): RepoRef[] {
  const names = new Set<string>();
  const ids = new Set<number>();
  for (const pattern of [...scope.targets, ...scope.excludes]) {
    const p = cleanPattern(pattern);
    const byName = BY_NAME.exec(p);
    // A rule's address names no repository.
    if (byName?.[1] && !isRuleAddress(p)) names.add(JSON.parse(byName[1]) as string);
    const byId = BY_ID.exec(p);
    if (byId?.[1] === undefined) continue;
    const id = Number(byId[1]);
    const name = scope.repositories?.names.get(id);
    if (name !== undefined) names.add(name);
    else if (scope.repositories?.missing.has(id) !== true) ids.add(id);
  }
  return [...[...names].sort().map((name) => ({ name })), ...[...ids].sort((a, b) => a - b).map((id) => ({ id }))];
}

export function isScoped(scope: AddressScope): boolean {
  return scope.targets.length > 0 || scope.excludes.length > 0;
}

/**
 * `config` with only the objects in scope. Aliases, safety and drift settings are kept as they
 * are. Linear in the config times the number of patterns.
 */
export function scopeDesired(config: DesiredConfig, given: AddressScope, known: Pick<ReadScope, 'repositoryIds'> = {}): ScopedDesired {
  if (!isScoped(given)) return { desired: config, reads: { ...known }, objects: countObjects(config, known), scoped: false };
  // Objects are matched under either spelling of a repository (withOtherSpellings).
  const scope: AddressScope = {
    targets: withOtherSpellings(given.targets, given.repositories),
    excludes: withOtherSpellings(given.excludes, given.repositories, false),
    ...(given.repositories === undefined ? {} : { repositories: given.repositories }),
  };
  const names = monitoringNames(given);
  const rules = settingsInScope(scope);
  const { desired, literal } = narrowDesired(config, {
    keeps: (object) => objectInScope(object, scope),
    // A target anywhere on a team (its PM scope, say) keeps the team's properties and members as
    // well, and an exclude drops them only with the whole team: what the targets do not reach is
    // left out after the diff, by address. Reading them costs the team list, which a plan of a
    // team reads anyway (and the contributor list when members are written by email).
    keepsTeamProperties: (team) => objectInScope(team, scope),
    keepsTeamMembers: (team) => objectInScope(team, scope),
    monitoring: monitoringInScope(scope) && names?.length !== 0,
    rules,
  });
  const reads: ReadScope = { ...known };
  if ((config.git.rules?.length ?? 0) > 0 && rules) reads.ruleScope = { targets: [...scope.targets], excludes: [...scope.excludes], literal };
  const named = repositoriesNamed(given);
  if (named.length > 0) reads.scopeRepositories = named;
  if (desired.git.monitoring !== undefined && names !== undefined) reads.monitoringScope = names.map((name) => ({ name }));
  const spelled = repositoryNamesKnown(given.repositories);
  if (spelled.length > 0) reads.repositoryNames = spelled;
  return { desired, reads, objects: countObjects(desired, reads), scoped: true };
}

/** Every (id, name) pair the spellings know, for the read plan (an id read by its name). */
function repositoryNamesKnown(spellings: RepositorySpellings | undefined): { id: number; name: string }[] {
  if (spellings === undefined) return [];
  const pairs = new Map<number, string>(spellings.names);
  for (const [name, ids] of spellings.ids) for (const id of ids) pairs.set(id, name);
  return [...pairs].sort((a, b) => a[0] - b[0]).map(([id, name]) => ({ id, name }));
}

/** Objects of the ownership rule a config manages: each kind's, and the settings rules in scope. */
export function countObjects(config: DesiredConfig, reads: ReadScope): number {
  let n = rulesInScope(config, reads.ruleScope);
  for (const kind of EVERY_KIND) n += kind.count?.(config) ?? 0;
  return n;
}

/**
 * Rules count as one object each (what they expand to is known only once the repository list is
 * read). In a narrowed config: a rule a target reaches by its address, or whose glob matches a
 * repository a target names by name, and that no exclude covers whole.
 */
function rulesInScope(config: DesiredConfig, scope: RuleScope | undefined): number {
  const rules = config.git.rules ?? [];
  if (scope === undefined) return rules.length;
  const index = new GlobIndex<number>();
  rules.forEach((rule, n) => index.add(rule.pattern, n));
  const named = new Set<number>();
  for (const target of scope.targets) {
    const name = BY_NAME.exec(cleanPattern(target))?.[1];
    if (name !== undefined && !isRuleAddress(cleanPattern(target))) index.forEachMatch(JSON.parse(name) as string, (n) => named.add(n));
  }
  return rules.filter((rule, n) => {
    const address = `${ruleAddress(rule.pattern)}.settings`;
    return (named.has(n) || objectInScope(address, scope)) && !excludesCover(scope.excludes)(address);
  }).length;
}
