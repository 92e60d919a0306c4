// The plan engine: (desired config, client, scope, clock, origin) -> one finished plan, built and
// stamped here in one object and never changed after. plan, apply (from a config or a saved plan)
// and drift all make their plan here, so what `plan` shows is what `apply` would do (dnscontrol's
// preview/push rule). Sends only GETs.

import { buildPlanStaged } from '../core/plan.js';
import type { DesiredConfig } from '../core/model.js';
import type { Plan } from '../core/plan-model.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { EMCTL_VERSION } from '../core/version.js';
import { reachabilityOfPmPart } from '../state/early-reachability.js';
import type { StateClient } from '../state/live-reader.js';
import { readLiveState, readReachability } from '../state/read-live.js';
import { readRecords, ruleRecords } from '../state/read-records.js';
import type { LaneObserver } from '../state/scheduler.js';
import { organizationOf, type PlanOrigin } from './origin.js';
import { relativeMessage, relativePath } from './relative-paths.js';
import { narrowed, type RequestedScope } from './scope.js';

/** Where live state is read from: the client, and how its reads are paced and shown. */
export interface LiveSource {
  client: StateClient;
  /** Reads of one route handed to the client at once (--concurrency). */
  perRoute?: number;
  /** Told of reads held back per route (the progress line's total). */
  observer?: LaneObserver;
}

export interface MadePlan {
  plan: Plan;
  /** The live state the plan rests on (apply's check compares its writes' answers with it). */
  snapshot: LiveSnapshot;
  /**
   * The desired state the plan was diffed against, its rules expanded into the objects they write
   * (core/rules.ts): what apply checks its writes against.
   */
  expanded: DesiredConfig;
}

/**
 * Reads live state for what `asked` covers of `desired` and makes the plan. When its writes name
 * entities of lists that may hold unreachable ones, those lists are read again without them and
 * the operations and predictions made again, so that a write the service would refuse
 * (entity_not_reachable, entity_not_found) is predicted; a plan without such writes costs nothing more.
 */
export async function makePlan(desired: DesiredConfig, source: LiveSource, asked: RequestedScope, now: Date, origin: PlanOrigin): Promise<MadePlan> {
  const { client, ...reading } = source;
  // Only the objects in scope are read and diffed; the plan saves the whole desired state.
  const scope = await narrowed(client, desired, asked);
  // The lists whose reachability the plan needs are read as soon as the PM part of the state is in.
  const reachabilityFor = reachabilityOfPmPart(scope.desired, scope.kept);
  const { snapshot, sources, expansion } = await readLiveState(scope.client, scope.desired, { ...reading, reachabilityFor, deletedTeamScopes: true });
  const staged = buildPlanStaged(scope.desired, snapshot, { ...scope.kept, ...(expansion === undefined ? {} : { expansion }) });
  let built = staged.plan;
  if (built.unknownReachability !== undefined) {
    await readReachability(client, snapshot, built.unknownReachability, reading);
    built = staged.predictAgain();
  }
  const plan: Plan = {
    ...built,
    created_at: now.toISOString(),
    emctl_version: EMCTL_VERSION,
    organization: organizationOf(origin.service, snapshot),
    config_files: desired.files.map((file) => relativePath(origin.cwd, file)),
    ...(scope.recorded === undefined ? {} : { scope: scope.recorded }),
    warnings: built.warnings.map((m) => relativeMessage(origin.cwd, m)),
    errors: built.errors.map((m) => relativeMessage(origin.cwd, m)),
    reads: readRecords(built, scope.desired, snapshot, sources),
    ...(staged.coverage.length === 0 ? {} : { rules: ruleRecords(staged.coverage) }),
    desired: desiredForPlan(desired, origin.cwd),
  };
  return { plan, snapshot, expanded: staged.expanded };
}

/**
 * The config as saved in a plan: everything but the source map (positions of the files), the
 * measurement reports and the goals, which are no part of the desired state; its files relative to cwd.
 */
function desiredForPlan(config: DesiredConfig, cwd: string): unknown {
  const { sourceMap, reports, goals, ...rest } = config;
  void sourceMap;
  void reports;
  void goals;
  return JSON.parse(JSON.stringify({ ...rest, files: rest.files.map((file) => relativePath(cwd, file)) })) as unknown;
}
