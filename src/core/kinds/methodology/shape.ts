// Where a team's methodology sits in a config: in each of the team entry's PM scopes.

import type { DesiredConfig } from '../../model.js';
import { methodologyAddress } from './address.js';

/** `team[42].pm.tracker.methodology` for each PM scope a team entry writes, whether or not it writes the methodology. */
export function knownMethodologies(config: DesiredConfig, _live: unknown, add: (address: string) => void): void {
  for (const team of config.teams) for (const scope of team.pm) add(methodologyAddress(team.key, String(scope.integration)));
}
