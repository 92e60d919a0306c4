// ajv's JSON pointers read back into the document give the same path, value and placement
// whatever order they come in (the reader guesses each key from the one found before it) and
// however their keys are escaped: compared with a walk of the path from the root.

import { describe, expect, test } from 'vitest';
import { Pointers } from '../../src/config/pointers.js';
import { parseFast } from '../../src/config/yaml/fast-reader.js';
import { placementAt, Placements, SourceText, type PlacedRoot, type PlainValue } from '../../src/config/yaml/source.js';

// Some keys begin others (acme/r1, acme/r12) or differ only in a `/` and a `~` (p/q, p~q).
const KEYS = ['p/q', 'p~q', ...Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? `a~b/c${i}` : i % 7 === 0 ? `~1x${i}` : `acme/r${i}`))];
const TEXT = `version: 1\ngit:\n  repositories:\n${KEYS.map((k, i) => `    "${k}": { bogus: ${i}, settings: { x: [1, 2] } }\n`).join('')}list: [a, { b: 1 }]\n`;

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const entry = (key: string): string => `/git/repositories/${escape(key)}`;

function expected(root: PlacedRoot, store: Placements, pointer: string): unknown {
  const path: (string | number)[] = [];
  let node: PlainValue | undefined = root.value;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const name = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment: string | number = Array.isArray(node) ? Number(name) : name;
    path.push(segment);
    node = Array.isArray(node) ? node[segment as number] : typeof node === 'object' && node !== null ? node[name] : undefined;
  }
  const { placement, exact } = placementAt(store, root, path);
  return { path, node, placement: { key: placement.key, value: placement.value }, exact };
}

const ORDERS: [string, string[]][] = [
  ['every entry in written order', KEYS.map(entry)],
  ['every entry backwards', [...KEYS].reverse().map(entry)],
  ['every third entry', KEYS.filter((_, i) => i % 3 === 0).map(entry)],
  ['gaps longer than the look-ahead', [0, 1, 20, 21, 39].map((i) => entry(KEYS[i] as string))],
  ['two errors per entry', KEYS.flatMap((k) => [entry(k), entry(k)])],
  ['entries and their settings, alternating parents', KEYS.flatMap((k) => [entry(k), `${entry(k)}/settings`, `${entry(k)}/settings/x/1`])],
  ['a key that another begins with, first', [entry('acme/r12'), entry('acme/r1')]],
  ['a key with a ~ where another has a /, first', [entry('p~q'), entry('p/q')]],
  ['keys that are not there, and escapes that are not', [entry('nope'), '/git/repositories/acme~2r1', entry(KEYS[1] as string), '/git/repositories/acme~1r', entry(KEYS[2] as string)]],
  ['list items and the top level', ['/list/0', '/list/1', '/list/1/b', '', '/version', '/list/7']],
];

describe('JSON pointers read back', () => {
  test.each(ORDERS)('%s', (_name, pointers) => {
    const store = new Placements();
    const root = parseFast(new SourceText('f.yaml', TEXT), store) as PlacedRoot;
    const reader = new Pointers(root.value, { root, store });
    for (const pointer of pointers) {
      const spot = reader.at(pointer);
      const got = { path: spot.path, node: spot.node, placement: spot.placement && { key: spot.placement.key, value: spot.placement.value }, exact: spot.exact };
      expect(got, pointer).toEqual(expected(root, store, pointer));
    }
  });
});
