// What a Git scope change carries from its diff to its calls: the key's repository ids before and after.

import type { GitScopeKey } from '../../../contract/git-types.js';

export interface GitScopeTarget {
  kind: 'git-scope';
  teamId: number;
  key: GitScopeKey;
  before: number[];
  after: number[];
}
