// Directory mode: the files of a config directory become one document. Top-level maps (`teams`,
// `git.repositories`, ...) merge by key; an object written in two files is an error naming both;
// the `safety.protected` and `drift.ignore` lists are concatenated in file order.

import type { Diagnostic } from './yaml/diagnostics.js';
import { describePath, RULE_TWIN_MARK, type Path } from './describe.js';
import { isMap, newMap, type Placement, type Placements, type PlacedRoot, type PlainMap, type PlainValue } from './yaml/source.js';

/** Maps whose keys may come from different files. '*' matches any key. */
const MERGED_MAPS: readonly (readonly string[])[] = [
  [],
  ['integrations'],
  ['collection'],
  ['collection', '*'],
  ['teams'],
  ['git'],
  ['git', 'defaults'],
  ['git', 'repositories'],
  ['safety'],
  ['safety', 'thresholds'],
  ['drift'],
];
const CONCATENATED_LISTS = new Set(['safety.protected', 'drift.ignore']);

function isMergedMap(path: Path): boolean {
  return MERGED_MAPS.some((p) => p.length === path.length && p.every((s, i) => s === '*' || s === path[i]));
}

/** `a.yaml:3:3`: files of one directory are told apart by name. */
function where(p: Placement): string {
  const { line, column } = p.source.position(p.key);
  const name = p.source.path.split(/[\\/]/).pop() ?? p.source.path;
  return `${name}:${line}:${column}`;
}

export function mergeFiles(roots: readonly PlacedRoot[], store: Placements, diagnostics: Diagnostic[]): PlacedRoot | undefined {
  const first = roots[0];
  if (!first) return undefined;
  if (roots.length === 1) return first;
  let merged: PlainValue = newMap();
  for (const root of roots) {
    if (!isMap(root.value)) {
      const p = root.placement;
      diagnostics.push({ ...p.source.locate(p.value), message: 'a config file must hold a mapping (version, teams, git, ...)', severity: 'error' });
      continue;
    }
    merged = mergeMaps(merged as PlainMap, root.value, [], store, diagnostics);
  }
  return { value: merged, placement: first.placement };
}

function mergeMaps(into: PlainMap, from: PlainMap, path: Path, store: Placements, diagnostics: Diagnostic[]): PlainMap {
  const out = newMap();
  const placed = store.mapEntries(into);
  const mark = store.begin();
  for (const key of Object.keys(into)) {
    out[key] = into[key] ?? null;
    const p = placed.get(key);
    if (p) store.entryFrom(key, p);
  }
  const incomingPlaced = store.mapEntries(from);
  for (const key of Object.keys(from)) {
    const incoming = from[key] ?? null;
    const incomingPlacement = incomingPlaced.get(key);
    if (!Object.hasOwn(out, key)) {
      out[key] = incoming;
      if (incomingPlacement) store.entryFrom(key, incomingPlacement);
      continue;
    }
    const existingPlacement = placed.get(key);
    const existing = out[key] ?? null;
    const childPath = [...path, key];
    if (isMergedMap(childPath) && isMap(existing) && isMap(incoming)) {
      out[key] = mergeMaps(existing, incoming, childPath, store, diagnostics);
    } else if (CONCATENATED_LISTS.has(childPath.join('.')) && Array.isArray(existing) && Array.isArray(incoming)) {
      out[key] = concatenate(existing, incoming, store);
    } else if (childPath.length === 1 && key === 'version' && existing === incoming) {
      // Every file may state the format version.
    } else if (isRuleForAnotherIntegration(childPath, existing, incoming)) {
      // One pattern for two integrations is two rules (DESIGN 2.1): both kept, in file order.
      let n = 2;
      while (Object.hasOwn(out, `${key}${RULE_TWIN_MARK}${n}`)) n += 1;
      out[`${key}${RULE_TWIN_MARK}${n}`] = incoming;
      if (incomingPlacement) store.entryFrom(`${key}${RULE_TWIN_MARK}${n}`, incomingPlacement);
    } else if (incomingPlacement && existingPlacement) {
      diagnostics.push({
        ...incomingPlacement.source.locate(incomingPlacement.key),
        message: `${describePath(childPath)} is written in both ${where(existingPlacement)} and ${where(incomingPlacement)}; write each object in one file`,
        severity: 'error',
      });
    }
  }
  store.finish(out, mark);
  return out;
}

/**
 * A settings rule (a git.repositories key with `*` or `?`) written in two files with different
 * `integration:` values (or one with and one without). The same integration twice stays the
 * "written in both" error; two spellings of one integration (an alias and its id) are found by
 * validate's rule checks, which know the aliases.
 */
function isRuleForAnotherIntegration(path: Path, existing: PlainValue, incoming: PlainValue): boolean {
  if (path.length !== 3 || path[0] !== 'git' || path[1] !== 'repositories' || !/[*?]/.test(String(path[2]))) return false;
  if (!isMap(existing) || !isMap(incoming)) return false;
  return JSON.stringify(existing.integration ?? null) !== JSON.stringify(incoming.integration ?? null);
}

function concatenate(a: PlainValue[], b: PlainValue[], store: Placements): PlainValue[] {
  const list = [...a, ...b];
  const mark = store.begin();
  for (const [from, i] of [...a.map((_, i) => [a, i] as const), ...b.map((_, i) => [b, i] as const)]) {
    const p = store.childPlacement(from, i);
    if (p) store.entryFrom(undefined, p);
  }
  store.finish(list, mark);
  return list;
}
