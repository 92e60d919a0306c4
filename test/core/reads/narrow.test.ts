// narrowDesired: the one narrowing of the desired state. With writtenObjects, the desired state
// the final re-read of an apply plans against, narrowed to the objects the apply wrote: table
// cases over one config, which objects are kept for which written addresses, at address
// boundaries (team[42] is not team[420]); then a team's parts, exact ownership and a repository
// spelled the other way. (The --target/--exclude narrowing is read-scope.test.ts.)

import { beforeAll, describe, expect, it } from 'vitest';
import { narrowDesired, writtenObjects, type Narrowing } from '../../../src/core/reads/narrow.js';
import { loadConfigOrThrow } from '../../../src/config/index.js';
import type { DesiredConfig } from '../../../src/core/model.js';
import type { RepositoryNames } from '../../../src/core/address.js';
import { writeConfig } from '../../helpers/emulator.js';
import { CONFIG_CHECKS } from '../../../src/workflows/config-checks.js';

/** The narrowing apply's check of its own result uses, on the config and the written addresses. */
function narrowToWritten(config: DesiredConfig, addresses: string[], repos?: RepositoryNames): DesiredConfig {
  return narrowDesired(config, writtenObjects(addresses, repos)).desired;
}

const CONFIG = `version: 1
integrations:
  tracker: { id: 10 }
collection:
  tracker:
    boards: ["101", "102"]
    projects: ["P1"]
teams:
  42:
    pm:
      tracker:
        boards: ["101"]
    git:
      repositories: ["acme/api"]
  420:
    pm:
      tracker:
        boards: ["102"]
git:
  defaults:
    active_branches_duration: { days: 7 }
    draft_pull_requests: { labels: [wip] }
  monitoring:
    include: ["acme/*"]
  repositories:
    acme/docs:
      monitored: true
    acme/web:
      settings:
        default_branch: { branch_name: develop }
      monitored: true
`;

let config: DesiredConfig;
beforeAll(async () => {
  config = await loadConfigOrThrow(await writeConfig(CONFIG), CONFIG_CHECKS);
});

/** What a narrowed config keeps, as readable strings. */
function kept(narrowed: DesiredConfig): string[] {
  const out: string[] = [];
  for (const s of narrowed.collection) out.push(`collection.${String(s.integration)}.${s.entityType}`);
  for (const t of narrowed.teams) {
    for (const scope of t.pm) out.push(`team[${t.id}].pm.${String(scope.integration)}`);
    if (t.git !== undefined) out.push(`team[${t.id}].git`);
  }
  for (const section of Object.keys(narrowed.git.defaults)) out.push(`git.defaults.${section}`);
  if (narrowed.git.monitoring !== undefined) out.push('git.monitoring');
  for (const r of narrowed.git.repositories) {
    const name = JSON.stringify(r.ref);
    if (r.settings !== undefined) out.push(`repo ${name} settings`);
    if (r.monitored !== undefined) out.push(`repo ${name} monitored`);
  }
  return out;
}

describe('narrowDesired to the objects an apply wrote', () => {
  it.each<[string, string[], string[]]>([
    ['nothing written', [], []],
    ['a board of a selection set keeps that set only', ['collection.tracker.boards["101"]'], ['collection.tracker.boards']],
    ['a key of team 42 keeps its tracker scope, not team 420 (boundary)', ['team[42].pm.tracker.boards'], ['team[42].pm.tracker']],
    ['team 420 written keeps team 420 only', ['team[420].pm.tracker.boards'], ['team[420].pm.tracker']],
    ['a Git scope', ['team[42].git.repositories'], ['team[42].git']],
    ['one default section', ['git.defaults.draft_pull_requests'], ['git.defaults.draft_pull_requests']],
    [
      'a monitoring state keeps that state and the patterns that may decide it',
      ['repo["acme/docs"].monitored'],
      ['git.monitoring', 'repo {"name":"acme/docs"} monitored'],
    ],
    ['a repository setting keeps its settings, not its monitored state', ['repo["acme/web"].settings.default_branch'], ['repo {"name":"acme/web"} settings']],
  ])('%s', (_name, addresses, expected) => {
    expect(kept(narrowToWritten(config, addresses))).toEqual(expected);
  });
});

const TEAMS = `version: 1
integrations:
  tracker: { id: 10 }
teams:
  Engineering:
    id: 40
    initials: ENG
  Payments:
    parent: Engineering
    initials: PAY
    color: "#3B48B3"
    members: [ana@acme.io, 512]
    pm:
      tracker:
        boards: ["101"]
    git:
      repositories: ["payments/*"]
  42:
    name: Platform
    initials: PLT
`;

/** Each team the narrowed config keeps, with the parts it manages. */
function teamParts(narrowed: DesiredConfig): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const t of narrowed.teams) {
    const key = 'id' in t.key ? String(t.key.id) : t.key.name;
    const parts: string[] = [];
    for (const p of ['name', 'parent', 'initials', 'color', 'members', 'git'] as const) if (t[p] !== undefined) parts.push(p);
    if (t.pm.length > 0) parts.push('pm');
    out[key] = parts;
  }
  return out;
}

describe("a team's parts", () => {
  let teams: DesiredConfig;
  beforeAll(async () => {
    teams = await loadConfigOrThrow(await writeConfig(TEAMS), CONFIG_CHECKS);
  });

  it.each<[string, string[], Record<string, string[]>]>([
    // A name key is its own name: kept whatever is narrowed away.
    ['its PM scope: neither its properties nor its members', ['team["Payments"].pm.tracker.boards'], { Payments: ['name', 'pm'] }],
    ['the team itself (its creation): its properties, not its members', ['team["Payments"]'], { Payments: ['name', 'parent', 'initials', 'color'] }],
    ['one property: every property', ['team["Payments"].initials'], { Payments: ['name', 'parent', 'initials', 'color'] }],
    ['a member removed: the member set only', ['team["Payments"].members["cy@acme.io"]'], { Payments: ['name', 'members'] }],
    ['its Git scope', ['team["Payments"].git.repositories'], { Payments: ['name', 'git'] }],
    ['an id key renamed: its name and properties', ['team[42].name'], { 42: ['name', 'initials'] }],
    ['an id key with nothing of its properties written: not its name', ['team[42].members'], {}],
    ['a team no address reaches is left out', ['team["Pay"]'], {}],
  ])('%s', (_name, addresses, expected) => {
    expect(teamParts(narrowToWritten(teams, addresses))).toEqual(expected);
  });

  it('under exact team ownership every team stays, as its key at least (a team left out would be one to delete)', () => {
    const exact: DesiredConfig = { ...teams, ownership: { teams: 'exact' } };
    expect(teamParts(narrowToWritten(exact, ['team["Payments"].pm.tracker.boards']))).toEqual({ Engineering: ['name'], Payments: ['name', 'pm'], 42: [] });
    expect(teamParts(narrowToWritten(exact, []))).toEqual({ Engineering: ['name'], Payments: ['name'], 42: [] });
    // The pin says which team a key is: it stays.
    expect(narrowToWritten(exact, []).teams.map((t) => t.id)).toEqual([42, 40, undefined]);
  });

  it("a caller's own narrowing decides each part: everything, or nothing", () => {
    const all: Narrowing = { keeps: () => true, keepsTeamProperties: () => true, keepsTeamMembers: () => true, monitoring: true, rules: true };
    expect(narrowDesired(teams, all).desired.teams).toEqual(teams.teams);
    const none: Narrowing = { keeps: () => false, keepsTeamProperties: () => false, keepsTeamMembers: () => false, monitoring: false, rules: false };
    expect(narrowDesired(teams, none).desired.teams).toEqual([]);
  });
});

describe('a repository the apply wrote under the other spelling', () => {
  const repos: RepositoryNames = {
    byId: new Map([[5, { name: 'acme/web' }], [6, { name: 'acme/docs' }]]),
    byName: new Map([['acme/web', [{ id: 5 }]], ['acme/docs', [{ id: 6 }]]]),
  };

  it('is reached by id when the config writes it by name, only when the repositories are known', () => {
    expect(kept(narrowToWritten(config, ['repo[5].settings.default_branch'], repos))).toEqual(['repo {"name":"acme/web"} settings']);
    expect(kept(narrowToWritten(config, ['repo[5].settings.default_branch']))).toEqual([]);
    // Its monitoring state is another object: written by id, it keeps the patterns too.
    expect(kept(narrowToWritten(config, ['repo[6].monitored'], repos))).toEqual(['git.monitoring', 'repo {"name":"acme/docs"} monitored']);
  });

  it('leaves out a literal override set the narrowing does not keep, and says so (it still wins over the rules)', () => {
    const narrowed = narrowDesired(config, writtenObjects(['repo["acme/docs"].monitored']));
    expect(narrowed.literal).toEqual([{ name: 'acme/web' }]);
  });
});
