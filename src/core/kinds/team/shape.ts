// Where a team's own objects sit in a config: the team entry's properties, and the team itself
// when the entry is keyed by name.

import type { DesiredConfig } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';
import { TEAM_PROPERTIES } from './properties.js';

/** Each property a team entry writes (`team[42].parent`), and a team keyed by name itself (`team["Payments"]`). */
export function knownTeams(config: DesiredConfig): string[] {
  const known: string[] = [];
  for (const team of config.teams) {
    const prefix = teamAddress(team.key);
    for (const property of TEAM_PROPERTIES) if (team[property] !== undefined) known.push(`${prefix}.${property}`);
    // A name key is a team of its own (created when the service has none of that name).
    if ('name' in team.key) known.push(prefix);
  }
  return known;
}
