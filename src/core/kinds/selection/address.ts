// The selection kind's address form.

import { quotedName } from '../shared/addresses.js';

/** `collection.tracker.boards["101"]`: one entity of a selection set. */
export function selectionAddress(alias: string, entityType: string, entityId: string): string {
  return `collection.${alias}.${entityType}[${quotedName(entityId)}]`;
}
