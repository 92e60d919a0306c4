// The selection kind's address form.

import { quotedName } from '../shared/addresses.js';

/** `collection.tracker.boards`: the selection set of one entity type on one PM integration. */
export function selectionSetAddress(alias: string, entityType: string): string {
  return `collection.${alias}.${entityType}`;
}

/** `collection.tracker.boards["101"]`: one entity of a selection set. */
export function selectionAddress(alias: string, entityType: string, entityId: string): string {
  return `${selectionSetAddress(alias, entityType)}[${quotedName(entityId)}]`;
}
