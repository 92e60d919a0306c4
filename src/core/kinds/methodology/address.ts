// The methodology kind's address form.

import type { TeamRef } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';

/** `team[42].pm.tracker.methodology`. */
export function methodologyAddress(team: TeamRef | number, alias: string): string {
  return `${teamAddress(team)}.pm.${alias}.methodology`;
}
