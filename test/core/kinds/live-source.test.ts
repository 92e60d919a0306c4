// Which read showed the live value a change starts from, as each kind says from its own address
// (kind.ts liveSource): the plan's read records name that read's GET path.

import { describe, expect, it } from 'vitest';
import { KIND_NAMES, kindOf } from '../../../src/core/kinds/registry.js';
import type { ObjectKind } from '../../../src/core/plan-model.js';

const source = (kind: ObjectKind, address: string) => kindOf(kind).liveSource?.(address);

describe('where a change\'s live value was read, by kind', () => {
  it.each([
    ['selection', 'collection.tracker.boards["101"]', { from: 'entity list', integration: 'tracker', type: 'boards', entity: '101' }],
    ['selection', 'collection.7.projects["P \\"x\\" [1]"]', { from: 'entity list', integration: '7', type: 'projects', entity: 'P "x" [1]' }],
    ['pm-scope', 'team[42].pm.tracker.boards', { from: 'team PM scope', teamId: 42 }],
    ['methodology', 'team[42].pm.tracker.methodology', { from: 'team PM scope', teamId: 42 }],
    ['git-scope', 'team[42].git.repositories', { from: 'team Git scope', teamId: 42 }],
    ['org-default', 'git.defaults.default_branch', { from: 'org configuration' }],
    ['repo-override', 'repo["acme/api"].settings.default_branch', { from: 'repository configuration', repo: 'repo["acme/api"]' }],
    ['repo-override', 'repo["a.settings.b"].settings.default_branch', { from: 'repository configuration', repo: 'repo["a.settings.b"]' }],
    ['repo-override', 'repo[1234].settings.exclude_branches', { from: 'repository configuration', repo: 'repo[1234]' }],
    ['monitoring', 'repo["acme/api"].monitored', { from: 'repository list', repo: 'repo["acme/api"]' }],
    ['monitoring', 'repo[1234].monitored', { from: 'repository list', repo: 'repo[1234]' }],
  ] as const)('%s %s', (kind, address, expected) => {
    expect(source(kind, address)).toEqual(expected);
  });

  it.each([
    // A team keyed by name was not read by a scope read of that key; the team list shows a team whole.
    ['pm-scope', 'team["Payments"].pm.tracker.boards'],
    ['git-scope', 'team["Payments"].git.services'],
    ['team', 'team[42]'],
    ['team', 'team[42].parent'],
    ['team-members', 'team[42].members'],
    ['selection', 'collection.tracker.boards'],
  ] as const)('%s %s: no read shows it', (kind, address) => {
    expect(source(kind, address)).toBeUndefined();
  });

  it('every kind but the two team kinds says where its live values were read', () => {
    expect(KIND_NAMES.filter((k) => kindOf(k).liveSource === undefined)).toEqual(['team', 'team-members']);
  });
});
