// What a PM scope change carries from its diff to its calls: the scope and the key written.

import type { PmScopeKey } from '../../../contract/types.js';
import type { ScopeContext } from '../shared/scope-context.js';

export interface PmScopeTarget {
  kind: 'pm-scope';
  scope: ScopeContext;
  key: PmScopeKey;
}
