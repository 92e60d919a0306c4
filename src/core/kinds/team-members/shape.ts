// Where a team's member set sits in a config: under the team entry that writes `members:`.

import type { DesiredConfig } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';
import type { KindNarrowing } from '../shared/narrowing.js';
import { teamLeafProblem, type KindAddressSyntax } from '../shared/address-syntax.js';

/** `team[42].members` for each team entry writing its member set. */
export function knownMemberSets(config: DesiredConfig, _live: unknown, add: (address: string) => void): void {
  for (const team of config.teams) if (team.members !== undefined) add(`${teamAddress(team.key)}.members`);
}

/** A team entry narrowed: its member set kept or left out. */
export const memberSetNarrowing: KindNarrowing = {
  team(team, kept, by) {
    const keeps = team.members !== undefined && by.keepsTeamMembers(teamAddress(team.key));
    if (!keeps) delete kept.members;
    return keeps;
  },
  inTeam: (team) => team.members !== undefined,
};

/** A member removal: `.members[512]`, `.members["bo@acme.io"]` (an email may hold dots). */
const MEMBER = /^\.members(\[(?:\d+|"(?:[^"\\]|\\.)*")\])$/;

/** `team[42].members`, and one member of it. */
export const memberSetSyntax: KindAddressSyntax = {
  entry: 'team',
  part: { words: ['members'], shown: '.members[[ID|"EMAIL"]]', leaf: true, whole: (rest) => MEMBER.test(rest), problem: teamLeafProblem },
};

/** One object per member set the config writes. */
export function countMemberSets(config: DesiredConfig): number {
  let n = 0;
  for (const team of config.teams) if (team.members !== undefined) n += 1;
  return n;
}
