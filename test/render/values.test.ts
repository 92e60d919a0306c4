import { describe, expect, it } from 'vitest';
import { blockLines, compact } from '../../src/render/values.js';

describe('compact', () => {
  it.each([
    { value: '101', expected: '"101"' },
    { value: 1234, expected: '1234' },
    { value: null, expected: 'null' },
    { value: undefined, expected: 'null' },
    { value: [], expected: '[]' },
    { value: ['a', 1, true], expected: '["a", 1, true]' },
    { value: { value: ['A'], id: 'customfield_1' }, expected: '{id: "customfield_1", value: ["A"]}' },
    { value: { 'odd key': 1, skipped: undefined }, expected: '{"odd key": 1}' },
    { value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], expected: '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... and 1 more]' },
  ])('$expected', ({ value, expected }) => {
    expect(compact(value)).toBe(expected);
  });
});

describe('blockLines', () => {
  it.each([
    { name: 'absent section', value: null, expected: [] },
    { name: 'flat section, keys sorted', value: { pattern: '^v', method: 'tags' }, expected: ['method: "tags"', 'pattern: "^v"'] },
    { name: 'list one element per line', value: { patterns: ['a', 'b'] }, expected: ['patterns:', '  - "a"', '  - "b"'] },
    { name: 'empty containers stay on their line', value: { patterns: [], extra: {} }, expected: ['extra: {}', 'patterns: []'] },
    {
      name: 'list of objects',
      value: { rules: [{ name: 'x', on: true }] },
      expected: ['rules:', '  -', '    name: "x"', '    on: true'],
    },
  ])('$name', ({ value, expected }) => {
    expect(blockLines(value)).toEqual(expected);
  });
});
