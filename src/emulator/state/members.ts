// Who is on a team. A team's members are those the fixture or a member write set, else the
// activity's contributors whose team_ids name it (indexed once by the store: `defaults`). The
// service's own two teams are computed: `All Teams` holds everyone on a team, `All Contributors`
// everyone.

import type { EmulatorState } from './state.js';

/** team id -> contributor ids, as the activity's contributors name them. */
export type MemberDefaults = ReadonlyMap<number, readonly number[]>;

/** The members of one of the organization's own teams (not the service's two); none for an unknown id. */
export function membersOf(state: EmulatorState, teamId: number, defaults: MemberDefaults): Iterable<number> {
  const team = state.teams.get(teamId);
  if (team === undefined) return [];
  return team.members ?? defaults.get(teamId) ?? [];
}

/**
 * Everyone on at least one team: the members of `All Teams`. A team the activity names but the
 * organization does not hold (a metric engine fed activity alone) still counts, unless deleted.
 */
export function onAnyTeam(state: EmulatorState, defaults: MemberDefaults): Set<number> {
  const ids = new Set<number>();
  for (const team of state.teams.keys()) for (const id of membersOf(state, team, defaults)) ids.add(id);
  for (const [team, members] of defaults) {
    if (state.teams.has(team) || state.deletedTeams.has(team)) continue;
    for (const id of members) ids.add(id);
  }
  return ids;
}

/** contributor id -> the teams they are on, in team id order (the user list's team_ids). */
export function teamsByContributor(state: EmulatorState, defaults: MemberDefaults): Map<number, number[]> {
  const byContributor = new Map<number, number[]>();
  for (const team of [...state.teams.keys()].sort((a, b) => a - b)) {
    for (const id of new Set(membersOf(state, team, defaults))) {
      const teams = byContributor.get(id);
      if (teams) teams.push(team);
      else byContributor.set(id, [team]);
    }
  }
  return byContributor;
}
