// The scan for a flow collection the file cannot hold (src/config/yaml/flow-scan.ts): it must find
// the unclosed, mismatched and marker-cut ones, and never claim a problem where the `yaml` package
// reads the text (a bracket in a plain, quoted or block scalar, or in a comment).

import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { flowProblemAt, type FlowProblem } from '../../../src/config/yaml/flow-scan.js';

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
  ['a closing bracket of the other kind inside quotes', "x: ['a}', \"b]\"]\n"],
  ['three dashes inside a flow, not at a line start', 'x: [a,\n  ---, b]\n'],
  ['dashes at a line start inside a quoted item', 'x: ["a\n  ---b", c]\n'],
];

const problems: [string, string, FlowProblem][] = [
  ['a list closed by a brace', 'x: [a, b}\n', { kind: 'mismatched', at: 8, open: 3 }],
  ['a map closed by a bracket', 'x: {a: 1]\n', { kind: 'mismatched', at: 8, open: 3 }],
  ['an inner list closed by a brace', 'x: [a, [b}, c]\n', { kind: 'mismatched', at: 9, open: 3 }],
  ['over lines, closed by the other bracket', 'x: [a,\n  b,\n  c}\n', { kind: 'mismatched', at: 15, open: 3 }],
  ['a --- line inside a flow', 'x: [a,\n---\nb]\n', { kind: 'marker', at: 7, open: 3 }],
  ['a ... line inside a flow', 'x: {a: 1,\n...\n}\n', { kind: 'marker', at: 10, open: 3 }],
];

describe('flowProblemAt', () => {
  test.each(unclosed)('unclosed: %s', (_name, text, offset) => {
    expect(flowProblemAt(text)).toEqual({ kind: 'unclosed', at: offset, open: offset });
    expect(() => parse(text)).toThrow(); // the package agrees it is an error
  });
  test.each(problems)('%s', (_name, text, problem) => {
    expect(flowProblemAt(text)).toEqual(problem);
    expect(() => parse(text)).toThrow();
  });
  test.each(closedOrNotFlow)('%s: no answer', (_name, text) => {
    expect(() => parse(text)).not.toThrow();
    expect(flowProblemAt(text)).toBeUndefined();
  });
});
