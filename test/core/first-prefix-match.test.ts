import { describe, expect, it } from 'vitest';
import { coversSome, firstPrefixMatch, matchesAddressPrefix } from '../../src/core/address.js';

// firstPrefixMatch must answer exactly as the scan it replaces: the first item, in list order,
// whose prefix matchesAddressPrefix accepts.
const PATTERNS = [
  'team[42].git',
  'team[42]',
  ' repo["acme/x.y"]. ',
  'repo["acme/x',
  'repo[7].settings..',
  'collection.tracker',
  'collection.tracker.boards["101"]',
  '',
  '   ',
  'team[4',
  'team[42].git',
];

const ADDRESSES = [
  'team[42].git.repositories',
  'team[42].pm.tracker.boards',
  'team[420].git.repositories',
  'team[4].git.services',
  'repo["acme/x.y"].settings.default_branch',
  'repo["acme/x"].monitored',
  'repo["acme/xy"].monitored',
  'repo[7].settings',
  'repo[7].settingsx',
  'repo[70].settings.default_branch',
  'collection.tracker.boards["101"]',
  'collection.trackers.boards["1"]',
  'git.defaults.default_branch',
];

describe('firstPrefixMatch', () => {
  it('answers as find + matchesAddressPrefix for every address and every order of the patterns', () => {
    const orders = [PATTERNS, [...PATTERNS].reverse(), PATTERNS.filter((_, i) => i % 2 === 0), []];
    for (const patterns of orders) {
      const items = patterns.map((address, n) => ({ address, n }));
      const lookup = firstPrefixMatch(items, (i) => i.address);
      for (const address of ADDRESSES) {
        const scan = items.find((i) => matchesAddressPrefix(address, i.address));
        expect(lookup(address), `${address} against ${JSON.stringify(patterns)}`).toBe(scan);
      }
    }
  });

  it('takes the earliest of several matching items, not the longest prefix', () => {
    const items = ['team[42].git.repositories', 'team[42]', 'team[42].git'];
    expect(firstPrefixMatch(items, (p) => p)('team[42].git.repositories')).toBe('team[42].git.repositories');
    expect(firstPrefixMatch(items.slice(1), (p) => p)('team[42].git.repositories')).toBe('team[42]');
    expect(firstPrefixMatch(items, (p) => p)('team[43].git')).toBeUndefined();
  });
});

describe('coversSome', () => {
  it('answers as some + matchesAddressPrefix for every pattern and every subset of the addresses', () => {
    const subsets = [ADDRESSES, ADDRESSES.filter((_, i) => i % 3 === 0), ADDRESSES.slice(0, 1), []];
    for (const addresses of subsets) {
      const covers = coversSome(addresses);
      for (const pattern of PATTERNS) {
        expect([pattern, covers(pattern)]).toEqual([pattern, addresses.some((a) => matchesAddressPrefix(a, pattern))]);
      }
    }
  });
});
