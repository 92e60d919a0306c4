// The PM scope kind's address form.

import type { PmScopeKey } from '../../../contract/types.js';
import type { TeamRef } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';
import { teamIdIn, type LiveSource } from '../shared/live-source.js';

/** `team[42].pm.tracker`: a team's PM scope on one integration, the object its keys lie under. */
export function pmScopeObjectAddress(team: TeamRef | number, alias: string): string {
  return `${teamAddress(team)}.pm.${alias}`;
}

/** `team[42].pm.tracker.boards`: one key of a team's PM scope on an integration. */
export function pmScopeAddress(team: TeamRef | number, alias: string, key: PmScopeKey): string {
  return `${pmScopeObjectAddress(team, alias)}.${key}`;
}

/** A PM scope key's live value comes from its team's PM scope read (teams keyed by id: a name key's team was not read by it). */
export function pmScopeLiveSource(address: string): LiveSource | undefined {
  const teamId = teamIdIn(address);
  return teamId === undefined ? undefined : { from: 'team PM scope', teamId };
}
