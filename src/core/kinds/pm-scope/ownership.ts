// The object of the ownership rule (DESIGN 2) a PM scope key belongs to: the team's whole PM scope
// on that integration, every key (the methodology beside them is an object of its own).

import { PM_SCOPE_KEYS } from '../../../contract/types.js';
import { TEAM_ADDRESS } from '../shared/addresses.js';

/** `team[42].pm.tracker.boards`: the scope on one integration, then its key. */
const SCOPE_KEY = new RegExp(`^(${TEAM_ADDRESS}\\.pm\\.[^.]+)\\.([a-z_]+)$`);

/**
 * `team[42].pm.tracker.boards` belongs to `team[42].pm.tracker.boards`, `.epics`, `.labels`, `.fields`
 * and `.project_team_areas`: every key a PM scope may have, whatever its provider (a key the
 * provider lacks is never written, so it never differs).
 */
export function pmScopeOwnership(address: string): string[] | undefined {
  const m = SCOPE_KEY.exec(address);
  if (m?.[1] === undefined || m[2] === 'methodology') return undefined;
  const scope = m[1];
  return PM_SCOPE_KEYS.map((key) => `${scope}.${key}`);
}
