// How the selection sets are written back as config: per PM integration, the exact selected set of
// each selectable entity type (empty sets too: an empty set written is managed, every entity off),
// in natural order, with every entity's name for the comment beside its id.

import { SELECTABLE_TYPES, type PmProvider } from '../../../contract/types.js';
import type { ExportContext, ExportedConfig } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';
import { listKey } from '../../snapshot.js';
import { naturalOrder } from '../shared/export-names.js';

export function exportSelections(org: OrganizationRead, doc: ExportedConfig, context: ExportContext): void {
  for (const integration of org.integrations) {
    if (integration.type !== 'pm') continue;
    const sets: Partial<Record<'boards' | 'projects', string[]>> = {};
    const names = new Map<string, string>();
    for (const type of SELECTABLE_TYPES[integration.provider as PmProvider] ?? []) {
      const entities = org.entities.get(listKey(integration.id, type))?.entities ?? [];
      for (const e of entities) names.set(`${type}/${e.entity_provider_id}`, e.name);
      sets[type] = entities
        .filter((e) => e.is_selected_for_collection === true)
        .map((e) => e.entity_provider_id)
        .sort(naturalOrder);
    }
    doc.collection.push({ alias: context.alias(integration.id), sets, names });
  }
}
