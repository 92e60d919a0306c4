// Where selection sets sit in a config: the entries of `collection:`, one per (integration, entity
// type), each listing its entities.

import { EntityCatalog } from '../../draft.js';
import type { DesiredConfig } from '../../model.js';
import { resolveEntity, resolveIntegration } from '../../resolve.js';
import type { LiveSnapshot } from '../../snapshot.js';
import { selectionAddress, selectionSetAddress } from './address.js';
import type { KindNarrowing } from '../shared/narrowing.js';
import { ALIAS, oneOf, type KindAddressSyntax } from '../shared/address-syntax.js';

/**
 * Each selection set the config writes (`collection.tracker.boards`), each entity it writes that
 * resolves (`collection.tracker.boards["101"]`), and each entity of the set selected live.
 */
export function knownSelections(config: DesiredConfig, live: LiveSnapshot, add: (address: string) => void): void {
  if (config.collection.length === 0) return;
  const catalog = new EntityCatalog(live);
  for (const sel of config.collection) {
    const alias = String(sel.integration);
    add(selectionSetAddress(alias, sel.entityType));
    const integration = resolveIntegration(config, sel.integration, live.integrations, 'pm').value;
    const list = integration ? catalog.list(integration.id, sel.entityType) : undefined;
    for (const ref of sel.entities) {
      const id = 'id' in ref ? ref.id : resolveEntity(ref, sel.entityType, alias, list).value;
      if (id !== undefined) add(selectionAddress(alias, sel.entityType, id));
    }
    for (const id of integration ? (catalog.selected(integration.id, sel.entityType) ?? []) : []) add(selectionAddress(alias, sel.entityType, id));
  }
}

/** A config narrowed: the selection sets kept, each whole. */
export const selectionNarrowing: KindNarrowing = {
  config(config, kept, by) {
    kept.collection = config.collection.filter((s) => by.keeps(selectionSetAddress(String(s.integration), s.entityType)));
  },
};

/** `collection`, `collection.tracker`, `collection.tracker.boards`, `collection.tracker.boards["101"]`. */
export const selectionSyntax: KindAddressSyntax = {
  entry: 'collection',
  lines: ['collection[.ALIAS[.boards|.projects[["ID"]]]]'],
  problem(address) {
    const m = /^collection(?:\.([^.[\]]+)(?:\.([^.[\]]+)(\[.*\])?)?)?$/.exec(address);
    if (!m) return 'a collection address is collection.ALIAS.boards["ID"]';
    if (m[1] !== undefined && !ALIAS.test(m[1])) return `"${m[1]}" is not an integration alias or id`;
    const type = oneOf(m[2], ['boards', 'projects'], 'a selectable entity type');
    if (type) return type;
    if (m[3] !== undefined && !/^\["(?:[^"\\]|\\.)*"\]$/.test(m[3])) return `the entity id goes in double quotes: ${m[3]} -> ["..."]`;
    return undefined;
  },
};

/** One object per selection set the config writes. */
export function countSelections(config: DesiredConfig): number {
  return config.collection.length;
}
