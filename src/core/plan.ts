// The pure entry point: (DesiredConfig, LiveSnapshot) -> Plan. Conversion (resolve, normalize)
// and differencing happen in each kind's diff (kinds/), in registry order; operation planning
// only sees the changes that survive --target / --exclude; predictions see exactly what would be
// sent. Never throws for bad data: every problem is a plan error with its config location.

import { boundaryPrefixes, cleanPattern, excludesCover, otherRepoSpelling } from './address.js';
import { PlanDraft, type PlannedChange } from './draft.js';
import type { DesiredConfig, ReadScope } from './model.js';
import { planOperations } from './operations.js';
import type { Change, Plan, PlanMessage } from './plan-model.js';
import { EVERY_KIND, sectionRank, teamOfTarget } from './kinds/registry.js';
import { predictRefusals } from './predict.js';
import { expandRules, ruleSpelling, type Expansion, type RuleCoverage } from './rules.js';
import { checkSafety } from './safety.js';
import type { LiveSnapshot } from './snapshot.js';
import type { DiffFindings } from './kinds/kind.js';
import { configSpellings } from './kinds/shared/repositories.js';
import { resolveTeamIds, teamDirectory, type TeamDirectory } from './kinds/shared/team-directory.js';

export interface PlanOptions {
  targets?: readonly string[];
  excludes?: readonly string[];
  /**
   * A further filter on the changes kept, besides --target / --exclude (both must keep a change):
   * --changed-from keeps the changes of the objects whose desired state changed since its ref.
   */
  keep?: (change: Change) => boolean;
  /**
   * The config's rules already expanded against the snapshot's repository list (the state reader
   * expands them to know which configurations to read); expanded here when not given.
   */
  expansion?: Expansion;
  /** What the run reads beyond what the config names (a narrowed plan: plan/scope.ts); nothing when absent. */
  reads?: ReadScope;
  /**
   * The targets are the objects a saved plan writes (apply PLANFILE re-plans them to prove nothing
   * moved): under exact team ownership that narrowing is the saved plan's own, not a narrowed run.
   */
  savedObjects?: boolean;
}

export function buildPlan(config: DesiredConfig, live: LiveSnapshot, options: PlanOptions = {}): Plan {
  return buildPlanStaged(config, live, options).plan;
}

export interface StagedPlan {
  plan: Plan;
  /** The desired state the plan was diffed against: the config with its rules expanded. */
  expanded: DesiredConfig;
  /** What each settings rule writes (rules.ts); empty when the config has none. */
  coverage: RuleCoverage[];
  /**
   * The plan again after the shell has read the lists of `plan.unknownReachability` into the same
   * snapshot: the changes are kept (a plan is diffed once whatever the re-read finds); operations
   * and predictions are made again, since a PM scope key that keeps an entry the provider no
   * longer exposes is written by adding to it rather than whole (kinds/pm-scope/items.ts).
   */
  predictAgain(): Plan;
}

export function buildPlanStaged(written: DesiredConfig, live: LiveSnapshot, options: PlanOptions = {}): StagedPlan {
  // Name keys get their ids from the team list (the state reader did the same to read their scopes).
  const teams = resolveTeamIds(written, live.teamList === undefined ? undefined : teamDirectory(live.teamList));
  const config = teams.config;
  const reads = options.reads ?? {};
  const expansion = options.expansion ?? expandRules(config, reads, live);
  const draft = new PlanDraft(expansion.config, reads, live);
  for (const p of teams.problems) draft.error(p.message, p.path, p.address);
  for (const e of expansion.errors) draft.error(e.message, e.path);
  for (const w of expansion.warnings) draft.warn(w.message, w.path);
  diffKinds(draft);
  const targets = options.targets ?? [];
  const excludes = options.excludes ?? [];
  if (config.ownership?.teams === 'exact' && options.savedObjects !== true && (targets.length > 0 || excludes.length > 0)) {
    draft.error('ownership: { teams: exact } deletes every team the file does not write: a run narrowed by --target or --exclude must not delete what it did not read; plan without them');
  }
  const all = sortChanges(draft.changes);
  const keep = options.keep;
  // A change is also known by the config's spelling of its object (a repository addressed by id
  // because its name is on two Git integrations, written by name): patterns and the changed
  // scope match either spelling, an exclude of either leaves it out.
  // A repository is also known by its other spelling: repo["NAME"] for repo[ID] (a name reaches
  // every repository of that name), repo[ID] for repo["NAME"] when the name is on one repository.
  const spellings = configSpellings(draft);
  const addressesOf = (change: Change): string[] => {
    const out = [change.address];
    const id = /^repo\[\d+\]/.exec(change.address)?.[0];
    const written = id === undefined ? undefined : spellings.get(id);
    if (written !== undefined && id !== undefined) out.push(written + change.address.slice(id.length));
    const other = otherRepoSpelling(change.address, draft.repos);
    if (other !== undefined && !out.includes(other)) out.push(other);
    // A rule's change is also known by the rule's address: --target 'repo["payments/*"]'.
    const byRule = change.rule === undefined ? undefined : ruleSpelling(change.address, change.rule);
    if (byRule !== undefined) out.push(byRule);
    return out;
  };
  // Targets by Set lookup of each address's boundary prefixes, not a scan of every target per
  // change: a saved plan's re-read passes one target per object it writes.
  const targetSet = new Set(targets.map(cleanPattern).filter((t) => t !== ''));
  const targeted = (a: string): boolean => boundaryPrefixes(a).some((p) => targetSet.has(p));
  // Excludes the same way: an index of the excludes, not a scan of every exclude per change.
  const excluded = excludesCover(excludes);
  const reached = new Set<string>();
  const selected = (change: Change): boolean => {
    const addresses = addressesOf(change);
    for (const a of addresses) for (const p of boundaryPrefixes(a)) reached.add(p);
    if (targets.length > 0 && !addresses.some(targeted)) return false;
    if (addresses.some(excluded)) return false;
    // The expansion kept only the rule objects in scope (RuleScope): --changed-from's filter,
    // which knows objects by their config addresses, is not asked about them again.
    return keep === undefined || change.rule !== undefined || addresses.some((address) => keep({ ...change, address }));
  };
  const kept = all.filter((c) => selected(c.change));
  for (const t of targets) {
    if (!reached.has(cleanPattern(t))) draft.warn(`--target ${t} matches no pending change`);
  }
  // How a PM scope key is written depends on which entries the provider still exposes
  // (kinds/pm-scope/items.ts), so operations are planned with the predictions, after any reachability re-read.
  const unreachable = (integrationId: number, type: string, id: string) => draft.namesUnreachable(integrationId, type, id);
  const beforeOperations = draft.errors.length;
  const changes = kept.map((c) => c.change);
  const assemble = (): Plan => {
    const planned = planOperations(kept, unreachable);
    const { operations, errors } = planned;
    draft.errors.push(...errors);
    predictRefusals(draft, kept, planned);
    const plan: Plan = {
      format_version: 2,
      config_files: [...config.files],
      changes,
      operations,
      warnings: unique(draft.warnings),
      errors: unique(draft.errors),
      summary: {
        add: count(changes, 'add'),
        remove: count(changes, 'remove'),
        update: count(changes, 'update'),
        operations: operations.length,
      },
      reads: [],
      totals: { ...draft.totals },
    };
    // What apply would refuse (exit 3 unless --force), shown by the plan itself.
    const { rails } = checkSafety(plan, config.safety, { force: false });
    return {
      ...plan,
      ...(draft.unknownReachability.size > 0 ? { unknownReachability: [...draft.unknownReachability.values()] } : {}),
      ...(rails.length > 0 ? { safety_refusals: rails } : {}),
    };
  };
  return {
    plan: assemble(),
    expanded: expansion.config,
    coverage: expansion.coverage,
    predictAgain() {
      draft.refreshEntities();
      draft.errors.length = beforeOperations;
      draft.unknownReachability.clear();
      return assemble();
    },
  };
}

/** Every kind's diff, in registry order, each handed what the diffs before it found. */
function diffKinds(draft: PlanDraft): void {
  const list = draft.live.teamList;
  let directory: TeamDirectory | undefined;
  const inPmScope = EVERY_KIND.filter((kind) => kind.diffInPmScope !== undefined);
  const found: DiffFindings = {
    // Built once for both team kinds; undefined when the team list was not read (nothing of the teams is managed then).
    teamDirectory: () => (list === undefined ? undefined : (directory ??= teamDirectory(list))),
    selections: new Map(),
    diffInPmScope: (scope) => {
      for (const kind of inPmScope) kind.diffInPmScope?.(draft, scope);
    },
  };
  for (const kind of EVERY_KIND) kind.diff?.(draft, found);
}

function count(changes: Change[], action: Change['action']): number {
  return changes.filter((c) => c.action === action).length;
}

/**
 * Display order: the plan's sections (kinds/kind.ts), teams by id (PM before Git), then as
 * planned. Teams the plan creates (placeholder ids below 0) come after the listed ones, in the
 * order written.
 */
function sortChanges(changes: PlannedChange[]): PlannedChange[] {
  const teamOrder = (c: PlannedChange): number => {
    const id = teamOfTarget(c.target);
    return id < 0 ? 2 ** 52 - id : id;
  };
  return changes
    .map((c, i) => ({ c, i, rank: sectionRank(c.change.kind), team: teamOrder(c) }))
    .sort((a, b) => a.rank - b.rank || a.team - b.team || a.i - b.i)
    .map(({ c }) => c);
}

/** The same message about the same address once (a missing team is seen by its PM and Git reads). */
function unique(messages: PlanMessage[]): PlanMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const key = `${m.address ?? ''}\u0000${m.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
