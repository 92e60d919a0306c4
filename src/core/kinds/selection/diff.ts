// The selection kind's diff: each selection set the config writes is the whole truth for that
// set (DESIGN.md §2); an entity that does not resolve drops its set, not the plan.

import type { PmProvider, SelectableEntityType } from '../../../contract/types.js';
import { SELECTABLE_TYPES } from '../../../contract/types.js';
import { selectionAddress } from './address.js';
import type { PlanDraft } from '../../draft.js';
import type { Change } from '../../plan-model.js';
import { resolveEntity } from '../../resolve.js';
import type { DesiredSelections } from '../kind.js';
import { listKey } from '../../snapshot.js';
import { pmIntegration } from '../shared/pm.js';

/** Natural order for entity ids, so "99" sorts before "101". */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The selection changes of every set the config writes; each set written goes into `out` (DiffFindings.selections). */
export function diffSelections(draft: PlanDraft, out: DesiredSelections): void {
  for (const sel of draft.config.collection) {
    const alias = String(sel.integration);
    const integration = pmIntegration(draft, sel.integration, sel.path);
    if (!integration) continue;
    const provider = integration.provider as PmProvider;
    const type: SelectableEntityType = sel.entityType;
    if (!SELECTABLE_TYPES[provider]?.includes(type)) {
      draft.error(`${type} cannot be selected on ${alias} (${provider})`, sel.path);
      continue;
    }
    const key = listKey(integration.id, type);
    if (out.has(key)) {
      draft.error(`the ${type} selection of integration ${integration.id} is written twice`, sel.path);
      continue;
    }
    const list = draft.entities.list(integration.id, type);
    const desired = new Set<string>();
    /** Where each resolved entity was written, for the location of its change. */
    const writtenAt = new Map<string, number>();
    let failed = false;
    sel.entities.forEach((ref, i) => {
      const r = resolveEntity(ref, type, alias, list);
      if (r.value === undefined) {
        draft.error(r.error ?? 'unresolved entity', [...sel.path, i]);
        failed = true;
      } else {
        desired.add(r.value);
        if (!writtenAt.has(r.value)) writtenAt.set(r.value, i);
      }
    });
    const live = draft.entities.selected(integration.id, type);
    if (live === undefined) {
      draft.error(`the ${type} of ${alias} were not read; cannot plan its selection`, sel.path);
      continue;
    }
    // A set with an unresolved entry is not diffed: removing "everything else" from it would be wrong.
    if (failed) continue;
    out.set(key, { address: `collection.${alias}.${type}`, ids: desired });
    draft.count('deselect', live.size);
    const changed = [...new Set([...desired, ...live])].filter((id) => desired.has(id) !== live.has(id)).sort(naturalCompare);
    for (const id of changed) {
      const adding = desired.has(id);
      const change: Change = {
        address: selectionAddress(alias, type, id),
        kind: 'selection',
        action: adding ? 'add' : 'remove',
        before: adding ? null : true,
        after: adding ? true : null,
        impacts: adding ? ['counts-against-limit'] : ['stops-collection'],
      };
      if (!adding) change.destructive = 'deselect';
      const label = draft.entities.find(integration.id, type, id)?.name;
      if (label !== undefined) change.label = label;
      const index = writtenAt.get(id);
      draft.add(change, { kind: 'selection', integration, alias, entityType: type, entityId: id }, index === undefined ? sel.path : [...sel.path, index]);
    }
  }
}
