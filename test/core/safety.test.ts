// Safety rails at their edges: a share applies from 10 existing objects of a kind, counts always,
// protected prefixes refuse any change under them, --force lifts everything.

import { describe, expect, it } from 'vitest';
import type { DestructiveKind, SafetyConfig } from '../../src/core/model.js';
import type { Change, Plan } from '../../src/core/plan-model.js';
import { checkSafety } from '../../src/core/safety.js';

function plan(destructive: Partial<Record<DestructiveKind, number>>, totals: Partial<Record<DestructiveKind, number>>, addresses: string[] = []): Plan {
  const changes: Change[] = [];
  for (const [kind, n] of Object.entries(destructive) as [DestructiveKind, number][]) {
    for (let i = 0; i < n; i += 1) {
      changes.push({ address: `${kind}[${i}]`, kind: 'monitoring', action: 'remove', before: true, after: null, impacts: [], destructive: kind });
    }
  }
  for (const address of addresses) changes.push({ address, kind: 'pm-scope', action: 'update', before: [], after: [], impacts: [] });
  return {
    format_version: 2,
    config_files: [],
    changes,
    operations: [],
    warnings: [],
    errors: [],
    summary: { add: 0, remove: 0, update: 0, operations: 0 },
    reads: [],
    totals,
  };
}

const NONE: SafetyConfig = { thresholds: {}, protected: [] };

const cases: { name: string; plan: Plan; safety?: SafetyConfig; force?: boolean; want: string[] }[] = [
  { name: '9 monitored, 8 stopped: too few objects for a share', plan: plan({ stop_monitoring: 8 }, { stop_monitoring: 9 }), want: [] },
  {
    name: '10 monitored, 3 stopped: 30% is over 25%',
    plan: plan({ stop_monitoring: 3 }, { stop_monitoring: 10 }),
    want: ['would stop monitoring 30% (3/10) of monitored repositories; the limit is 25%'],
  },
  { name: '20 monitored, 5 stopped: exactly 25% passes', plan: plan({ stop_monitoring: 5 }, { stop_monitoring: 20 }), want: [] },
  {
    name: '20 monitored, 8 stopped: the example from the design',
    plan: plan({ stop_monitoring: 8 }, { stop_monitoring: 20 }),
    want: ['would stop monitoring 40% (8/20) of monitored repositories; the limit is 25%'],
  },
  {
    name: 'scope removals default to 40%: 5 of 12 keys is over',
    plan: plan({ scope_removal: 5 }, { scope_removal: 12 }),
    want: ['would remove entries from 41.67% (5/12) of non-empty keys of managed team scopes; the limit is 40%'],
  },
  {
    name: 'a count applies even with few objects; a configured share replaces the default',
    plan: plan({ deselect: 3, override_removal: 2 }, { deselect: 4, override_removal: 10 }),
    safety: { thresholds: { deselect: { count: 2 }, override_removal: { percent: 10 } }, protected: [] },
    want: ['would deselect 3 entities; the limit is 2', 'would remove 20% (2/10) of overrides of managed repositories; the limit is 10%'],
  },
  {
    name: 'protected prefixes refuse any change under them, at a component boundary',
    plan: plan({}, {}, ['team[42].pm.tracker.boards', 'team[420].git.services']),
    safety: { thresholds: {}, protected: ['team[42]'] },
    want: ['team[42].pm.tracker.boards is protected (protected: team[42])'],
  },
  {
    name: '--force lifts every refusal',
    plan: plan({ stop_monitoring: 8 }, { stop_monitoring: 20 }, ['team[42].git.repositories']),
    safety: { thresholds: {}, protected: ['team[42]'] },
    force: true,
    want: [],
  },
];

describe('checkSafety', () => {
  it.each(cases)('$name', ({ plan: p, safety, force, want }) => {
    expect(checkSafety(p, safety ?? NONE, { force: force ?? false }).refusals).toEqual(want);
  });

  it('4 of 10 scope keys is exactly 40%, which passes', () => {
    expect(checkSafety(plan({ scope_removal: 4 }, { scope_removal: 10 }), NONE, { force: false }).refusals).toEqual([]);
  });
});
