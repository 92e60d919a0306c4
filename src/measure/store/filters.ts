// The `filters` column (DESIGN.md §10): the request's filters other than its groups, as canonical
// JSON (keys sorted, id lists sorted), so that the same request always makes the same key and
// `--from` can ask for it again. The group-by dimension's own ids are not a filter: a team's value
// is the same whichever other teams were asked with it.

import type { GroupBy } from '../../contract/metrics.js';

export interface FilterIds {
  teamIds: readonly number[];
  repositoryIds: readonly number[];
  contributorIds: readonly number[];
  serviceIds: readonly number[];
  labels: readonly string[];
}

const OWN_IDS: Partial<Record<GroupBy, keyof FilterIds>> = { team: 'teamIds', repository: 'repositoryIds', contributor: 'contributorIds' };

export function canonicalFilters(groupBy: GroupBy, ids: FilterIds): string {
  const own = OWN_IDS[groupBy];
  const out: Record<string, readonly (number | string)[]> = {};
  const numeric = (key: keyof FilterIds, name: string) => {
    if (key === own) return;
    const list = [...new Set(ids[key] as readonly number[])].sort((a, b) => a - b);
    if (list.length > 0) out[name] = list;
  };
  // Written in sorted key order: JSON.stringify keeps insertion order.
  numeric('contributorIds', 'contributor_ids');
  const labels = [...new Set(ids.labels)].sort();
  if (labels.length > 0) out.labels = labels;
  numeric('repositoryIds', 'repository_ids');
  numeric('serviceIds', 'service_ids');
  numeric('teamIds', 'team_ids');
  return JSON.stringify(out);
}
