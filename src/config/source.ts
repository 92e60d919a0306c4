// Where each value of the loaded config was written. The parsed tree is plain data (what ajv and
// the model builder read); positions live beside it in a WeakMap keyed by each map or list, so a
// config path such as ['teams', '42', 'pm'] can be walked back to file, line and column.

import type { SourceLocation } from '../core/model.js';

/** One config file's text, with a lazily built line index for offset -> line/column. */
export class SourceText {
  private lineStarts: number[] | undefined;

  constructor(
    /** The file path as shown in diagnostics. */
    readonly path: string,
    readonly text: string,
  ) {}

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; column: number } {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  locate(offset: number): SourceLocation {
    return { file: this.path, ...this.position(offset) };
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Where one entry of a map or list was written: its key (maps only) and its value. */
export interface Placement {
  source: SourceText;
  /** Offset of the key; equal to `value` for list items and the document root. */
  key: number;
  value: number;
}

export type PlainValue = null | boolean | number | string | PlainMap | PlainValue[];
/** A YAML mapping as plain data: a null-prototype object, so no key can reach Object.prototype. */
export interface PlainMap {
  [key: string]: PlainValue;
}

export function isMap(v: unknown): v is PlainMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function newMap(): PlainMap {
  return Object.create(null) as PlainMap;
}

/**
 * The placement of every entry of every map and list, keyed by the container. One store serves
 * every file of a directory config, so merged maps keep each entry's own file.
 */
export class Placements {
  private readonly children = new WeakMap<object, Map<string, Placement> | Placement[]>();

  placeMapEntry(map: PlainMap, key: string, placement: Placement): void {
    let entries = this.children.get(map) as Map<string, Placement> | undefined;
    if (!entries) this.children.set(map, (entries = new Map()));
    entries.set(key, placement);
  }

  placeListItems(list: PlainValue[], placements: Placement[]): void {
    this.children.set(list, placements);
  }

  /** Placement of one child of a map or list, if recorded. */
  childPlacement(container: object, key: string | number): Placement | undefined {
    const entries = this.children.get(container);
    if (!entries) return undefined;
    if (Array.isArray(entries)) return entries[Number(key)];
    return entries.get(String(key));
  }
}

/** A parsed value (a whole file, or the merged config) with where it was written. */
export interface PlacedRoot {
  value: PlainValue;
  placement: Placement;
}

/**
 * The placement of the value at `path`, or of the deepest written ancestor when the path goes
 * further than the data (a missing key points at the object that should hold it).
 */
export function placementAt(
  store: Placements,
  root: PlacedRoot,
  path: readonly (string | number)[],
): { placement: Placement; exact: boolean } {
  let node: PlainValue = root.value;
  let placement = root.placement;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return { placement, exact: false };
    const child = store.childPlacement(node, segment);
    if (!child) return { placement, exact: false };
    placement = child;
    node = Array.isArray(node) ? (node[Number(segment)] ?? null) : (node[String(segment)] ?? null);
  }
  return { placement, exact: true };
}
