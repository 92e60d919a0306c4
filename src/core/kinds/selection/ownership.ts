// The object of the ownership rule (DESIGN 2) a selection entity belongs to: its selection set.

import { selectionSetAddress } from './address.js';

/** `collection.ALIAS.TYPE["ID"]`: the id may hold dots, so the set is what comes before its bracket. */
const ENTITY = /^collection\.([^.[]+)\.([^.[]+)\[/;

/** `collection.tracker.boards["101"]` belongs to `collection.tracker.boards`. */
export function selectionOwnership(address: string): string[] | undefined {
  const m = ENTITY.exec(address);
  return m?.[1] === undefined || m[2] === undefined ? undefined : [selectionSetAddress(m[1], m[2])];
}
