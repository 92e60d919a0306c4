// The methodology kind's address form.

import type { TeamRef } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';
import { teamIdIn, type LiveSource } from '../shared/live-source.js';

/** `team[42].pm.tracker.methodology`. */
export function methodologyAddress(team: TeamRef | number, alias: string): string {
  return `${teamAddress(team)}.pm.${alias}.methodology`;
}

/** A methodology's live value comes from its team's PM scope read (teams keyed by id). */
export function methodologyLiveSource(address: string): LiveSource | undefined {
  const teamId = teamIdIn(address);
  return teamId === undefined ? undefined : { from: 'team PM scope', teamId };
}
