// The monitoring kind's diff: the monitoring state the patterns and the repositories' own
// `monitored:` decide (monitoring-decisions.ts), against each repository's live state.

import type { Repository } from '../../../contract/git-types.js';
import { monitoredAddress } from './address.js';
import type { PlanDraft } from '../../draft.js';
import type { Change } from '../../plan-model.js';
import { isMonitored, monitoringDecisions } from '../../monitoring-decisions.js';
import { addressOfRepo } from '../shared/repositories.js';

/** The monitoring changes of the repositories whose monitoring the config manages, by name. */
export function diffMonitoring(draft: PlanDraft): void {
  const monitoring = draft.config.git.monitoring;
  if (monitoring === undefined && !draft.config.git.repositories.some((r) => r.monitored !== undefined)) return;
  const decisions = monitoringDecisions(draft.config, draft.reads, draft.repos, draft.live);
  for (const e of decisions.errors) draft.error(e.message, e.path);
  for (const w of decisions.warnings) draft.warn(w.message, w.path);
  if (!decisions.judged) return;
  for (const [id, monitored] of decisions.decided) draft.monitoring.set(id, monitored);
  const refs = decisions.written;
  draft.count('stop_monitoring', draft.live.monitoredTotal ?? draft.live.repositories.filter(isMonitored).length);
  const repos = [...draft.monitoring.keys()]
    .map((id) => draft.repos.byId.get(id))
    .filter((r): r is Repository => r !== undefined)
    .sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1));
  for (const repo of repos) {
    const want = draft.monitoring.get(repo.id) === true;
    if (want === isMonitored(repo)) continue;
    const where = refs.get(repo.id);
    const change: Change = {
      address: monitoredAddress(addressOfRepo(draft, repo, where?.ref)),
      kind: 'monitoring',
      action: want ? 'add' : 'remove',
      before: want ? null : true,
      after: want ? true : null,
      impacts: want ? ['backfill', 'counts-against-limit'] : ['stops-collection'],
      label: repo.name,
    };
    if (!want) change.destructive = 'stop_monitoring';
    draft.add(change, { kind: 'monitoring', repo, monitored: want }, where?.path);
  }
}
