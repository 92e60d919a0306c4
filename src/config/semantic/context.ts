// What every semantic check gets: the merged document (already schema-checked, but checks stay
// defensive so that all problems are reported in one run even when the schema found some) and a
// way to report a problem at a config path.

import type { ConfigChecks } from '../checks.js';
import type { Diagnostic } from '../yaml/diagnostics.js';
import type { Path } from '../describe.js';
import { isMap, mapKeys, placementAt, type Placements, type PlacedRoot, type PlainMap, type PlainValue } from '../yaml/source.js';

export class CheckContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly doc: PlainMap;

  constructor(
    private readonly root: PlacedRoot,
    private readonly store: Placements,
    readonly checks: ConfigChecks,
  ) {
    this.doc = isMap(root.value) ? root.value : {};
  }

  error(path: Path, message: string, options: { onKey?: boolean } = {}): void {
    this.report(path, message, 'error', options.onKey ?? false);
  }

  warning(path: Path, message: string, options: { onKey?: boolean } = {}): void {
    this.report(path, message, 'warning', options.onKey ?? false);
  }

  /** The file (as diagnostics name it) that wrote the value at `path`. */
  fileOf(path: Path): string {
    return placementAt(this.store, this.root, path).placement.source.path;
  }

  /** `a.yaml:3`: the file name and line where the key at `path` was written (files of a directory told apart by name). */
  keyWhere(path: Path): string {
    const { placement } = placementAt(this.store, this.root, path);
    const name = placement.source.path.split(/[\\/]/).pop() ?? placement.source.path;
    return `${name}:${placement.source.position(placement.key).line}`;
  }

  /** 1-based line where the value at `path` was written (for "first written at line N"). */
  lineOf(path: Path): number {
    const { placement } = placementAt(this.store, this.root, path);
    return placement.source.position(placement.value).line;
  }

  private report(path: Path, message: string, severity: Diagnostic['severity'], onKey: boolean): void {
    const { placement } = placementAt(this.store, this.root, path);
    const { line, column } = placement.source.position(onKey ? placement.key : placement.value);
    this.diagnostics.push({ file: placement.source.path, line, column, message, severity });
  }
}

export function mapOf(v: PlainValue | undefined): PlainMap | undefined {
  return isMap(v) ? v : undefined;
}

export function listOf(v: PlainValue | undefined): PlainValue[] {
  return Array.isArray(v) ? v : [];
}

/**
 * Keys of a map in the order they were written (a large map's list is made once, see mapKeys).
 * The checks walk a large map's list with forEach or an index, not for-of: until a loop is
 * optimized, for-of makes an iterator result per key, ~10 ms more for 100,000 repositories in
 * each check that walks them once.
 */
export function keysOf(v: PlainValue | undefined): readonly string[] {
  return isMap(v) ? mapKeys(v) : [];
}

/** Each team's PM scope maps: [teamId, integrationKey, scope]. */
export function* pmScopes(doc: PlainMap): Generator<[string, string, PlainMap]> {
  const teams = mapOf(doc.teams);
  for (const team of keysOf(teams)) {
    const pm = mapOf(mapOf(teams?.[team])?.pm);
    for (const key of keysOf(pm)) {
      const scope = mapOf(pm?.[key]);
      if (scope) yield [team, key, scope];
    }
  }
}

/** Org defaults and each repository's settings: [path of the settings map, the map]. */
export function* settingsMaps(doc: PlainMap): Generator<[Path, PlainMap]> {
  const git = mapOf(doc.git);
  const defaults = mapOf(git?.defaults);
  if (defaults) yield [['git', 'defaults'], defaults];
  const repos = mapOf(git?.repositories);
  const keys = keysOf(repos);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const settings = mapOf(mapOf(repos?.[key])?.settings);
    if (settings) yield [['git', 'repositories', key, 'settings'], settings];
  }
}
