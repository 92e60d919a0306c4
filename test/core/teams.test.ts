// The two team kinds in the pure core (core/kinds/team/, team-members/): a config written as
// its YAML document and a team list as the service answers it give a plan read as lines (changes,
// then the calls by stage with what they wait for, then the predicted refusals).

import { describe, expect, test } from 'vitest';
import { modelOf } from '../../src/config/build-model.js';
import type { PlainMap } from '../../src/config/yaml/source.js';
import type { ListedTeam, ListedUser } from '../../src/contract/list-types.js';
import { buildPlan } from '../../src/core/plan.js';
import { withCreatedTeamIds } from '../../src/core/kinds/shared/new-team-ids.js';
import { liveState } from './builders.js';
import { planLines } from './plan-text.js';

const ALL_TEAMS = 900;
const ALL_CONTRIBUTORS = 901;

/** `[id, name, parent id or null, member ids]`; the service's own two teams are added. */
type TeamRow = [number, string, number | null, number[]?];

function teamList(rows: TeamRow[]): ListedTeam[] {
  const person = (id: number) => ({ id, name: `p${id}`, email: `p${id}@acme.io`, provider_id: `u${id}` });
  const everyone = [...new Set(rows.flatMap((r) => r[3] ?? []).concat(PEOPLE))].sort((a, b) => a - b);
  return [
    ...rows.map(([id, name, parent, members]): ListedTeam => ({ id, name, parent_id: parent ?? ALL_TEAMS, initials: null, color: '#348B83', contributors: (members ?? []).map(person) })),
    { id: ALL_TEAMS, name: 'All Teams', parent_id: null, contributors: [] },
    { id: ALL_CONTRIBUTORS, name: 'All Contributors', parent_id: null, contributors: everyone.map(person) },
  ];
}

const PEOPLE = [501, 502, 503, 504];
const USERS: ListedUser[] = PEOPLE.map((id) => ({ id, name: `p${id}`, email: `p${id}@acme.io`, provider_id: `u${id}`, team_ids: [] }));

function plan(doc: PlainMap, rows: TeamRow[], options: { targets?: string[] } = {}) {
  const config = modelOf({ version: 1, ...doc }, ['emctl.yaml']);
  const live = { ...liveState(), teamList: teamList(rows), users: USERS };
  return buildPlan(config, live, options);
}

const ORG: TeamRow[] = [
  [40, 'Engineering', null],
  [42, 'Payments', 40, [501, 502]],
  [43, 'Checkout', 42, [503]],
  [44, 'Platform', null],
];

describe('team kinds: plans as lines', () => {
  test.each<[string, PlainMap, TeamRow[], string[]]>([
    [
      'new teams: created parents first, one call per depth level; the parent named by its name',
      { teams: { Growth: { parent: 'Engineering' }, 'Growth Web': { parent: 'Growth', initials: 'GW' }, 'Growth Web UI': { parent: 'Growth Web' }, Data: {} } },
      ORG,
      [
        '+ team["Growth"]',
        '+ team["Growth Web"]',
        '+ team["Growth Web UI"]',
        '+ team["Data"]',
        'stage 1 POST /api/v2/teams [{"name":"Growth","parent_team":"Engineering"},{"name":"Data"}]',
        'stage 2 POST /api/v2/teams [{"name":"Growth Web","parent_team":"Growth","initials":"GW"}] after teams.create.1',
        'stage 3 POST /api/v2/teams [{"name":"Growth Web UI","parent_team":"Growth Web"}] after teams.create.2',
      ],
    ],
    [
      'a swap of parent and child: the child moves out first, so no moment holds a cycle; a rename rides in the same PATCH',
      { teams: { Payments: { parent: null }, Engineering: { parent: 'Payments', initials: 'ENG' }, 44: { name: 'Core Platform' } } },
      ORG,
      [
        '+ team["Engineering"].initials',
        '~ team["Engineering"].parent',
        '~ team["Payments"].parent',
        '~ team[44].name',
        'stage 1 PATCH /api/v2/teams/44 {"name":"Core Platform"}',
        'stage 2 PATCH /api/v2/teams/42 {"parent_team":null} after team.44',
        'stage 3 PATCH /api/v2/teams/40 {"initials":"ENG","parent_team":"Payments"} after team.42',
      ],
    ],
    [
      'a move under a renamed team names it by its new name; a move under a new team waits for its creation',
      { teams: { 40: { name: 'Eng' }, Checkout: { parent: 'Engineering' }, Platform: { parent: 'Infra' }, Infra: {} } },
      ORG,
      [
        '~ team[40].name',
        '~ team["Checkout"].parent',
        '~ team["Platform"].parent',
        '+ team["Infra"]',
        'stage 1 POST /api/v2/teams [{"name":"Infra"}]',
        'stage 2 PATCH /api/v2/teams/40 {"name":"Eng"} after teams.create.1',
        'stage 3 PATCH /api/v2/teams/43 {"parent_team":"Eng"} after team.40',
        'stage 4 PATCH /api/v2/teams/44 {"parent_team":"Infra"} after team.43',
      ],
    ],
    [
      'members: the adds of a team in one call, each removal its own call and line; a new team gets its members after its creation',
      { teams: { Payments: { members: ['p502@acme.io', 503, 'P504@ACME.IO'] }, Ops: { members: [501] } } },
      ORG,
      [
        '+ team["Payments"].members',
        '- team["Payments"].members["p501@acme.io"]',
        '+ team["Ops"]',
        '+ team["Ops"].members',
        'stage 1 POST /api/v2/teams [{"name":"Ops"}]',
        'stage 2 PATCH /api/v2/teams/42/members [503,504]',
        'stage 2 DELETE /api/v2/teams/42/members/501',
        'stage 2 PATCH /api/v2/teams/-1/members [501] after teams.create.1',
      ],
    ],
    [
      'exact ownership: what the file does not write is deleted, children first, after every other call; never the service\'s own teams',
      { ownership: { teams: 'exact' }, teams: { Engineering: { initials: 'E' } } },
      [...ORG, [45, 'Checkout EU', 43]],
      [
        '+ team["Engineering"].initials',
        '- team["Payments"]',
        '- team["Checkout"]',
        '- team["Platform"]',
        '- team["Checkout EU"]',
        'stage 1 PATCH /api/v2/teams/40 {"initials":"E"}',
        'stage 2 DELETE /api/v2/teams/45 after team.40',
        'stage 3 DELETE /api/v2/teams/43 after team.45.delete',
        'stage 4 DELETE /api/v2/teams/42 after team.43.delete',
        'stage 5 DELETE /api/v2/teams/44 after team.40',
      ],
    ],
    [
      'predicted refusals: an unknown parent, a cycle with the service\'s teams, a pinned id it does not list, an unknown member',
      { teams: { Engineering: { parent: 'Checkout' }, Growth: { parent: 'Paymants' }, Ghost: { id: 4242, initials: 'G' }, Platform: { members: [999, 'nobody@acme.io'] } } },
      ORG,
      [
        'error: unknown parent team "Paymants": neither this config nor the service has a team of that name; did you mean "Payments"? @ team["Growth"].parent',
        'error: team 4242 does not exist: the service does not list it @ team["Ghost"]',
        'error: the parents make a cycle: Engineering → Checkout → Payments → Engineering (the service refuses it) @ team["Engineering"].parent',
        'error: unknown member 999 of team["Platform"]: no contributor has that id @ team["Platform"].members',
        'error: unknown member "nobody@acme.io" of team["Platform"]: no contributor has that email @ team["Platform"].members',
      ],
    ],
    [
      'a name key matches the listed team whatever the case (a rename to the key\'s spelling); in sync otherwise',
      { teams: { payments: { parent: 'engineering' }, Platform: {} } },
      ORG,
      ['~ team["payments"].name', 'stage 1 PATCH /api/v2/teams/42 {"name":"payments"}'],
    ],
  ])('%s', (_, doc, rows, want) => {
    expect(planLines(plan(doc, rows))).toEqual(want);
  });

  test('exact ownership refuses --target and --exclude: a narrowed run must not delete what it did not read', () => {
    const p = plan({ ownership: { teams: 'exact' }, teams: { Engineering: {} } }, ORG, { targets: ['team["Engineering"]'] });
    expect(p.errors.map((e) => e.message)).toContain(
      'ownership: { teams: exact } deletes every team the file does not write: a run narrowed by --target or --exclude must not delete what it did not read; plan without them',
    );
  });

  test('the deletion rail: 10% and 5 teams by default, the plan shows it', () => {
    const many: TeamRow[] = Array.from({ length: 30 }, (_, i) => [100 + i, `Team ${i}`, null]);
    const p = plan({ ownership: { teams: 'exact' }, teams: Object.fromEntries(many.slice(0, 26).map(([, name]) => [name, {}])) }, many);
    expect(p.safety_refusals?.map((r) => r.message)).toEqual(["would delete 13.33% (4/30) of the organization's teams; the limit is 10%"]);
    const six = plan({ ownership: { teams: 'exact' }, teams: Object.fromEntries(many.slice(0, 24).map(([, name]) => [name, {}])) }, many);
    expect(six.safety_refusals?.map((r) => r.message)).toEqual(["would delete 20% (6/30) of the organization's teams; the limit is 10%", 'would delete 6 teams; the limit is 5']);
  });

  test('a protected team is not deleted without --force: the plan names the rail', () => {
    const p = plan({ ownership: { teams: 'exact' }, safety: { protected: ['team["Checkout"]'] }, teams: { Engineering: {}, Payments: {}, Platform: {} } }, ORG);
    expect(p.safety_refusals?.map((r) => r.message)).toEqual(['team["Checkout"] is protected (protected: team["Checkout"])']);
  });

  test('apply puts the created ids in place of the placeholders: path, body team_id, item keys', () => {
    const op = { path: '/api/v1/pm/config/teams/scope', body: { teams: [{ team_id: -2, items: [] }, { team_id: 42, items: [] }] }, items: [{ key: '-2/10', address: 'a' }] };
    expect(withCreatedTeamIds(op, new Map([[-2, 57]]))).toEqual({ ...op, body: { teams: [{ team_id: 57, items: [] }, { team_id: 42, items: [] }] }, items: [{ key: '57/10', address: 'a' }] });
    expect(withCreatedTeamIds({ path: '/api/v2/teams/-1/members', body: [501] }, new Map([[-1, 58]]))).toEqual({ path: '/api/v2/teams/58/members', body: [501] });
  });
});

describe('team kinds: what the service would refuse', () => {
  test('a name another team holds, or gives up in the same plan', () => {
    const p = plan({ teams: { Checkout: { id: 44 }, 42: { name: 'Engineering' }, Eng: { id: 40 } } }, ORG);
    expect(p.errors.map((e) => e.message)).toEqual([
      'team[42] cannot be named "Engineering": team 40 ("Engineering") gives that name up in this same plan, and the service refuses a taken name whatever the order: rename it in one apply and take the name in the next',
      'team["Checkout"] cannot be named "Checkout": team 43 already has that name (names compare case-insensitively)',
    ]);
  });

  test("a new team's scope kept by --target without the team: refused before any call", () => {
    const p = plan({ teams: { Ops: { members: [501] } } }, ORG, { targets: ['team["Ops"].members'] });
    expect(p.errors.map((e) => e.message)).toEqual([
      'team["Ops"].members belongs to a team this plan would create, and its creation is not in the plan: target the team itself (its address without the key)',
    ]);
  });
});
