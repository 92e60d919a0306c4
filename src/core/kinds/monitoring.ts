// A repository's monitoring state: `repo["acme/api"].monitored`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

export const monitoring: Kind<'monitoring', TargetOf<'monitoring'>> = {
  kind: 'monitoring',
  section: 'Monitoring',
  presence: { yes: 'monitored', no: 'not monitored' },
  // The patterns decide every repository's state: when they changed, every monitoring change is in scope.
  followsMonitoringPatterns: true,
};
