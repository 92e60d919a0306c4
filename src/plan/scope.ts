// What part of the config a plan covers and reads (DESIGN 3): --target / --exclude, and with
// --changed-from only the objects whose desired state changed since a git ref (intersected with
// --target). Only the objects in scope are read and diffed; the plan records how it was narrowed.

import { changedTargets, changeInScope, deletionsInScope, type ChangedScope } from '../core/changed-objects.js';
import type { DesiredConfig, ReadScope, RuleScope } from '../core/model.js';
import type { PlanScope } from '../core/plan-model.js';
import type { PlanOptions } from '../core/plan.js';
import type { StateClient } from '../state/live-reader.js';
import { narrowDesired, type Narrowing } from '../core/reads/narrow.js';
import { scopeDesired, withOtherSpellings, type RepositorySpellings } from '../core/reads/read-scope.js';
import { resolveScopeRepositories } from '../state/scope-repositories.js';

/** --changed-from: the ref and the objects whose desired state changed since it (core/changed-objects.ts). */
export interface ChangedFrom {
  ref: string;
  changes: ChangedScope;
}

/** The part of the config a plan is asked to cover; a change must be kept by both --target/--exclude and --changed-from. */
export interface RequestedScope {
  targets?: readonly string[];
  excludes?: readonly string[];
  changed?: ChangedFrom;
  /**
   * The targets are the addresses of objects as the config spells them (apply PLANFILE: the saved
   * plan's ownership objects): a `repo["NAME"]` target reaches the entry written by that name, not
   * the entries the config writes by the ids of that name (state/scope-repositories.ts).
   */
  asWritten?: boolean;
  /**
   * apply PLANFILE: the ids the saved plan's read records give repositories the config names by
   * name; their configurations are read by id again (ReadScope.repositoryIds).
   */
  repositoryIds?: readonly { name: string; id: number }[];
}

/** What a plan reads, through which client, what it keeps, and how it records its scope. */
export interface Narrowed {
  /** The desired state narrowed to the objects in scope (the whole config when unscoped). */
  desired: DesiredConfig;
  /** What reading the narrowed state needs beyond what it names, passed beside it to the reader and the planner. */
  reads: ReadScope;
  /** Reads go through it: it hands the reader the answers the scope's lookups already had. */
  client: StateClient;
  /** The changes the plan keeps: --target / --exclude, and --changed-from's filter. */
  kept: PlanOptions;
  /** The plan's own record of its scope; absent when it covers the whole config. */
  recorded?: PlanScope;
}

/** The objects of `config` in the scope `asked` for, read through `client`. */
export async function narrowed(client: StateClient, config: DesiredConfig, asked: RequestedScope): Promise<Narrowed> {
  const targets = asked.targets ?? [];
  const excludes = asked.excludes ?? [];
  // A repository the patterns spell otherwise than the config (repo[ID] for one written by name,
  // or the reverse) is resolved first, with a configuration read or a name lookup, and matched
  // under both spellings.
  const known = asked.repositoryIds === undefined ? {} : { repositoryIds: [...asked.repositoryIds] };
  const resolved = await resolveScopeRepositories(client, config, { targets, excludes }, asked.asWritten === true, known);
  const spellings = resolved.spellings;
  const flags = [...targets.map((t) => `--target ${t}`), ...excludes.map((e) => `--exclude ${e}`)];
  if (asked.changed !== undefined) {
    const changed = changedScope(config, asked.changed, withOtherSpellings(targets, spellings), excludes, spellings, flags, known);
    return { desired: changed.desired, reads: changed.reads, client: resolved.client, kept: { targets, excludes, keep: changed.keep }, recorded: changed.recorded };
  }
  const scope = scopeDesired(config, { targets, excludes, ...(spellings === undefined ? {} : { repositories: spellings }) }, known);
  const recorded = scope.scoped ? { recorded: { narrowed_by: flags, objects: scope.objects } } : {};
  return { desired: scope.desired, reads: scope.reads, client: resolved.client, kept: { targets, excludes, ...(asked.asWritten === true ? { savedObjects: true } : {}) }, ...recorded };
}

/**
 * The settings rules of a --changed-from plan: kept when they, or the literal keys that win over
 * them, changed since the ref (or the monitoring patterns did), with what they were there, so that
 * rule expansion plans exactly the repositories whose rule-made override set changed
 * (core/rules.ts); left out otherwise, and then the repository list is not read for them.
 */
function withRulesChanged(
  scoped: { desired: DesiredConfig; reads: ReadScope },
  config: DesiredConfig,
  changes: ChangedScope,
  targets: readonly string[],
  excludes: readonly string[],
  repoExcluded: boolean,
): { desired: DesiredConfig; reads: ReadScope } {
  const { rules: _rules, ...git } = scoped.desired.git;
  const { ruleScope: _scope, ...reads } = scoped.reads;
  void _rules;
  void _scope;
  const rules = config.git.rules ?? [];
  const monitoringStarts = changes.allMonitoring && config.git.monitoring !== undefined;
  if (rules.length === 0 || repoExcluded || (changes.rulesBefore === undefined && !monitoringStarts)) return { desired: { ...scoped.desired, git }, reads };
  const literal = config.git.repositories.filter((e) => e.settings !== undefined);
  const before = changes.rulesBefore ?? { rules, literal };
  const ruleScope: RuleScope = { targets: [...targets], excludes: [...excludes], literal: literal.map((e) => e.ref), before, ...(monitoringStarts ? { monitoringStarts } : {}) };
  return { desired: { ...scoped.desired, git: { ...git, rules } }, reads: { ...reads, ruleScope } };
}

/** No object: a --changed-from plan where nothing changed (under exact ownership the teams stay as keys, so none is one to delete). */
const NOTHING: Narrowing = { keeps: () => false, keepsTeamProperties: () => false, keepsTeamMembers: () => false, monitoring: false, rules: false };

/**
 * The scope of a --changed-from plan: the changed objects' addresses (intersected with --target)
 * fed to the same narrowing --target uses (core/reads/read-scope.ts); with nothing changed, nothing per
 * object is read. Changed monitoring patterns keep the patterns in the narrowed config, so every
 * repository's monitoring state is planned from the repository list.
 */
function changedScope(
  config: DesiredConfig,
  from: ChangedFrom,
  targets: readonly string[],
  excludes: readonly string[],
  repositories: RepositorySpellings | undefined,
  flags: readonly string[],
  known: Pick<ReadScope, 'repositoryIds'>,
): { desired: DesiredConfig; reads: ReadScope; keep: PlanOptions['keep']; recorded: PlanScope } {
  const keep = changeInScope(from.changes);
  const { targets: addresses, objects } = changedTargets(config, from.changes, targets);
  let scoped: { desired: DesiredConfig; reads: ReadScope } =
    addresses.length > 0
      ? scopeDesired(config, { targets: addresses, excludes, ...(repositories === undefined ? {} : { repositories }) }, known)
      : { desired: narrowDesired(config, NOTHING).desired, reads: { ...known } };
  const repoExcluded = excludes.some((e) => e.trim().replace(/\.+$/, '') === 'repo');
  if (from.changes.allMonitoring && config.git.monitoring !== undefined && !repoExcluded) {
    scoped = { ...scoped, desired: { ...scoped.desired, git: { ...scoped.desired.git, monitoring: config.git.monitoring } } };
  }
  const ruled = withRulesChanged(scoped, config, from.changes, targets, excludes, repoExcluded);
  const desired = ruled.desired;
  const reads: ReadScope = { ...ruled.reads, deletionsInScope: deletionsInScope(from.changes) };
  const recorded: PlanScope = {
    narrowed_by: [`--changed-from ${from.ref}`, ...flags],
    objects,
    changed_from: from.ref,
    ...(from.changes.unmanaged.length > 0 ? { no_longer_managed: from.changes.unmanaged.length } : {}),
    ...(from.changes.allMonitoring ? { all_monitoring: true } : {}),
  };
  return { desired, reads, keep, recorded };
}
