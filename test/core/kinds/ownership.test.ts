// Which object of the ownership rule (DESIGN 2) an address belongs to, asked of its kind: the
// object a saved plan's staleness compares whole and apply's own-result check re-reads whole.

import { describe, expect, it } from 'vitest';
import { EVERY_KIND, kindOf, ownershipObject, ownershipObjectOf } from '../../../src/core/kinds/registry.js';
import type { ObjectKind } from '../../../src/core/plan-model.js';

const PM_KEYS = ['boards', 'epics', 'labels', 'fields', 'project_team_areas'];
const TEAM_PROPERTIES = ['name', 'parent', 'initials', 'color'];

/** [kind, a change address of that kind, the addresses of the object it belongs to]. */
const CASES: [ObjectKind, string, string[]][] = [
  ['selection', 'collection.tracker.boards["101"]', ['collection.tracker.boards']],
  ['selection', 'collection.tracker.boards["a.b[1]"]', ['collection.tracker.boards']],
  ['pm-scope', 'team[42].pm.tracker.boards', PM_KEYS.map((k) => `team[42].pm.tracker.${k}`)],
  ['pm-scope', 'team["Pay.git.ments"].pm.jira.project_team_areas', PM_KEYS.map((k) => `team["Pay.git.ments"].pm.jira.${k}`)],
  ['methodology', 'team[42].pm.tracker.methodology', ['team[42].pm.tracker.methodology']],
  ['git-scope', 'team[42].git.services', ['team[42].git']],
  ['git-scope', 'team["a \\" b"].git.repositories', ['team["a \\" b"].git']],
  ['team', 'team["Payments"]', ['team["Payments"]']],
  ['team', 'team[42].parent', TEAM_PROPERTIES.map((p) => `team[42].${p}`)],
  ['team', 'team["Payments"].name', TEAM_PROPERTIES.map((p) => `team["Payments"].${p}`)],
  ['team-members', 'team[42].members', ['team[42].members']],
  ['team-members', 'team["Payments"].members["bo@acme.io"]', ['team["Payments"].members']],
  ['repo-override', 'repo["acme/api"].settings.default_branch', ['repo["acme/api"].settings']],
  ['repo-override', 'repo[1234].settings.exclude_branches', ['repo[1234].settings']],
  ['repo-override', 'repo["a.settings.b"].settings.releases_detection', ['repo["a.settings.b"].settings']],
  ['monitoring', 'repo[1234].monitored', ['repo[1234].monitored']],
  ['org-default', 'git.defaults.releases_detection', ['git.defaults.releases_detection']],
];

describe('ownership, by kind', () => {
  it.each(CASES)('%s: %s belongs to %j', (kind, address, object) => {
    expect(ownershipObjectOf({ kind, address })).toEqual(object);
  });

  it.each(CASES)('%s: %s is found by its address alone, one kind claiming it at most', (kind, address, object) => {
    expect(ownershipObject(address)).toEqual(object);
    const claimants = EVERY_KIND.filter((k) => k.ownership?.(address) !== undefined).map((k) => k.kind);
    expect(claimants.every((k) => k === kind)).toBe(true);
  });

  it('every kind has a case', () => {
    expect(new Set(CASES.map(([kind]) => kind))).toEqual(new Set(EVERY_KIND.map((k) => k.kind)));
  });

  it.each([
    ['selection', 'collection.tracker.boards["a.b[1]"]', 'collection.tracker.boards'],
    ['selection', 'collection.tracker.boards', undefined],
    ['team-members', 'team["Payments"].members["bo@acme.io"]', 'team["Payments"].members'],
    ['repo-override', 'repo["a.settings.b"].settings.releases_detection', 'repo["a.settings.b"].settings'],
  ] as const)('--changed-from: a %s change at %s lies under %s, its object of the ownership rule', (kind, address, object) => {
    expect(kindOf(kind).objectOf?.({ address })).toBe(object);
  });

  it('an address of no kind is an object by itself', () => {
    expect(ownershipObject('team[42].pm')).toEqual(['team[42].pm']);
  });
});
