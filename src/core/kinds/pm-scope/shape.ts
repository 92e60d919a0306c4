// Where a team's PM scopes sit in a config: one per integration under the team entry's `pm:`.

import type { DesiredConfig } from '../../model.js';
import { pmScopeAddress, pmScopeObjectAddress } from './address.js';
import { PM_SCOPE_KEYS } from './keys.js';
import type { KindNarrowing } from '../shared/narrowing.js';

/** Every key of each PM scope a team entry writes (`team[42].pm.tracker.boards`), whether or not the scope writes it. */
export function knownPmScopes(config: DesiredConfig): string[] {
  const known: string[] = [];
  for (const team of config.teams) {
    for (const scope of team.pm) for (const key of PM_SCOPE_KEYS) known.push(pmScopeAddress(team.key, String(scope.integration), key));
  }
  return known;
}

/** A team entry narrowed: the PM scopes kept, each whole (its methodology with it). */
export const pmScopeNarrowing: KindNarrowing = {
  team(team, kept, by) {
    kept.pm = team.pm.filter((scope) => by.keeps(pmScopeObjectAddress(team.key, String(scope.integration))));
    return kept.pm.length > 0;
  },
  inTeam: (team) => team.pm.length > 0,
};
