// drift.ignore rules as a pure function: prefix matching, expiry against an injected "today",
// warnings, and the drift report (summary and calls recounted without the ignored changes).

import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/core/plan-model.js';
import { isDate as isIsoDate, localToday } from '../../src/contract/calendar.js';
import { applyIgnoreRules } from '../../src/drift/ignore.js';
import { driftReport } from '../../src/drift/report.js';

function change(address: string, action: Change['action'] = 'update'): Change {
  return { address, kind: 'org-default', action, before: 1, after: 2, impacts: [] };
}

const changes = [
  change('team[42].pm.tracker.boards'),
  change('team[420].git.services', 'add'),
  change('git.defaults.active_branches_duration'),
  change('repo["acme/api"].settings.default_branch', 'remove'),
];

describe('applyIgnoreRules', () => {
  it('hides changes under a prefix, at component boundaries only', () => {
    const out = applyIgnoreRules(changes, [{ address: 'team[42]', reason: 'trial' }], '2026-01-15');
    expect(out.ignored.map((i) => i.change.address)).toEqual(['team[42].pm.tracker.boards']);
    expect(out.reported.map((c) => c.address)).toEqual([
      'team[420].git.services',
      'git.defaults.active_branches_duration',
      'repo["acme/api"].settings.default_branch',
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('keeps a rule live through its until day and expires it the day after', () => {
    const rule = { address: 'git.defaults', reason: 'review', until: '2026-01-31' };
    expect(applyIgnoreRules(changes, [rule], '2026-01-31').ignored).toHaveLength(1);
    const after = applyIgnoreRules(changes, [rule], '2026-02-01');
    expect(after.ignored).toEqual([]);
    expect(after.reported).toHaveLength(4);
    expect(after.warnings).toEqual([
      { message: 'ignore rule for git.defaults expired on 2026-01-31; drift is reported' },
    ]);
  });

  it('warns about an expired rule that covers nothing, so it gets cleaned up', () => {
    const out = applyIgnoreRules(changes, [{ address: 'team[7]', reason: 'old', until: '2025-12-31' }], '2026-01-01');
    expect(out.warnings.map((w) => w.message)).toEqual(['ignore rule for team[7] expired on 2025-12-31; no drift under it now; remove the rule']);
  });

  it('attributes a change to the first live rule that covers it', () => {
    const rules = [
      { address: 'repo["acme/api"]', reason: 'first' },
      { address: 'repo["acme/api"].settings', reason: 'second' },
    ];
    const out = applyIgnoreRules(changes, rules, '2026-01-01');
    expect(out.ignored.map((i) => i.rule.reason)).toEqual(['first']);
  });

  it('refuses dates that are not yyyy-mm-dd calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(() => applyIgnoreRules(changes, [{ address: 'a', reason: 'r', until: '31/01/2026' }], '2026-01-01')).toThrow(/yyyy-mm-dd/);
    expect(() => applyIgnoreRules(changes, [], 'today')).toThrow(/yyyy-mm-dd/);
  });

  it('gives the local calendar date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('driftReport', () => {
  it('drops ignored changes from the summary and the calls that carry only them', () => {
    const plan: Plan = {
      format_version: 2,
      config_files: ['emctl.yaml'],
      changes,
      operations: [
        { id: 'a', stage: 1, method: 'PATCH', path: '/a', route: 'PATCH /a', addresses: ['team[42].pm.tracker.boards'], dependsOn: [], description: 'a' },
        { id: 'b', stage: 1, method: 'PATCH', path: '/b', route: 'PATCH /b', addresses: ['git.defaults.active_branches_duration'], dependsOn: [], description: 'b' },
      ],
      warnings: [{ message: 'team name differs' }],
      errors: [],
      summary: { add: 1, update: 2, remove: 1, operations: 2 },
      reads: [],
      totals: {},
    };
    const report = driftReport(plan, [{ address: 'team[42]', reason: 'trial' }, { address: 'x', reason: 'gone', until: '2000-01-01' }], '2026-01-01');
    expect(report.plan.changes).toHaveLength(3);
    expect(report.plan.summary).toEqual({ add: 1, update: 1, remove: 1, operations: 1 });
    expect(report.plan.operations.map((o) => o.id)).toEqual(['b']);
    expect(report.plan.warnings.map((w) => w.message)).toEqual([
      'team name differs',
      'ignore rule for x expired on 2000-01-01; no drift under it now; remove the rule',
    ]);
    expect(report.ignored.map((i) => i.change.address)).toEqual(['team[42].pm.tracker.boards']);
  });
});
