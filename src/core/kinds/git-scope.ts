// One key of a team's Git scope: `team[42].git.repositories`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

export const gitScope: Kind<'git-scope', TargetOf<'git-scope'>> = {
  kind: 'git-scope',
  section: 'Teams',
  teamOf: (target) => target.teamId,
};
