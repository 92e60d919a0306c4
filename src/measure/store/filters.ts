// The `filters` column (DESIGN.md §10): the request's filters other than its groups, as canonical
// JSON (keys sorted, id lists sorted), so that the same request always makes the same key and
// `--from` can ask for it again. The group-by dimension's own ids are not a filter: a team's value
// is the same whichever other teams were asked with it. `with_direct_children` is one: it changes
// every team's value.

import type { GroupBy } from '../../contract/metrics.js';

export interface FilterIds {
  teamIds: readonly number[];
  repositoryIds: readonly number[];
  contributorIds: readonly number[];
  serviceIds: readonly number[];
  labels: readonly string[];
  /** `with_direct_children`: a team's values include its direct child teams'. */
  withChildren?: boolean;
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
  const json = JSON.stringify(out);
  // A flag, not a list: written only when set, so the filters of every earlier run stay as they were.
  return ids.withChildren === true ? `${json.slice(0, -1)}${json === '{}' ? '' : ','}"with_direct_children":true}` : json;
}
