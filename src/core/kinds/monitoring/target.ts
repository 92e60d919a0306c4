// What a monitoring change carries to its call: the repository and its state after the plan.

import type { Repository } from '../../../contract/git-types.js';

export interface MonitoringTarget {
  kind: 'monitoring';
  repo: Repository;
  monitored: boolean;
}
