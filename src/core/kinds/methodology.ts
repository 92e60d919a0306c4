// A team's methodology on one PM integration: `team[42].pm.tracker.methodology`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

export const methodology: Kind<'methodology', TargetOf<'methodology'>> = {
  kind: 'methodology',
  section: 'Teams',
  teamOf: (target) => target.scope.teamId,
  integrationOf: (target) => target.scope.integration,
};
