// The selection kind's address form.

import { quotedName } from '../shared/addresses.js';
import type { LiveSource } from '../shared/live-source.js';

/** `collection.tracker.boards`: the selection set of one entity type on one PM integration. */
export function selectionSetAddress(alias: string, entityType: string): string {
  return `collection.${alias}.${entityType}`;
}

/** `collection.tracker.boards["101"]`: one entity of a selection set. */
export function selectionAddress(alias: string, entityType: string, entityId: string): string {
  return `${selectionSetAddress(alias, entityType)}[${quotedName(entityId)}]`;
}

/** The entity list page that showed an entity's selection (`collection.tracker.boards["101"]`). */
export function selectionLiveSource(address: string): LiveSource | undefined {
  const m = /^collection\.(.+)\.(boards|projects)\[(".*")\]$/.exec(address);
  if (!m) return undefined;
  const [, integration = '', type = '', quoted = '""'] = m;
  return { from: 'entity list', integration, type, entity: JSON.parse(quoted) as string };
}
