// The placement store answers the same whatever order entries are looked up in (the loader asks in
// written order and the store guesses the next entry from the last one found), and the key lists
// it keeps for large maps are the ones Object.keys would give.

import { describe, expect, test } from 'vitest';
import { parseFast } from '../../../src/config/yaml/fast-reader.js';
import { parseYamlFile } from '../../../src/config/yaml/full-reader.js';
import { mapKeys, Placements, SourceText, type PlainMap, type PlainValue } from '../../../src/config/yaml/source.js';

const KEY_KINDS: [string, (i: number) => string][] = [
  ['names', (i) => `acme/r${i}`],
  ['numbers (array indexes, listed first by Object.keys)', (i) => String(40 - i)],
  ['names and numbers mixed', (i) => (i % 3 === 0 ? String(i) : `k${i}`)],
  ['digits first that are not indexes', (i) => `${i}a`],
  ['negative numbers', (i) => String(-i - 1)],
];

const SHAPES: [string, (keys: string[]) => string][] = [
  ['a block map', (keys) => `m:\n${keys.map((k, i) => `  "${k}": { v: ${i} }\n`).join('')}`],
  ['a flow map', (keys) => `m: { ${keys.map((k, i) => `"${k}": ${i}`).join(', ')} }\n`],
];

const READERS: [string, (source: SourceText, store: Placements) => PlainValue | undefined][] = [
  ['fast reader', (source, store) => parseFast(source, store)?.value],
  ['full reader', (source, store) => parseYamlFile(source, store).root?.value],
];

function placementsIn(store: Placements, map: PlainMap, order: readonly string[]): string[] {
  return order.map((key) => {
    const p = store.childPlacement(map, key);
    return `${key} -> ${p ? `${p.key}/${p.value}` : 'none'}`;
  });
}

describe('placement store', () => {
  for (const [reader, read] of READERS) {
    test.each(KEY_KINDS.flatMap(([kind, key]) => SHAPES.map(([shape, text]): [string, string, string] => [kind, shape, text(Array.from({ length: 40 }, (_, i) => key(i)))])))(
      `${reader}: a large map with keys of %s in %s keeps Object.keys' list and places entries the same in any lookup order`,
      (_kind, _shape, text) => {
        const store = new Placements();
        const root = read(new SourceText('f.yaml', text), store) as PlainMap;
        const map = root.m as PlainMap;
        const keys = Object.keys(map);
        expect(keys).toHaveLength(40);
        expect(mapKeys(map)).toEqual(keys);
        const written = placementsIn(store, map, keys);
        expect(written.filter((line) => line.endsWith('none'))).toEqual([]);
        // Backwards, shuffled, repeated and missing keys, each on a store that was asked nothing before.
        const shuffled = keys.map((k, i) => [k, (i * 17) % 40] as const).sort((a, b) => a[1] - b[1]).map(([k]) => k);
        for (const order of [[...keys].reverse(), shuffled, [...keys.slice(0, 5), ...keys.slice(0, 5), 'missing', ...keys.slice(5)]]) {
          const fresh = new Placements();
          const again = (read(new SourceText('f.yaml', text), fresh) as PlainMap).m as PlainMap;
          const expected = new Map(keys.map((k, i) => [k, written[i]]));
          expect(placementsIn(fresh, again, order)).toEqual(order.map((k) => expected.get(k) ?? `${k} -> none`));
        }
      },
    );
  }

  test('a container whose keys may repeat places each key at its last entry, after lookups in written order too', () => {
    const store = new Placements();
    const source = store.sourceId(new SourceText('f.yaml', ''));
    const map: PlainMap = {};
    const mark = store.begin();
    const keys = [...Array.from({ length: 20 }, (_, i) => `k${i}`), 'k5'];
    keys.forEach((key, i) => {
      map[key] = i;
      store.entry(key, source, 10 * i, 10 * i + 4);
    });
    store.finish(map, mark);
    expect(placementsIn(store, map, ['k3', 'k4', 'k5', 'k6'])).toEqual(['k3 -> 30/34', 'k4 -> 40/44', 'k5 -> 200/204', 'k6 -> 60/64']);
  });
});
