// What monitoring needs read: each repository whose `monitored:` is written (looked up, or found
// in the whole list for an id), and for the monitoring patterns the whole repository list, or,
// on a plan narrowed to some repositories, only those (the patterns judged for them alone), with
// the organization's count of monitored repositories from one filtered call.

import type { KindReads, ReadNeeds } from '../shared/read-needs.js';

export const monitoringReads: KindReads = {
  needs(config, scope) {
    const repositories: ReadNeeds['repositories'] = [];
    for (const entry of config.git.repositories) if (entry.monitored !== undefined) repositories.push({ ref: entry.ref });
    if (config.git.monitoring === undefined) return { repositories };
    if (scope.monitoringScope === undefined) return { repositories, wholeRepositoryList: true };
    for (const ref of scope.monitoringScope) repositories.push({ ref });
    return { repositories, monitoredTotal: true };
  },
};
