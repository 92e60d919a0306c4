// One key of a team's PM scope on one integration: `team[42].pm.tracker.boards`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

export const pmScope: Kind<'pm-scope', TargetOf<'pm-scope'>> = {
  kind: 'pm-scope',
  section: 'Teams',
  teamOf: (target) => target.scope.teamId,
  integrationOf: (target) => target.scope.integration,
};
