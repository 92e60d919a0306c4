// The object of the ownership rule (DESIGN 2) a member change belongs to: the team's member set (a
// removal, `team[42].members["bo@acme.io"]`, lies under it).

import { TEAM_ADDRESS } from '../shared/addresses.js';

const MEMBERS = new RegExp(`^(${TEAM_ADDRESS}\\.members)(?:\\[.*\\])?$`);

/** `team[42].members` and `team[42].members["bo@acme.io"]` belong to `team[42].members`. */
export function teamMembersOwnership(address: string): string[] | undefined {
  const set = MEMBERS.exec(address)?.[1];
  return set === undefined ? undefined : [set];
}
