// What a methodology change carries to the PM scope write that sends it: its scope.

import type { ScopeContext } from '../shared/scope-context.js';

export interface MethodologyTarget {
  kind: 'methodology';
  scope: ScopeContext;
}
