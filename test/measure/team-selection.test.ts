// The team resolver measurements and goals share (src/measure/team-selection.ts): names and `all`
// by the service's team list, pure table cases; then every request of a run resolved by one read.

import { describe, expect, it } from 'vitest';
import type { ListedTeam } from '../../src/contract/list-types.js';
import { resolveRequestTeams, resolveTeamSelection, type TeamSelection } from '../../src/measure/team-selection.js';

const team = (id: number, name: string, parent: number | null = 50): ListedTeam => ({ id, name, parent_id: parent, contributors: [] });
const LISTED = [team(42, 'Payments'), team(43, 'Checkout', 42), team(44, 'Data'), team(45, 'Data'), team(50, 'All Teams', null), team(51, 'All Contributors', null)];
const pick = (s: Partial<TeamSelection>): TeamSelection => ({ ids: [], names: [], all: false, ...s });

describe('resolveTeamSelection', () => {
  it.each<[string, TeamSelection, readonly ListedTeam[] | undefined, { ids: number[]; problems: string[] }]>([
    ['names, after the ids', pick({ ids: [7], names: ['Checkout', 'Payments'] }), LISTED, { ids: [7, 43, 42], problems: [] }],
    ['`all`: every listed team but the service\'s own two, each once', pick({ ids: [43], all: true }), LISTED, { ids: [43, 42, 44, 45], problems: [] }],
    ['All Contributors named on purpose', pick({ names: ['All Contributors'] }), LISTED, { ids: [51], problems: [] }],
    ['a name two teams have', pick({ names: ['Data'] }), LISTED, { ids: [], problems: ['team name `Data` is the name of 2 teams in the service (44, 45): name the team by id, or give it a `name:` in the config'] }],
    ['an unknown name, with the closest', pick({ names: ['checkout'] }), LISTED, { ids: [], problems: ["no team named `checkout` in the config or the service's team list; did you mean `Checkout`?"] }],
    ['an id the config does not write and the list does not hold', pick({ ids: [42, 999999], unknownIds: [42, 999999] }), LISTED, { ids: [42, 999999], problems: ["no team with id 999999 in the config or the service's team list (`emctl export` writes every team the service lists, keyed by its id)"] }],
    [
      'no list (an older service)',
      pick({ ids: [42], names: ['Payments'], all: true }),
      undefined,
      {
        ids: [42],
        problems: [
          'team `Payments` is not a name the config gives a team, and this service lists no teams to find it in: name it by id, or give it a `name:` in the config',
          '`all` means every team the service lists, and this service lists no teams: name the teams by id, or use `managed` (every team the config writes)',
        ],
      },
    ],
  ])('%s', (_name, selection, listed, expected) => {
    expect(resolveTeamSelection(selection, listed)).toEqual(expected);
  });

  it('offers the config names as did-you-mean too', () => {
    expect(resolveTeamSelection(pick({ names: ['Growht'] }), LISTED, { configNames: ['Growth'] }).problems).toEqual([
      "no team named `Growht` in the config or the service's team list; did you mean `Growth`?",
    ]);
  });

  it('a filter takes at most 50 teams, a grouping any number', () => {
    const many = Array.from({ length: 60 }, (_, i) => team(100 + i, `T${i}`));
    expect(resolveTeamSelection(pick({ all: true }), many).ids).toHaveLength(60);
    expect(resolveTeamSelection(pick({ all: true }), many, { filter: true }).problems).toEqual([
      "60 teams: a filter takes at most 50 (the API's limit); only the ids of the group-by dimension are split into several calls, since percentiles cannot be merged across calls",
    ]);
  });
});

describe('resolveRequestTeams', () => {
  it('reads the list once, only when a request needs it, and reports every problem of every request at once', async () => {
    let reads = 0;
    const teams = async () => {
      reads += 1;
      return LISTED;
    };
    expect(await resolveRequestTeams([{ label: '', selection: pick({ ids: [1] }), filter: false }], teams)).toEqual([[1]]);
    expect(reads).toBe(0);
    const requests = [
      { label: 'report `a`: ', selection: pick({ names: ['Payments'] }), filter: true },
      { label: 'report `b`: ', selection: pick({ all: true }), filter: false },
    ];
    expect(await resolveRequestTeams(requests, teams)).toEqual([[42], [42, 43, 44, 45]]);
    expect(reads).toBe(1);
    const bad = [
      { label: 'report `a`: ', selection: pick({ names: ['Nope'] }), filter: true },
      { label: 'report `b`: ', selection: pick({ names: ['Data'] }), filter: true },
    ];
    await expect(resolveRequestTeams(bad, teams)).rejects.toMatchObject({
      message: '2 teams could not be resolved',
      details: [expect.stringMatching(/^report `a`: no team named `Nope`/), expect.stringMatching(/^report `b`: team name `Data` is the name of 2 teams/)],
    });
  });
});
