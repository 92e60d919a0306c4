// The emulator's metric engine (DESIGN.md §6.2): pure functions over activity data and the
// emulator state. The store indexes activity once (indexActivity); the measurement routes answer
// each query with measure(); the rules are documented in docs/measurements.md.

import type { GroupBy } from '../../contract/metrics.js';
import { SERVICE_TEAM_NAMES } from '../../contract/list-types.js';
import type { EmulatorState } from '../state/state.js';
import type { ActivityIndex } from './activity-index.js';

export { indexActivity, type ActivityIndex } from './activity-index.js';
export { measure, isEmptyAnswer } from './measure.js';
export { PatternOverBudget } from './branch-exclusion.js';
export type { Activity, MeasurementQuery, MeasurementElement } from './types.js';

function serviceTeamName(state: EmulatorState, id: number): string | undefined {
  if (id === state.serviceTeams.allTeams) return SERVICE_TEAM_NAMES.allTeams;
  if (id === state.serviceTeams.allContributors) return SERVICE_TEAM_NAMES.allContributors;
  return undefined;
}

/** The display name of a group (CSV name columns): team, repository or contributor name; undefined when unknown. */
export function groupName(index: ActivityIndex, state: EmulatorState, groupBy: GroupBy, key: number | string): string | undefined {
  if (typeof key !== 'number') return undefined;
  switch (groupBy) {
    case 'team':
      return state.teams.get(key)?.name ?? serviceTeamName(state, key);
    case 'repository':
      return state.repos.get(key)?.name;
    case 'contributor':
      return index.contributors.get(key)?.name;
    case 'organization':
      return key === state.org.id ? state.org.name : undefined;
    default:
      return undefined;
  }
}
