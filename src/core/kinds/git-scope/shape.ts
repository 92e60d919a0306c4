// Where a team's Git scope sits in a config: the team entry's `git:`.

import type { DesiredConfig } from '../../model.js';
import { gitScopeAddress, gitScopeObjectAddress } from './address.js';
import type { KindNarrowing } from '../shared/narrowing.js';
import { oneOf, type KindAddressSyntax } from '../shared/address-syntax.js';

/** Both keys of each Git scope a team entry writes (`team[42].git.repositories`, `.services`). */
export function knownGitScopes(config: DesiredConfig, _live: unknown, add: (address: string) => void): void {
  for (const team of config.teams) {
    if (team.git === undefined) continue;
    add(gitScopeAddress(team.key, 'repositories'));
    add(gitScopeAddress(team.key, 'services'));
  }
}

/** A team entry narrowed: its Git scope kept whole or left out. */
export const gitScopeNarrowing: KindNarrowing = {
  team(team, kept, by) {
    const keeps = team.git !== undefined && by.keeps(gitScopeObjectAddress(team.key));
    if (!keeps) delete kept.git;
    return keeps;
  },
  inTeam: (team) => team.git !== undefined,
};

/** `team[42].git`, `.git.repositories`, `.git.services`. */
export const gitScopeSyntax: KindAddressSyntax = {
  entry: 'team',
  part: {
    words: ['git'],
    shown: '.git[.repositories|.services]',
    problem(parts) {
      if (parts.length > 2) return 'a Git scope address ends at its key: team[42].git.repositories';
      return oneOf(parts[1], ['repositories', 'services'], 'a Git scope key');
    },
  },
};

/** One object per team Git scope the config writes. */
export function countGitScopes(config: DesiredConfig): number {
  let n = 0;
  for (const team of config.teams) if (team.git !== undefined) n += 1;
  return n;
}
