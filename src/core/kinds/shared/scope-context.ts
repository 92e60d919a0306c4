// A managed (team, PM integration) scope in canonical form: what the PM scope kind diffs its keys
// against and the methodology kind diffs within, and what their changes carry to the calls.

import type { Integration, Methodology, PmProvider } from '../../../contract/types.js';
import type { CanonicalScope } from './pm-scope-form.js';
import type { ConfigPath, TeamRef } from '../../model.js';

/** A managed (team, PM integration) scope: both sides in canonical form. */
export interface ScopeContext {
  teamId: number;
  /** The team as the config keys it (its addresses spell it so). */
  teamKey: TeamRef;
  integration: Integration;
  provider: PmProvider;
  alias: string;
  live: CanonicalScope;
  desired: CanonicalScope;
  liveMethodology?: Methodology;
  /** Undefined when the config does not manage the methodology. */
  desiredMethodology?: Methodology;
  path: ConfigPath;
}
