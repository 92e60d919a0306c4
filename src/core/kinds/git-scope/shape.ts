// Where a team's Git scope sits in a config: the team entry's `git:`.

import type { DesiredConfig } from '../../model.js';
import { gitScopeAddress } from './address.js';

/** Both keys of each Git scope a team entry writes (`team[42].git.repositories`, `.services`). */
export function knownGitScopes(config: DesiredConfig): string[] {
  return config.teams.flatMap((team) => (team.git === undefined ? [] : [gitScopeAddress(team.key, 'repositories'), gitScopeAddress(team.key, 'services')]));
}
