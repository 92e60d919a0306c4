// The glob matcher (src/core/glob-match.ts): the plain reading of a glob (`*` any run, `?` one
// character, the whole name) on generated globs and names, and its cost bounded by a count of
// character comparisons, never by a clock: at most (name + 1) x (glob + 1) on any key, the keys
// that make a backtracking expression take minutes included.

import { describe, expect, it } from 'vitest';
import { compileGlob, type GlobSteps } from '../../src/core/glob-match.js';
import { globRegExp } from '../helpers/glob-oracle.js';

describe('compileGlob', () => {
  it.each([
    ['acme/*', 'acme/api', true],
    ['acme/*', 'acme/', true],
    ['acme/*', 'acme', false],
    ['*', '', true],
    ['?', '', false],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'acb', false],
    ['a*bc*bc', 'abcbc', true],
    ['a*bc*bc', 'abcb', false],
    ['*a?c*', 'xxabxc', false],
    ['*a?c*', 'xxabcx', true],
    ['acme/**', 'acme/x/y', true],
    ['acme/?pi', 'acme/api', true],
    ['team-1/*-api', 'team-1/-api', true],
    ['team-1/*-api', 'team-1/x-ap', false],
    ['*\n*', 'a\nb', true],
  ])('%j on %j: %s', (glob, name, want) => {
    expect(compileGlob(glob)(name)).toBe(want);
  });

  it('agrees with the plain expression on generated globs and names', () => {
    let seed = 11;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const word = (alphabet: string, max: number) => Array.from({ length: next(max) }, () => alphabet[next(alphabet.length)]).join('');
    for (let i = 0; i < 3000; i += 1) {
      const glob = word('ab*?', 9);
      const name = word('ab', 10);
      expect([glob, name, compileGlob(glob)(name)]).toEqual([glob, name, globRegExp(glob).test(name)]);
    }
  });

  // A 58-character repository name and keys of the kind that hung `plan`: pairs of `*?`, runs of
  // `a*` against a name of `a`s, 200 stars.
  const name = 'acme/payments-service-with-a-rather-long-name-for-a-test-x';
  const as = `acme/${'a'.repeat(60)}`;
  it.each([
    [`acme/${'*?'.repeat(12)}#`, name, false],
    [`acme/${'*?'.repeat(8)}`, name, true],
    [`acme/${'a*'.repeat(10)}b`, as, false],
    [`acme/${'a*'.repeat(40)}b`, `acme/${'a'.repeat(5000)}`, false],
    [`acme/${'*'.repeat(200)}#`, name, false],
    [`*${'?*'.repeat(100)}x`, 'y'.repeat(2000), false],
  ])('%s costs at most (name + 1) x (glob + 1) comparisons', (glob, subject, want) => {
    const steps: GlobSteps = { count: 0 };
    const matched = compileGlob(glob)(subject, steps);
    expect(matched).toBe(want);
    expect(steps.count).toBeLessThanOrEqual((subject.length + 1) * (glob.length + 1));
  });

  it('a prefix and a suffix around one star cost one pass over the name', () => {
    const steps: GlobSteps = { count: 0 };
    expect(compileGlob('team-623/svc-*-api')(`team-623/svc-${'x'.repeat(1000)}-api`, steps)).toBe(true);
    expect(steps.count).toBeLessThanOrEqual('team-623/svc--api'.length);
  });
});
