// The emulator's metric engine (DESIGN.md §6.2): pure functions over activity data and the
// emulator state. The store indexes activity once (indexActivity); the measurement routes answer
// each query with measure(); the rules are documented in docs/measurements.md.

import type { GroupBy } from '../../contract/metrics.js';
import type { EmulatorState } from '../state/state.js';
import type { ActivityIndex } from './activity-index.js';

export { indexActivity, type ActivityIndex } from './activity-index.js';
export { measure, isEmptyAnswer } from './measure.js';
export type { Activity, MeasurementQuery, MeasurementElement } from './types.js';

/** The display name of a group (CSV name columns): team, repository or contributor name; undefined when unknown. */
export function groupName(index: ActivityIndex, state: EmulatorState, groupBy: GroupBy, key: number | string): string | undefined {
  if (typeof key !== 'number') return undefined;
  switch (groupBy) {
    case 'team':
      return state.teams.get(key)?.name;
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
