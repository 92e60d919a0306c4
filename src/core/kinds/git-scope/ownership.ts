// The object of the ownership rule (DESIGN 2) a Git scope key belongs to: the team's whole Git scope.

import { TEAM_ADDRESS } from '../shared/addresses.js';

const SCOPE_KEY = new RegExp(`^(${TEAM_ADDRESS}\\.git)\\.`);

/** `team[42].git.services` belongs to `team[42].git`. */
export function gitScopeOwnership(address: string): string[] | undefined {
  const scope = SCOPE_KEY.exec(address)?.[1];
  return scope === undefined ? undefined : [scope];
}
