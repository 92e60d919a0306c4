// Where each value of the loaded config was written. The parsed tree is plain data (what ajv and
// the model builder read); positions live beside it in a WeakMap keyed by each map or list, so a
// config path such as ['teams', '42', 'pm'] can be walked back to file, line and column.

import type { SourceLocation } from '../../core/model.js';
import { loadWork } from './work.js';

/** One config file's text, with a lazily built line index for offset -> line/column. */
export class SourceText {
  private lineStarts: Uint32Array | undefined;
  /** The line found last: problems are located mostly in file order, so the next is on it or a line after. */
  private lastLine = 0;

  constructor(
    /** The file path as shown in diagnostics. */
    readonly path: string,
    readonly text: string,
  ) {}

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; column: number } {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    const near = this.lastLine;
    for (let line = near; line < near + 2 && line < starts.length; line++) {
      if ((starts[line] ?? 0) <= offset && (line + 1 === starts.length || offset < (starts[line + 1] ?? 0))) {
        this.lastLine = line;
        return { line: line + 1, column: offset - (starts[line] ?? 0) + 1 };
      }
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.lastLine = lo;
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  locate(offset: number): SourceLocation {
    return { file: this.path, ...this.position(offset) };
  }
}

/** Offsets where lines start, 4 bytes a line (files are capped far below 4 GB), not a plain array's 8 and more: a file may be millions of blank lines. */
function computeLineStarts(text: string): Uint32Array {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  const starts = new Uint32Array(lines);
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
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
/**
 * A YAML mapping as plain data. An ordinary object (V8 handles those far faster than
 * null-prototype ones); the readers refuse `__proto__`, `constructor` and `prototype` as keys,
 * and membership is tested with Object.hasOwn, so no key can reach Object.prototype.
 */
export interface PlainMap {
  [key: string]: PlainValue;
}

export function isMap(v: unknown): v is PlainMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function newMap(): PlainMap {
  return {};
}

/** Maps with more keys than this keep their key list (mapKeys); smaller ones list theirs again. */
const KEPT_KEY_LISTS = 16;
const keyLists = new WeakMap<PlainMap, readonly string[]>();

/**
 * The keys of a map in the order they were written. Object.keys of a map of 100,000 repositories
 * costs about 25 ms, and the schema check and several semantic checks each walk that map; a
 * large map's list is therefore made once and shared (the loaded tree is not changed once read:
 * merging files makes new maps).
 */
export function mapKeys(map: PlainMap): readonly string[] {
  const kept = keyLists.get(map);
  if (kept) return kept;
  const keys = Object.keys(map);
  if (keys.length > KEPT_KEY_LISTS) keyLists.set(map, keys);
  return keys;
}

/**
 * The placement of every entry of every map and list. One store serves every file of a directory
 * config, so merged maps keep each entry's own file. Built for large configs (~10^5 containers):
 * each entry is a key (undefined for list items) and three numbers (file, key offset, value
 * offset) in typed arrays, container by container; each container maps to a small number whose
 * start and count sit in typed arrays too (a plain array of numbers costs a heap number per
 * container: a third of the reader's time on 100,000 entries). Lookups scan
 * small containers and index a large map by key on its first lookup. Readers record a
 * container's entries between begin() and finish(); a child container is finished before its
 * parent records the entry holding it, so each container's entries end up contiguous.
 */
export class Placements {
  private readonly sources: SourceText[] = [];
  private readonly sourceIds = new Map<SourceText, number>();
  /** Entry keys, and per entry [file, key offset, value offset], container by container. */
  private readonly keys: (string | undefined)[] = [];
  private places = new Uint32Array(3 * 1024);
  /** Container -> its number; per number, where its entries start and how many there are. */
  private readonly containers = new Map<object, number>();
  private starts = new Uint32Array(1024);
  private counts = new Uint32Array(1024);
  /** Containers numbered so far (a container finished again gets a new number, its old one unused). */
  private numbered = 0;
  /**
   * Per container whose keys are known distinct: 1 + the entry a lookup is guessed to want (the
   * one after the last found), else 0. Errors are located in the order entries were written, so
   * locating every entry of a large map costs a comparison each, without building its key index.
   */
  private nextGuess = new Uint32Array(1024);
  /** Key -> entry index of maps too large to scan, built on first lookup. */
  private readonly keyIndexes = new WeakMap<object, Map<string, number>>();
  // Entries of containers still being read, a stack; a count rather than truncation, so the
  // arrays never shrink and regrow.
  private readonly pendingKeys: (string | undefined)[] = [];
  private pendingPlaces = new Uint32Array(3 * 1024);
  private pending = 0;

  /** A small number for `source`, for entry(). */
  sourceId(source: SourceText): number {
    let id = this.sourceIds.get(source);
    if (id === undefined) {
      id = this.sources.push(source) - 1;
      this.sourceIds.set(source, id);
    }
    return id;
  }

  /** Starts recording a container's entries; pass the mark to finish(). */
  begin(): number {
    return this.pending;
  }

  /** Records one entry of the container being read (key undefined for a list item). */
  entry(key: string | undefined, sourceId: number, keyOffset: number, valueOffset: number): void {
    loadWork.entriesPlaced++;
    const n = this.pending++;
    if (3 * n + 3 > this.pendingPlaces.length) this.pendingPlaces = grown(this.pendingPlaces, 3 * n + 3);
    this.pendingKeys[n] = key;
    const places = this.pendingPlaces;
    places[3 * n] = sourceId;
    places[3 * n + 1] = keyOffset;
    places[3 * n + 2] = valueOffset;
  }

  /** Records one entry from a known placement (merging files, YAML merge keys). */
  entryFrom(key: string | undefined, placement: Placement): void {
    this.entry(key, this.sourceId(placement.source), placement.key, placement.value);
  }

  /**
   * Ends the container begun at `mark`: its entries are those recorded since. `distinctKeys`: the
   * reader made sure no key was recorded twice (else the last entry of a key is its placement).
   */
  finish(container: object, mark: number, distinctKeys = false): void {
    const count = this.pending - mark;
    const start = this.keys.length;
    const number = this.numbered++;
    if (number >= this.starts.length) {
      this.starts = grown(this.starts, number + 1);
      this.counts = grown(this.counts, number + 1);
      this.nextGuess = grown(this.nextGuess, number + 1);
    }
    this.starts[number] = start;
    this.counts[number] = count;
    this.nextGuess[number] = distinctKeys ? start + 1 : 0;
    this.containers.set(container, number);
    if (3 * (start + count) > this.places.length) this.places = grown(this.places, 3 * (start + count));
    const places = this.places;
    const pendingPlaces = this.pendingPlaces;
    let digitFirst = false;
    for (let i = 0; i < count; i++) {
      const key = this.pendingKeys[mark + i];
      this.keys.push(key);
      if (key !== undefined) digitFirst ||= isDigit(key.charCodeAt(0));
      places[3 * (start + i)] = pendingPlaces[3 * (mark + i)] ?? 0;
      places[3 * (start + i) + 1] = pendingPlaces[3 * (mark + i) + 1] ?? 0;
      places[3 * (start + i) + 2] = pendingPlaces[3 * (mark + i) + 2] ?? 0;
    }
    this.pending = mark;
    // A large map's key list, as mapKeys would make it, from the keys just recorded (Object.keys of
    // 100,000 keys costs ~30 ms more). Only when no key can be an array index: Object.keys lists
    // those first, in numeric order, not as written.
    if (distinctKeys && !digitFirst && count > KEPT_KEY_LISTS && !Array.isArray(container)) {
      keyLists.set(container as PlainMap, this.keys.slice(start, start + count) as string[]);
    }
  }

  /** Drops what was recorded since `mark` (a reader that gave up half way). */
  rollback(mark: number): void {
    this.pending = mark;
  }

  private placementOf(index: number): Placement {
    const places = this.places;
    return { source: this.sources[places[3 * index] ?? 0] as SourceText, key: places[3 * index + 1] ?? 0, value: places[3 * index + 2] ?? 0 };
  }

  /** Every recorded entry of a map, by key (one pass; for bulk work such as merging files). */
  mapEntries(map: PlainMap): Map<string, Placement> {
    const out = new Map<string, Placement>();
    const number = this.containers.get(map);
    if (number === undefined) return out;
    const start = this.starts[number] ?? 0;
    const end = start + (this.counts[number] ?? 0);
    for (let i = start; i < end; i++) {
      const key = this.keys[i];
      if (key !== undefined) out.set(key, this.placementOf(i));
    }
    return out;
  }

  /** Placement of one child of a map (by key) or list (by index), if recorded. */
  childPlacement(container: object, key: string | number): Placement | undefined {
    const number = this.containers.get(container);
    if (number === undefined) return undefined;
    const start = this.starts[number] ?? 0;
    const count = this.counts[number] ?? 0;
    if (Array.isArray(container)) {
      const index = Number(key);
      return Number.isInteger(index) && index >= 0 && index < count ? this.placementOf(start + index) : undefined;
    }
    const wanted = String(key);
    if (count <= SCAN_LIMIT) {
      for (let i = start + count - 1; i >= start; i--) if (this.keys[i] === wanted) return this.placementOf(i);
      return undefined;
    }
    const guess = (this.nextGuess[number] ?? 0) - 1;
    if (guess >= start && guess < start + count && this.keys[guess] === wanted) {
      this.nextGuess[number] = guess + 2;
      return this.placementOf(guess);
    }
    // Else a large map (a config's repositories or teams) is indexed by key on its first lookup,
    // so locating every entry of it costs one pass, not one pass per entry. The last entry of a
    // key wins, as in the scan above.
    let index = this.keyIndexes.get(container);
    if (index === undefined) {
      index = new Map();
      for (let i = start; i < start + count; i++) {
        const k = this.keys[i];
        if (k !== undefined) index.set(k, i);
      }
      this.keyIndexes.set(container, index);
    }
    const i = index.get(wanted);
    if (i === undefined) return undefined;
    if (guess >= 0) this.nextGuess[number] = i + 2;
    return this.placementOf(i);
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Maps up to this many entries are scanned; larger ones get a key index. */
const SCAN_LIMIT = 16;

/** A copy of `array` with room for at least `size` numbers (doubling, so appends stay linear). */
export function grown(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(Math.max(size, 2 * array.length));
  out.set(array);
  return out;
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
