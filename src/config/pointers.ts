// ajv's JSON pointers (instancePath) read back into the loaded document: the path of each error,
// the value there and where it was written, for the schema check's messages and locations.

import { isMap, mapKeys, type Placement, type Placements, type PlacedRoot, type PlainValue } from './yaml/source.js';

/** A place in the document: its path (list indices as numbers), the value there, and where it was written. */
export interface Spot {
  path: (string | number)[];
  node: PlainValue | undefined;
  /** Where the value at `path` was written, or its deepest written ancestor (not `exact`); unknown without placements. */
  placement: Placement | undefined;
  exact: boolean;
}

/** The parent of the pointer read last, and where in its keys the next pointer is guessed to go. */
interface LastParent {
  pointer: string;
  spot: Spot;
  /** The parent's keys when it is a map. */
  keys: readonly string[] | undefined;
  /** Index in `keys` of the key after the one found last. */
  next: number;
}

/** How far past the last key found a pointer's key is looked for (entries without errors between). */
const LOOK_AHEAD = 8;

/**
 * JSON pointers read back into the document: the path (a segment is a list index when the value it
 * indexes is a list), the value and, given the placements, where it was written (as placementAt
 * finds it). Each pointer's parent is read once and kept: the errors of 100,000 entries of one map
 * share it, and each then costs its last segment only. They come in the order of the map's keys,
 * so the segment is first compared, escapes and all, with the keys after the one found last: no
 * unescaped copy of it, and the map is then read with its own key (a fresh string would be looked
 * up in V8's string table first).
 */
export class Pointers {
  private readonly parents = new Map<string, Spot>();
  private lastParent: LastParent | undefined;

  constructor(
    private readonly doc: PlainValue,
    private readonly placed?: { root: PlacedRoot; store: Placements },
  ) {}

  at(pointer: string): Spot {
    if (pointer === '') return { path: [], node: this.doc, placement: this.placed?.root.placement, exact: true };
    const cut = pointer.lastIndexOf('/');
    let last = this.lastParent;
    if (last === undefined || cut !== last.pointer.length || !pointer.startsWith(last.pointer)) {
      const parentPointer = pointer.slice(0, cut);
      let spot = this.parents.get(parentPointer);
      if (!spot) {
        spot = this.at(parentPointer);
        this.parents.set(parentPointer, spot);
      }
      const node = spot.node;
      last = { pointer: parentPointer, spot, keys: isMap(node) ? mapKeys(node) : undefined, next: 0 };
      this.lastParent = last;
    }
    const parent = last.spot;
    const keys = last.keys;
    if (keys !== undefined) {
      // The key found last again (two errors about one entry), or one of the next few.
      const end = Math.min(keys.length, last.next + LOOK_AHEAD);
      for (let i = Math.max(0, last.next - 1); i < end; i++) {
        const key = keys[i] as string;
        if (segmentIs(pointer, cut + 1, key)) {
          last.next = i + 1;
          return this.child(parent, key);
        }
      }
    }
    const raw = pointer.slice(cut + 1);
    // JSON pointer escapes (RFC 6901), ~1 before ~0.
    const name = raw.includes('~') ? raw.replaceAll('~1', '/').replaceAll('~0', '~') : raw;
    return this.child(parent, Array.isArray(parent.node) ? Number(name) : name);
  }

  /** Where the child `segment` of the value at `spot` was written (or its deepest written ancestor). */
  placementOf(spot: Spot, segment: string | number): Placement | undefined {
    return this.written(spot, segment) ?? spot.placement;
  }

  /** The spot one segment below `spot`. */
  private child(spot: Spot, segment: string | number): Spot {
    // concat makes the copy at its length; slice then push grew it past.
    const path = spot.path.concat(segment);
    const parent = spot.node;
    const node = Array.isArray(parent) ? parent[Number(segment)] : isMap(parent) ? parent[String(segment)] : undefined;
    const placement = this.written(spot, segment);
    return placement ? { path, node, placement, exact: true } : { path, node, placement: spot.placement, exact: false };
  }

  /** Where the child `segment` of the value at `spot` was written, when it was. */
  private written(spot: Spot, segment: string | number): Placement | undefined {
    const parent = spot.node;
    if (!this.placed || !spot.exact || typeof parent !== 'object' || parent === null) return undefined;
    return this.placed.store.childPlacement(parent, segment);
  }
}

/** Whether the pointer's segment from `from` to its end, unescaped (~1 is `/`, ~0 is `~`), is `key`. */
function segmentIs(pointer: string, from: number, key: string): boolean {
  let i = from;
  let j = 0;
  while (i < pointer.length && j < key.length) {
    let c = pointer.charCodeAt(i);
    if (c === TILDE) {
      const escaped = pointer.charCodeAt(i + 1);
      if (escaped === ONE) c = SLASH;
      else if (escaped !== ZERO) return false;
      i += 2;
    } else i++;
    if (c !== key.charCodeAt(j)) return false;
    j++;
  }
  return i === pointer.length && j === key.length;
}

const TILDE = 126;
const SLASH = 47;
const ZERO = 48;
const ONE = 49;
