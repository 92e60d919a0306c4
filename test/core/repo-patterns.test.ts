// The compiled monitoring patterns: each kind of entry (id, exact name, trailing-* prefix, other
// glob) against names, checked against one regular expression per entry (the plain reading).

import { describe, expect, it } from 'vitest';
import { compileRepoPatterns } from '../../src/core/repo-patterns.js';
import { globRegExp as globToRegExp } from '../helpers/glob-oracle.js';

const repo = (id: number, name: string) => ({ id, name });

describe('compileRepoPatterns', () => {
  it.each([
    [['acme/api'], repo(1, 'acme/api'), true],
    [['acme/api'], repo(1, 'acme/api-v2'), false],
    [['acme/*'], repo(1, 'acme/api'), true],
    [['acme/*'], repo(1, 'acme/'), true],
    [['acme/*'], repo(1, 'acme'), false],
    [['acme/*', 'ac*'], repo(1, 'acorn/x'), true],
    [['acme/archive-*'], repo(1, 'acme/api'), false],
    [['*'], repo(1, 'anything/at-all'), true],
    [['acme/?pi'], repo(1, 'acme/api'), true],
    [['acme/?pi', 'labs/*-old'], repo(1, 'labs/x-old'), true],
    [['acme/?pi', 'labs/*-old'], repo(1, 'labs/x-new'), false],
    [['acme.io/*'], repo(1, 'acmexio/a'), false],
    [['a+b(c)'], repo(1, 'a+b(c)'), true],
    [['a+b(c)*'], repo(1, 'a+b(c)d'), true],
    [['a|b*'], repo(1, 'b'), false],
    [[7], repo(7, 'x'), true],
    [[7], repo(8, 'x'), false],
    [[], repo(8, 'x'), false],
  ])('%j on %j: %s', (entries, r, want) => {
    const patterns = compileRepoPatterns(entries);
    expect(patterns.matches(r)).toBe(want);
    const plain = entries.some((e) => (typeof e === 'number' ? e === r.id : globToRegExp(e).test(r.name)));
    expect(plain).toBe(want);
  });

  it('keeps names and ids apart', () => {
    const patterns = compileRepoPatterns(['12', 12]);
    expect(patterns.hasId(12)).toBe(true);
    expect(patterns.matchesName('12')).toBe(true);
    expect(compileRepoPatterns([12]).matchesName('12')).toBe(false);
    expect(compileRepoPatterns(['12']).hasId(12)).toBe(false);
  });
});
