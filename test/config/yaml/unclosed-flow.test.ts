// The scan for a flow collection the file never closes (src/config/unclosed-flow.ts): it must find
// the unclosed ones, and never call unclosed what the `yaml` package reads as closed (a bracket in
// a plain, quoted or block scalar, or in a comment).

import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { unclosedFlowAt } from '../../../src/config/yaml/unclosed-flow.js';

const unclosed: [string, string, number][] = [
  ['a list value', 'version: 1\nx: [1, 2', 14],
  ['a map value', 'version: 1\nx: {a: 1', 14],
  ['nested, the outer never closed', 'x: [[1], {a: [2]}', 3],
  ['a list item', 'x:\n  - a\n  - [1,\n    2,\n', 13],
  ['in a compact map of a list', 'x:\n  - a: 1\n    b: [1,\n', 19],
  ['after an anchor and a tag', 'x: &a !!seq [1, 2\n', 12],
  ['a closing bracket only in a comment', 'x: [1, # ]\n  2\n', 3],
  ['a closing bracket only in a quoted item', 'x: [1, "]", \'}\'\n', 3],
  ['at the top level', '[1, 2\n', 0],
  ['after a block scalar', 'a: |\n  [text\nx: [1\n', 16],
  ['after a multi-line plain scalar', 'a: some\n  [text\nx: {b\n', 19],
  ['after a multi-line quoted scalar', 'a: "some\n  [text"\nx: [\n', 21],
];

const closedOrNotFlow: [string, string][] = [
  ['closed on one line', 'x: [1, 2]\ny: {a: [b]}\n'],
  ['closed on a later line', 'x: [1,\n  2]\n'],
  ['a bracket inside a plain scalar', 'x: a[b\ny: c]\n'],
  ['a bracket inside quotes', 'x: "[a"\ny: \'{b\'\n'],
  ['a bracket in a block scalar', 'x: |\n  [a\n  {b\ny: >\n  [c\n'],
  ['a bracket in a comment', '# [a\nx: 1 # {b\n'],
  ['a multi-line plain scalar', 'x: a\n  [b\n'],
  ['a multi-line quoted scalar', 'x: "a\n  [b"\n'],
  ['quotes inside plain flow items', "x: [it's, a\"b]\n"],
  ['an escaped quote', 'x: ["a\\"]", b]\n'],
  ['a doubled single quote', "x: ['a'']', b]\n"],
  ['a list of lists', '- [a]\n- - [b, [c]]\n'],
];

describe('unclosedFlowAt', () => {
  test.each(unclosed)('%s', (_name, text, offset) => {
    expect(unclosedFlowAt(text)).toBe(offset);
    expect(() => parse(text)).toThrow(); // the package agrees it is an error
  });
  test.each(closedOrNotFlow)('%s: no answer', (_name, text) => {
    expect(() => parse(text)).not.toThrow();
    expect(unclosedFlowAt(text)).toBeUndefined();
  });
});
