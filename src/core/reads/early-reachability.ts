// Which entity lists the plan will need read again without unreachable entities, known before
// the whole read is in. Those lists are asked for when the plan's writes name entities of them
// (Plan.unknownReachability): selects and team PM scope writes, which depend on the PM part of
// the live state alone. So the PM part of the plan is built as soon as that part is read, and its
// lists are read while the rest of the read goes on (under pacing, the repository configurations
// take longest). The plan is then built once with reachability known, and not predicted again.
// Should the whole plan name a list this did not (it should not: the same changes, filtered the
// same way), the shell still reads it after the plan.

import { buildPlanStaged, type PlanOptions } from '../plan.js';
import type { DesiredConfig, DesiredTeam } from '../model.js';
import type { LiveSnapshot } from '../snapshot.js';

/** The config without its Git side: selection sets and team PM scopes only. */
function pmPart(config: DesiredConfig): DesiredConfig {
  const teams = config.teams.map((team): DesiredTeam => {
    const { git, ...pm } = team;
    void git;
    return pm;
  });
  return { ...config, teams, git: { defaults: {}, repositories: [] } };
}

/** For readLiveState's `reachabilityFor`: the lists the plan of `config` (with `options`) will ask about. */
export function reachabilityOfPmPart(config: DesiredConfig, options: PlanOptions): (pm: LiveSnapshot) => { integrationId: number; type: string }[] | undefined {
  const pmConfig = pmPart(config);
  const touchesPm = pmConfig.collection.length > 0 || pmConfig.teams.some((t) => t.pm.length > 0);
  return (pm) => (touchesPm ? buildPlanStaged(pmConfig, pm, options).plan.unknownReachability : undefined);
}
