// Where a team's PM scopes sit in a config: one per integration under the team entry's `pm:`.

import type { DesiredConfig } from '../../model.js';
import { pmScopeAddress, pmScopeObjectAddress } from './address.js';
import { PM_SCOPE_KEYS } from '../../../contract/types.js';
import type { KindNarrowing } from '../shared/narrowing.js';
import { ALIAS, oneOf, type KindAddressSyntax } from '../shared/address-syntax.js';

/** Every key of each PM scope a team entry writes (`team[42].pm.tracker.boards`), whether or not the scope writes it. */
export function knownPmScopes(config: DesiredConfig, _live: unknown, add: (address: string) => void): void {
  for (const team of config.teams) {
    for (const scope of team.pm) for (const key of PM_SCOPE_KEYS) add(pmScopeAddress(team.key, String(scope.integration), key));
  }
}

/** A team entry narrowed: the PM scopes kept, each whole (its methodology with it). */
export const pmScopeNarrowing: KindNarrowing = {
  team(team, kept, by) {
    kept.pm = team.pm.filter((scope) => by.keeps(pmScopeObjectAddress(team.key, String(scope.integration))));
    return kept.pm.length > 0;
  },
  inTeam: (team) => team.pm.length > 0,
};

/** The words after a PM scope: its keys, and the methodology written within it. */
const PM_SCOPE_WORDS: readonly string[] = [...PM_SCOPE_KEYS, 'methodology'];

/** `team[42].pm`, `.pm.tracker`, `.pm.tracker.boards`, `.pm.tracker.methodology`. */
export const pmScopeSyntax: KindAddressSyntax = {
  entry: 'team',
  part: {
    words: ['pm'],
    shown: `.pm[.ALIAS[${PM_SCOPE_WORDS.map((k) => `.${k}`).join('|')}]]`,
    problem(parts) {
      if (parts.length > 3) return 'a PM scope address ends at its key: team[42].pm.ALIAS.boards';
      if (parts[1] !== undefined && !ALIAS.test(parts[1])) return `"${parts[1]}" is not an integration alias or id`;
      return oneOf(parts[2], PM_SCOPE_WORDS, 'a PM scope key');
    },
  },
};

/** One object per team's PM scope on an integration (its methodology with it). */
export function countPmScopes(config: DesiredConfig): number {
  let n = 0;
  for (const team of config.teams) n += team.pm.length;
  return n;
}
