// Saved-plan staleness: what counts as "live state moved" and how it is worded.

import { describe, expect, it } from 'vitest';
import { desiredFromPlan, operationDifferences, organizationDifference, staleDifferences } from '../../src/apply/stale.js';
import { scheduleOperations } from '../../src/apply/schedule.js';
import type { Change, Operation, PlanOrganization } from '../../src/core/plan-model.js';

function change(address: string, before: unknown, after: unknown, action: Change['action'] = 'update'): Change {
  return { address, kind: 'org-default', action, before, after, impacts: [] };
}

describe('staleDifferences', () => {
  const saved = [change('git.defaults.active_branches_duration', { days: 14 }, { days: 7 })];

  it('accepts the same changes, whatever the key order of their values', () => {
    const rebuilt = [change('git.defaults.active_branches_duration', { days: 14 }, { days: 7 })];
    expect(staleDifferences(saved, rebuilt)).toEqual([]);
  });

  it('names a moved live value with both sides', () => {
    const rebuilt = [change('git.defaults.active_branches_duration', { days: 3 }, { days: 7 })];
    expect(staleDifferences(saved, rebuilt)).toEqual([
      'git.defaults.active_branches_duration: live value moved since the plan was made (was {days: 14}, now {days: 3})',
    ]);
  });

  it('notices a change that disappeared and one that appeared', () => {
    const rebuilt = [change('repo["acme/api"].monitored', false, true, 'add')];
    const problems = staleDifferences(saved, rebuilt);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('git.defaults.active_branches_duration: no longer needs this change');
    expect(problems[1]).toContain('repo["acme/api"].monitored: moved since the plan was made (a new change, add,');
  });
});

describe('organizationDifference', () => {
  const integrations: PlanOrganization['integrations'] = [{ id: 10, type: 'pm', provider: 'tracker_a', name: 'Tracker' }];
  const org = (base_url: string, list = integrations): PlanOrganization => ({ base_url, integrations: list });

  it.each([
    ['the same address', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['localhost and 127.0.0.1', 'http://localhost:8080', 'http://127.0.0.1:8080'],
    ['::1 and localhost', 'http://[::1]:8080/', 'http://LOCALHOST:8080'],
    ['a trailing slash', 'https://em.example.com/api/', 'https://em.example.com/api'],
    ['host case and the default port', 'https://EM.Example.com:443', 'https://em.example.com'],
    ['http default port', 'http://localhost:80/', 'http://127.0.0.1'],
  ])('takes %s for the same service', (_name, saved, now) => {
    expect(organizationDifference(org(saved), org(now))).toBeUndefined();
  });

  it.each([
    ['another port', 'http://localhost:8080', 'http://127.0.0.1:8081'],
    ['another host', 'https://em.example.com', 'https://em.example.org'],
    ['another scheme', 'http://em.example.com', 'https://em.example.com'],
    ['another path', 'https://em.example.com/a', 'https://em.example.com/b'],
    ['a loopback and another host', 'http://localhost:8080', 'http://10.0.0.1:8080'],
  ])('refuses %s', (_name, saved, now) => {
    expect(organizationDifference(org(saved), org(now))).toBe(`it was made against ${saved}, and this run is against ${now}`);
  });

  it('still compares the integrations behind the same address', () => {
    const other = [{ id: 10, type: 'pm', provider: 'tracker_b', name: 'Tracker' }];
    expect(organizationDifference(org('http://localhost:8080'), org('http://127.0.0.1:8080/', other))).toBe('integrations it saw are not in this organization: 10 (tracker_a "Tracker")');
  });
});

describe('desiredFromPlan', () => {
  it('refuses a plan without a desired state', () => {
    expect(() => desiredFromPlan(undefined, 'plan.json')).toThrow(/plan.json cannot be applied: it holds no desired state/);
    expect(() => desiredFromPlan({ version: 1, files: [], integrations: [], collection: [], teams: 3 }, 'p')).toThrow(/desired.teams/);
  });
});

describe('scheduleOperations', () => {
  const base = { method: 'PATCH' as const, path: '/x', route: 'PATCH /x', addresses: [], description: 'd' };
  it('groups by stage ascending and keeps plan order inside a stage', () => {
    const ops: Operation[] = [
      { ...base, id: 'b', stage: 2, dependsOn: ['a'] },
      { ...base, id: 'a', stage: 1, dependsOn: [] },
      { ...base, id: 'c', stage: 2, dependsOn: [] },
    ];
    expect(scheduleOperations(ops).stages.map((s) => s.map((o) => o.id))).toEqual([['a'], ['b', 'c']]);
  });

  it('refuses a dependency that does not run earlier', () => {
    const ops: Operation[] = [
      { ...base, id: 'a', stage: 1, dependsOn: ['b'] },
      { ...base, id: 'b', stage: 1, dependsOn: [] },
    ];
    expect(() => scheduleOperations(ops)).toThrow(/not in a runnable order/);
  });
});

describe('operationDifferences', () => {
  const op = (id: string, body: unknown): Operation => ({
    id,
    stage: 1,
    method: 'PATCH',
    path: '/api/v1/git/config',
    route: 'PATCH /api/v1/git/config',
    body,
    addresses: [],
    dependsOn: [],
    description: `call ${id}`,
  });

  it('accepts the same calls in any order and whatever the key order of their bodies', () => {
    expect(operationDifferences([op('a', { x: 1, y: 2 }), op('b', { z: 1 })], [op('b', { z: 1 }), op('a', { y: 2, x: 1 })])).toEqual([]);
  });

  it('names a call with another body on both sides', () => {
    expect(operationDifferences([op('a', { x: 1 })], [op('a', { x: 2 })])).toEqual([
      'saved call not needed by its changes: PATCH /api/v1/git/config (call a)',
      'call the changes need but the file lacks: PATCH /api/v1/git/config (call a)',
    ]);
  });
});
