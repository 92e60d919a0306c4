// Where a team's member set sits in a config: under the team entry that writes `members:`.

import type { DesiredConfig } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';

/** `team[42].members` for each team entry writing its member set. */
export function knownMemberSets(config: DesiredConfig): string[] {
  return config.teams.flatMap((team) => (team.members === undefined ? [] : [`${teamAddress(team.key)}.members`]));
}
