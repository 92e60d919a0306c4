// The Git scope kind's address form.

import type { GitScopeKey } from '../../../contract/git-types.js';
import type { TeamRef } from '../../model.js';
import { teamAddress } from '../shared/addresses.js';
import { teamIdIn, type LiveSource } from '../shared/live-source.js';

/** `team[42].git`: a team's Git scope, the object its two keys lie under. */
export function gitScopeObjectAddress(team: TeamRef | number): string {
  return `${teamAddress(team)}.git`;
}

/** `team[42].git.repositories`. */
export function gitScopeAddress(team: TeamRef | number, key: GitScopeKey): string {
  return `${gitScopeObjectAddress(team)}.${key}`;
}

/** A Git scope key's live value comes from its team's Git scope read (teams keyed by id). */
export function gitScopeLiveSource(address: string): LiveSource | undefined {
  const teamId = teamIdIn(address);
  return teamId === undefined ? undefined : { from: 'team Git scope', teamId };
}
