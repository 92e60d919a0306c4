// The keys of a PM scope.

import type { PmScopeKey } from '../../../contract/types.js';

/** Every key a PM scope may have, whatever its provider: a key the provider lacks is never written, so it never differs. */
export const PM_SCOPE_KEYS: readonly PmScopeKey[] = ['boards', 'epics', 'labels', 'fields', 'project_team_areas'];
