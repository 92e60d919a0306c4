// Python `re` spellings translated to JavaScript (pure table test).

import { describe, expect, test } from 'vitest';
import { checkPattern, pythonToJsRegex } from '../../src/emulator/python-regex.js';

describe('pythonToJsRegex', () => {
  test.each([
    ['^v\\d+\\.\\d+$', '^v\\d+\\.\\d+$', ''],
    ['(?P<major>\\d+)\\.(?P=major)', '(?<major>\\d+)\\.\\k<major>', ''],
    ['\\Arelease/.*\\Z', '^release/.*$', ''],
    ['(?i)^wip', '^wip', 'i'],
    ['(?ms)a.b', 'a.b', 'ms'],
    ['\\\\A', '\\\\A', ''],
  ])('%s -> /%s/%s', (python, source, flags) => {
    expect(pythonToJsRegex(python)).toEqual({ source, flags });
  });
});

describe('checkPattern', () => {
  test.each([
    ['^release/.*$', true],
    ['(?P<name>x)', true],
    ['.*$', true],
    ['([a-z', false],
    ['*wip', false],
    ['(?x) a b', false],
    ['(?P=unclosed', false],
  ])('%s compiles: %s', (pattern, ok) => {
    expect(checkPattern(pattern).ok).toBe(ok);
  });
});
