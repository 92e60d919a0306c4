// The Python `re` dialect, checked by one module for both `emctl validate` and the emulator.
// Expected answers are what CPython 3.11's re.compile says for each pattern (checked by hand
// against it); refusal messages are Python's words, or JavaScript's where both refuse alike.

import { describe, expect, test } from 'vitest';
import { checkPythonRegex } from '../../src/contract/python-regex.js';

function matches(pattern: string, text: string): boolean {
  const result = checkPythonRegex(pattern);
  if (!result.ok) throw new Error(`${pattern} was refused: ${result.reason}`);
  return new RegExp(result.source, result.flags).test(text);
}

describe('accepted and translated', () => {
  test.each([
    ['^v\\d+\\.\\d+$', 'v1.2', true],
    ['^release/(?P<version>\\d+)$', 'release/12', true],
    ['^(?P<a>x)(?P=a)$', 'xx', true],
    ['^(?P<a>x)(?P=a)$', 'xy', false],
    ['(?P<major>\\d+)\\.(?P=major)', '3.3', true],
    ['\\Av1\\Z', 'v1', true],
    ['\\Av1\\Z', 'xv1', false],
    ['\\Arelease/.*\\Z', 'release/1', true],
    ['\\Arelease/.*\\Z', 'pre-release/1', false],
    ['\\\\A', '\\A', true],
    ['(?i)^wip', 'WIP: thing', true],
    ['(?ms)a.b', 'a\nb', true],
    ['(?#a comment)^x$', 'x', true],
    ['(?x) ^ a \\d  # verbose\n $', 'a1', true],
    ['(?x) a b', 'ab', true],
    ['(?x: a b)c', 'abc', true],
    ['[]a]+$', 'a]a', true],
    ['^a{,2}$', 'aa', true],
    ['^a{,2}$', 'aaa', false],
    ['^x{,}$', 'xxxx', true],
    ['^(?i:ab)c$', 'abc', true],
    ['\\.ipynb$', 'x.ipynb', true],
    ['^a++$', 'aaa', true],
    ['(?>ab)c', 'abc', true],
    ['^release/.*$', 'release/x', true],
    ['(?P<name>x)', 'x', true],
    ['.*$', 'anything', true],
    ['^[\\x41-\\x5a]+$', 'ABC', true],
    ['^[\\1]$', '\u0001', true],
    ['(?P<ñ>a)(?P=ñ)', 'aa', true],
    ['(?<=ab|cd)e', 'cde', true],
    ['(?<=a{2})b', 'aab', true],
    ['(?<=a)*b', 'b', true],
    ['(?(1)a|b)|(x)', 'b', true],
    ['(?a-i:a)', 'a', true],
    ['^\\N{DIGIT ONE}$', '1', false], // compiles; the character is unknown here, so it matches nothing
    // Names are not looked up, so a well-formed unknown one is accepted (docs/config.md says so).
    ['^\\N{NO SUCH CHARACTER NAME}$', 'x', false],
  ])('%j compiles and matches %j: %s', (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected);
  });
});

describe('refused as Python refuses', () => {
  test.each([
    ['(', 'missing ), unterminated subpattern'],
    ['(?P=unclosed', 'missing ), unterminated name'],
    ['[abc', 'unterminated character set'],
    ['([a-z', 'unterminated character set'],
    ['a)', 'unbalanced parenthesis'],
    ['\\p{L}', 'bad escape \\p'],
    ['\\k<x>', 'bad escape \\k'],
    ['[\\A]', 'bad escape \\A'],
    ['(?<name>x)', 'named groups are written (?P<name>...) in Python'],
    ['(?P<1x>a)', "bad character in group name '1x'"],
    ['(?P<a>x)(?P<a>y)', "redefinition of group name 'a'"],
    ['(?P=missing)', "unknown group name 'missing'"],
    ['(a)\\2', 'invalid group reference 2'],
    ['(a\\1)', 'cannot refer to an open group'],
    ['a(?i)b', 'global flags not at the start of the expression'],
    ['(?i-i:a)', 'bad inline flags: flag turned on and off'],
    ['(?au:a)', "bad inline flags: flags 'a', 'u' and 'L' are incompatible"],
    ['(?-a:a)', "bad inline flags: cannot turn off flags 'a', 'u' and 'L'"],
    ['\\x4', 'incomplete escape \\x4'],
    ['\\400', 'octal escape value \\400 outside of range 0-0o377'],
    ['[\\777]', 'octal escape value \\777 outside of range 0-0o377'],
    ['\\U00110000', 'bad escape \\U00110000'],
    ['\\N{}', 'missing character name'],
    ['*a', 'Nothing to repeat'],
    ['*wip', 'Nothing to repeat'],
    ['^*', 'Nothing to repeat'],
    ['\\b+', 'Nothing to repeat'],
    ['\\Z*', 'Nothing to repeat'],
    ['a**', 'multiple repeat'],
    ['a*(?#c)?', 'multiple repeat'],
    ['a{1,2}{3}', 'multiple repeat'],
    ['a{2,1}', 'numbers out of order in {} quantifier'],
    ['a{4294967295}', 'the repetition number is too large'],
    ['[\\d-z]', 'bad character range \\d-z'],
    ['[a-\\w]', 'bad character range a-\\w'],
    ['[z-a]', 'bad character range z-a'],
    ['(?<=a+)c', 'look-behind requires fixed-width pattern'],
    ['(?<=a|bc)d', 'look-behind requires fixed-width pattern'],
    ['(?<!a{,2})b', 'look-behind requires fixed-width pattern'],
    ['(?<=(a)\\1)b', 'cannot refer to group defined in the same lookbehind subpattern'],
    ['(?(3)a|b)(x)(y)', 'invalid group reference 3'],
    ['(?(1)a|b|c)(x)', 'conditional backref with more than two branches'],
    ['(?(0)a)', 'bad group number'],
    ['(?(n)a)(?P<n>x)', "unknown group name 'n'"],
    // The examples docs/config.md gives.
    ['(?<!a+)', 'look-behind requires fixed-width pattern'],
    ['[\\W-z]', 'bad character range \\W-z'],
    ['\\A?', 'Nothing to repeat'],
    ['a{2}{3}', 'multiple repeat'],
    ['(?(name)a)', "unknown group name 'name'"],
    ['(?L:a)', "bad inline flags: cannot use 'L' flag with a str pattern"],
    ['(?-:a)', 'missing flag'],
    ['(?-q:a)', 'unknown flag'],
  ])('%j is refused: %s', (pattern, reason) => {
    expect(checkPythonRegex(pattern)).toEqual({ ok: false, reason });
  });
});
