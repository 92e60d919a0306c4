// The address forms several kinds build on: a team (its PM and Git scope keys, its methodology,
// the team and its member set) and a repository (its override sections and its monitoring state).

import type { TeamRef } from '../../model.js';

/** `"acme/api"` quoted the way JSON quotes it, so a name with a quote or bracket stays unambiguous. */
export function quotedName(name: string): string {
  return JSON.stringify(name);
}

/**
 * `team[42]` for a team the config keys by id, `team["Payments"]` for one it keys by name: a team
 * is addressed as the config writes it. A bare number is an id.
 */
export function teamAddress(team: TeamRef | number): string {
  if (typeof team === 'number') return `team[${team}]`;
  return 'id' in team ? `team[${team.id}]` : `team[${quotedName(team.name)}]`;
}

/** `repo["acme/api"]` when the repository is named, `repo[1234]` when it is known by id. */
export function repoAddress(ref: { name: string } | { id: number }): string {
  return 'name' in ref ? `repo[${quotedName(ref.name)}]` : `repo[${ref.id}]`;
}

/** A team's address as a regular expression's source: `team[42]`, or `team["Payments"]` (a JSON-quoted name). */
export const TEAM_ADDRESS = String.raw`team\[(?:\d+|"(?:[^"\\]|\\.)*")\]`;
