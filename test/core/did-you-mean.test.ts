import { describe, expect, it } from 'vitest';
import { closest } from '../../src/config/describe.js';
import { didYouMean, distanceFrom, editDistance, editDistanceWithin } from '../../src/core/resolve.js';

// The pruned search must answer exactly as the plain one it replaced: the first candidate at the
// least case-insensitive edit distance, when that distance is within the limit.
function plain(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  const limit = Math.max(2, Math.floor(needle.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const d = editDistance(needle, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

const REPOSITORIES = [
  'acme/api', 'acme/web', 'acme/api-gateway', 'acme/API', 'Acme/Api', 'labs/project-1', 'labs/project-12',
  'labs/project-2', 'org/service-4', 'acme/apí', 'acme/αpi', 'x', 'xy', 'acme/pia', 'acme/aip', 'emca/api',
];
const INPUTS = [
  'acme/api', 'ACME/API', 'acme/ap', 'acme/apii', 'acme/api-old', 'acme/aqi', 'labs/project-1-old', 'labs/project-3',
  'labs/projetc-12', 'org/servcie-4', 'acme/api ', 'acme/αpí', 'y', '', 'acme/web-app', 'nothing/like/it', 'mace/api',
];

describe('didYouMean', () => {
  it('answers as the plain search, for every input and every order of the candidates', () => {
    for (const candidates of [REPOSITORIES, [...REPOSITORIES].reverse(), REPOSITORIES.filter((_, i) => i % 3 !== 0), []]) {
      for (const input of INPUTS) expect(didYouMean(input, candidates), `${input} in ${JSON.stringify(candidates)}`).toBe(plain(input, candidates));
    }
  });

  it('answers again after the list changed length (answers are kept per list)', () => {
    const list = ['acme/web'];
    expect(didYouMean('acme/api', list)).toBeUndefined();
    list.push('acme/apx');
    expect(didYouMean('acme/api', list)).toBe('acme/apx');
  });
});

/** Optimal string alignment distance, written plainly: the reference for the pruned versions. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance counts a swap of neighbours as one edit (issue 31 item 3)', () => {
  it.each([
    ['gti', 'git', 1],
    ['temas', 'teams', 1],
    ['naem', 'name', 1],
    ['ab', 'ba', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
    ['', 'abc', 3],
    ['acme/aip', 'acme/api', 1],
  ])('%s ~ %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(osa(a, b)).toBe(d);
  });

  it('is the plain reference on every pair of a word list', () => {
    const words = ['', 'a', 'ab', 'ba', 'abc', 'acb', 'bca', 'kitten', 'sitting', 'labs/project-1', 'labs/projetc-1', 'acme/αpi', 'acme/πai'];
    for (const a of words) for (const b of words) expect(editDistance(a, b), `${a} ~ ${b}`).toBe(osa(a, b));
  });

  it('suggests the key a swapped-letter typo meant', () => {
    expect(closest('gti', ['version', 'teams', 'git', 'reports'])).toBe('git');
    expect(closest('temas', ['version', 'teams', 'git', 'reports'])).toBe('teams');
    expect(closest('naem', ['name', 'pm', 'git'])).toBe('name');
  });
});

describe('editDistanceWithin', () => {
  it('is the edit distance when within the bound, and above the bound otherwise', () => {
    const words = ['', 'a', 'ab', 'ba', 'abc', 'kitten', 'sitting', 'labs/project-1', 'labs/project-12', 'acme/αpi'];
    for (const a of words) {
      for (const b of words) {
        const d = editDistance(a, b);
        for (const bound of [0, 1, 2, 3, 5]) {
          const got = editDistanceWithin(a, b, bound);
          if (d <= bound) expect(got, `${a} ~ ${b} within ${bound}`).toBe(d);
          else expect(got, `${a} ~ ${b} within ${bound}`).toBeGreaterThan(bound);
        }
      }
    }
  });
});

// The config loader's variant: case-sensitive distance, a case-only difference counts 0.5.
function plainClosest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = candidate.toLowerCase() === word.toLowerCase() ? 0.5 : editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

describe('closest (config suggestions)', () => {
  it('answers as the plain search, for every word and every order of the candidates', () => {
    for (const candidates of [REPOSITORIES, [...REPOSITORIES].reverse(), REPOSITORIES.filter((_, i) => i % 3 !== 0), []]) {
      for (const word of INPUTS) expect(closest(word, candidates), `${word} in ${JSON.stringify(candidates)}`).toBe(plainClosest(word, candidates));
    }
  });
});

describe('distanceFrom', () => {
  it('answers the same when the functions of several words are called in turn', () => {
    const words = ['kitten', 'sitting', 'acme/api', 'acme/pia', 'labs/project-1', 'ab', 'ba'];
    const froms = words.map((w) => distanceFrom(w));
    for (let round = 0; round < 2; round++) {
      words.forEach((a, i) => {
        for (const b of words) {
          for (const bound of [1, 2, 3, 5]) {
            const d = editDistance(a, b);
            const got = (froms[i] as (other: string, bound: number) => number)(b, bound);
            if (d <= bound) expect(got, `${a} ~ ${b} within ${bound}`).toBe(d);
            else expect(got, `${a} ~ ${b} within ${bound}`).toBeGreaterThan(bound);
          }
        }
      });
    }
  });

  it('is the edit distance when within the bound, and above the bound otherwise', () => {
    const words = ['', 'a', 'ab', 'ba', 'aab', 'abb', 'kitten', 'sitting', 'labs/project-1', 'labs/project-1-old', 'acme/αpi', 'acme/api'];
    for (const a of words) {
      const from = distanceFrom(a);
      for (const b of words) {
        const d = editDistance(a, b);
        for (const bound of [0, 1, 2, 3, 5]) {
          const got = from(b, bound);
          if (d <= bound) expect(got, `${a} ~ ${b} within ${bound}`).toBe(d);
          else expect(got, `${a} ~ ${b} within ${bound}`).toBeGreaterThan(bound);
        }
      }
    }
  });
});
