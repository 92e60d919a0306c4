// The fast reader must agree with the `yaml` package, value by value and position by position,
// on everything it accepts; and it must give up (so the package reads the file) on the rest.

import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseFast } from '../../../src/config/yaml/fast-reader.js';
import { NumberSpelling, resolvePlain } from '../../../src/config/yaml/scalars.js';
import { Placements, SourceText, type PlainValue } from '../../../src/config/yaml/source.js';
import { parseYamlFile } from '../../../src/config/yaml/full-reader.js';

interface Walked {
  value: PlainValue;
  /** "path -> key offset/value offset" for every entry of every container. */
  placements: string[];
}

function walk(value: PlainValue, store: Placements, path = '', out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return out;
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  for (const key of keys) {
    const p = store.childPlacement(value, key);
    out.push(`${path}/${key} -> ${p ? `${p.key}/${p.value}` : 'none'}`);
    walk((value as Record<string | number, PlainValue>)[key] ?? null, store, `${path}/${key}`, out);
  }
  return out;
}

function both(text: string): { fast?: Walked; slow?: Walked } {
  const fastStore = new Placements();
  const fast = parseFast(new SourceText('f.yaml', text), fastStore);
  const slowStore = new Placements();
  const slow = parseYamlFile(new SourceText('f.yaml', text), slowStore);
  return {
    fast: fast && { value: fast.value, placements: walk(fast.value, fastStore) },
    slow: slow.root && slow.diagnostics.length === 0 ? { value: slow.root.value, placements: walk(slow.root.value, slowStore) } : undefined,
  };
}

const ACCEPTED: [string, string][] = [
  ['block maps and lists', 'version: 1\nteams:\n  42:\n    name: Payments\n    pm:\n      tracker:\n        boards: ["101", "102"]\n'],
  ['a list at its key\'s indentation', 'a:\n- x\n- y\nb: 2\n'],
  ['compact maps in lists', 'ignore:\n  - address: team[42]\n    reason: trial\n  -   address: x\n      reason: "y"\n'],
  ['flow maps and nested flow', 'a: { id: 10, provider: tracker_a }\nb: [{ name: "X Y" }, "101", [1, 2], {}]\nc: []\nd: [a, b, ]\n'],
  ['comments everywhere', '# top\nversion: 1 # trailing\n\n  # indented comment\nteams: # c\n  42: {} # c\n'],
  ['null values', 'a:\nb:   # c\nc: ~\nd: null\ne:\n  - \n  -\n'],
  ['core schema scalars', 'a: [true, False, TRUE, yes, no, -3, 0, 1.5, -0.25, 1_000, 12:30, 0b101, ~]\n'],
  ['quoted scalars', `a: "tab\\tnew\\nquote\\" slash\\\\ \\x41\\u00e9"\nb: 'it''s'\n"c d": 1\n'e': 2\nf: "#not comment"\n`],
  ['plain scalars with indicators inside', 'a: ^v\\d+\\.\\d+$\nb: acme/*\nc: a:b\nd: x#y\ne: -1x\nf: [a:b, c-d]\ng: "[x]"\nh: v[0-9]+\n'],
  ['numeric keys', '42: a\n"43": b\n"0x10": c\n1.5: d\n'],
  ['document marker and CRLF', '---\r\nversion: 1\r\nteams:\r\n  42: {}\r\n'],
  ['empty document', '# nothing here\n'],
  ['deep nesting', 'git:\n  repositories:\n    acme/api:\n      settings:\n        exclude_branches:\n          patterns:\n            - "^tmp/"\n            - ^wip\n'],
];

const GIVES_UP: [string, string][] = [
  ['anchors and aliases', 'a: &x { id: 1 }\nb: *x\n'],
  // The complete reader refuses each, located (scalars.ts): an id never reads as another.
  ...['+12', '012', '42.0', '.5', '1e3', '0x1F', '0o17', '-.inf', '.NaN'].map((n): [string, string] => [`the number ${n}, not in plain decimal`, `a: [1, ${n}]\n`]),
  ['the number 42.0 as a key', '42.0: a\n'],
  ['a lone surrogate escape', 'a: "\\ud800"\n'],
  ['merge keys', 'a: &x { id: 1 }\nb:\n  <<: *x\n'],
  ['block scalars', 'a: |\n  text\n'],
  ['multi-line plain scalars', 'a: one\n  two\n'],
  ['multi-line flow', 'a: [1,\n  2]\n'],
  ['tags', 'a: !!str 1\n'],
  ['tabs', 'a:\t1\n'],
  ['two documents', 'a: 1\n---\nb: 2\n'],
  ['duplicate keys', 'a: 1\na: 2\n'],
  ['reserved keys', '__proto__: {}\n'],
  ['complex keys', '? a\n: 1\n'],
  ['a top-level scalar', 'just text\n'],
  ['bad indentation', 'a:\n    b: 1\n  c: 2\n'],
  ['unterminated quotes', 'a: "x\n'],
  ['one-pair maps in flow lists', 'a: [b: 1]\n'],
  ['flow keys without values', 'a: {b, c}\n'],
  ['a colon inside a plain value', 'a: b: c\n'],
];

describe('fast YAML reader', () => {
  test.each(ACCEPTED)('accepts %s exactly as the yaml package reads it', (_name, text) => {
    const { fast, slow } = both(text);
    expect(fast).toBeDefined();
    expect(slow).toBeDefined();
    expect(fast?.value).toEqual(slow?.value);
    expect(fast?.placements).toEqual(slow?.placements);
  });

  test.each(GIVES_UP)('gives up on %s', (_name, text) => {
    expect(parseFast(new SourceText('f.yaml', text), new Placements())).toBeUndefined();
  });

  test('reads every shipped example the way the yaml package does', () => {
    const dir = join(import.meta.dirname, '../../../examples');
    const files = [join(dir, 'minimal.yaml'), ...readdirSync(join(dir, 'acme')).map((f) => join(dir, 'acme', f))];
    for (const file of files.filter((f) => f.endsWith('.yaml'))) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // an example not written yet
      }
      const { fast, slow } = both(text);
      expect(slow, file).toBeDefined();
      if (fast) {
        expect(fast.value, file).toEqual(slow?.value);
        expect(fast.placements, file).toEqual(slow?.placements);
      }
    }
  });

  test('agrees with the yaml package on 300 generated documents', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const SCALARS = ['a', 'acme/api', '"a: b"', "'it''s'", 'x#y', 'a:b', '-1', '0.5', '~', 'null', 'True', '"0x1F"', '"\\u00e9\\t"',
      '"012"', '1_000', 'v[0-9]+', '^v\\d+$', '""', "''", '-x', '?x', ':x', 'a b  c', '"#"', '3.25'];
    const KEYS = ['version', 'teams', '42', '"43"', 'acme/api', "'q k'", 'boards', 'x-y', '"0x10"', 'a.b'];
    const flow = (depth: number): string => {
      const r = random();
      if (depth > 1 || r < 0.5) return pick(SCALARS);
      if (r < 0.75) return `[${Array.from({ length: Math.floor(random() * 4) }, () => flow(depth + 1)).join(', ')}]`;
      const keys = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(['a', 'b', 'id', '"n"', 'k1'])))];
      return `{ ${keys.map((k) => `${k}: ${flow(depth + 1)}`).join(', ')} }`;
    };
    const comment = () => (random() < 0.2 ? ' # note' : '');
    const block = (indent: number, depth: number): string[] => {
      const pad = ' '.repeat(indent);
      if (depth > 0 && random() < 0.3) {
        return Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          if (depth < 3 && random() < 0.3) {
            const [first, ...rest] = block(indent + 2, depth + 1);
            return [`${pad}- ${(first ?? '').trimStart()}`, ...rest].join('\n');
          }
          return `${pad}- ${flow(0)}${comment()}`;
        });
      }
      const keys = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(KEYS)))];
      return keys.flatMap((k) => {
        if (depth < 3 && random() < 0.4) return [`${pad}${k}:${comment()}`, ...(random() < 0.2 ? [''] : []), ...block(indent + 2, depth + 1)];
        return [`${pad}${k}: ${flow(0)}${comment()}`];
      });
    };
    let accepted = 0;
    for (let n = 0; n < 300; n++) {
      const text = block(0, 0).join('\n') + '\n';
      const { fast, slow } = both(text);
      if (!fast) continue;
      accepted++;
      expect(slow, text).toBeDefined();
      expect(fast.value, text).toEqual(slow?.value);
      expect(fast.placements, text).toEqual(slow?.placements);
    }
    expect(accepted).toBeGreaterThan(150);
  });

  test.each([
    ['', null],
    ['~', null],
    ['True', true],
    ['0', 0],
    ['7', 7],
    ['42', 42],
    ['123456789012345', 123456789012345],
    ['1234567890123456', 1234567890123456],
    ['9007199254740991', 9007199254740991],
    // Past 2^53-1 the text is kept (refused where an id is written, semantic/ids.ts).
    ['9007199254740993', '9007199254740993'],
    ['-12', -12],
    ['0.5', 0.5],
    ['yes', 'yes'],
    ['1_000', '1_000'],
    ['0b101', '0b101'],
    ['acme/api', 'acme/api'],
  ])('resolves plain scalar %j to %j (YAML 1.2 core schema)', (text, expected) => {
    expect(resolvePlain(text)).toEqual(expected);
  });

  test.each(['0o17', '0x1F', '1e3', '.5', '-.Inf', '012', '007', '00', '+12', '42.0', '3.50e1'])('refuses %j, a number not in plain decimal (NumberSpelling)', (text) => {
    expect(() => resolvePlain(text)).toThrow(NumberSpelling);
  });
});
