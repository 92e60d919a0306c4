// Where a team's own objects sit in a config: the team entry's properties, and the team itself
// when the entry is keyed by name.

import type { DesiredConfig } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';
import { TEAM_PROPERTIES, writesTeam } from './address.js';
import type { KindNarrowing } from '../shared/narrowing.js';
import { teamLeafProblem, type KindAddressSyntax } from '../shared/address-syntax.js';

/** Each property a team entry writes (`team[42].parent`), and a team keyed by name itself (`team["Payments"]`). */
export function knownTeams(config: DesiredConfig, _live: unknown, add: (address: string) => void): void {
  for (const team of config.teams) {
    const prefix = teamAddress(team.key);
    for (const property of TEAM_PROPERTIES) if (team[property] !== undefined) add(`${prefix}.${property}`);
    // A name key is a team of its own (created when the service has none of that name).
    if ('name' in team.key) add(prefix);
  }
}

/**
 * A team entry narrowed: its properties kept together or not at all. A name key is the team's own
 * name, kept whatever else is left out; `name:` beside an id key is a property.
 */
export const teamNarrowing: KindNarrowing = {
  team(team, kept, by) {
    const keeps = by.keepsTeamProperties(teamAddress(team.key));
    if (!keeps) for (const property of TEAM_PROPERTIES) if (property !== 'name' || 'id' in team.key) delete kept[property];
    return keeps;
  },
  // A name key is read too: the team list resolves it.
  inTeam: (team) => writesTeam(team),
};

/** `team[42].name`, `.parent`, `.initials`, `.color`, with nothing under them. */
export const teamSyntax: KindAddressSyntax = {
  entry: 'team',
  part: { words: TEAM_PROPERTIES, shown: TEAM_PROPERTIES.map((p) => `.${p}`).join('|'), leaf: true, problem: teamLeafProblem },
};

/** One object per team whose own properties the config writes, or that it keys by name (the team itself). */
export function countTeams(config: DesiredConfig): number {
  let n = 0;
  for (const team of config.teams) if (writesTeam(team)) n += 1;
  return n;
}
