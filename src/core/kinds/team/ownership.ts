// The object of the ownership rule (DESIGN 2) a team's property belongs to: the team's properties
// together (its member set is an object of its own; the team's own address, a creation or a
// deletion, is its own object).

import { TEAM_ADDRESS } from '../shared/addresses.js';
import { TEAM_PROPERTIES } from './address.js';

const PROPERTY = new RegExp(`^(${TEAM_ADDRESS})\\.(?:${TEAM_PROPERTIES.join('|')})$`);

/** `team[42].parent` belongs to `team[42].name`, `.parent`, `.initials` and `.color`. */
export function teamOwnership(address: string): string[] | undefined {
  const team = PROPERTY.exec(address)?.[1];
  return team === undefined ? undefined : TEAM_PROPERTIES.map((p) => `${team}.${p}`);
}
