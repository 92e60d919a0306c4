// A team's address form beyond its key (`team[42]`, kinds/shared/addresses.ts): its own
// properties, each addressed under the team (its member set and its scopes are other kinds'), and
// whether an entry writes the team's own object at all.

import type { DesiredTeam } from '../../model.js';

/** The properties a team entry may write, each addressed under the team (`team[42].parent`). */
export const TEAM_PROPERTIES = ['name', 'parent', 'initials', 'color'] as const;

/** Whether a team entry writes the team's own object: a property, or a name key (the team list resolves it). */
export function writesTeam(team: DesiredTeam): boolean {
  return TEAM_PROPERTIES.some((property) => team[property] !== undefined) || 'name' in team.key;
}
