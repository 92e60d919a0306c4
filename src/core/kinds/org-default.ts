// One organization-wide settings section: `git.defaults.exclude_branches`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

export const orgDefault: Kind<'org-default', TargetOf<'org-default'>> = {
  kind: 'org-default',
  section: 'Git defaults',
  valueShown: 'sections',
};
