// How export writes a team's own properties and members (the team kind's and the member set
// kind's export facets: src/core/kinds/team/export.ts, src/core/kinds/team-members/export.ts),
// table by table: which key a team gets, how its parent and members are named, and when the user
// list is worth a read.

import { describe, expect, it } from 'vitest';
import type { ListedContributor, ListedTeam } from '../../src/contract/list-types.js';
import { teamEntries } from '../../src/core/kinds/team/export.js';
import { emailBook, membersWithoutEmail, type EmailBook } from '../../src/contract/list-types.js';
import { memberLists } from '../../src/core/kinds/team-members/export.js';

/** A team's entry as the export writes it: the team kind's key and properties, with the member set kind's members. */
function teamProperties(teams: readonly ListedTeam[], emails: EmailBook) {
  const members = memberLists(teams, emails);
  return new Map([...teamEntries(teams)].map(([id, entry]) => [id, { ...entry, members: members.get(id) }]));
}

const person = (id: number, email = `p${id}@acme.io`): ListedContributor => ({ id, name: `P${id}`, email, provider_id: `u${id}` });
const team = (id: number, name: string, parent: number | null, contributors: ListedContributor[] = [], extra: Partial<ListedTeam> = {}): ListedTeam => ({ id, name, parent_id: parent, contributors, ...extra });

// The service's own two: All Teams (1) is every top-level team's parent.
const SERVICE = [team(1, 'All Teams', null), team(2, 'All Contributors', null)];

describe('keys', () => {
  it.each([
    ['a valid name unique case aside', 'Payments', 'Payments', undefined],
    ['a name of 2 characters', 'QA', 10, 'QA: keyed by id, its name is left as it is (a team name has 3-100 characters (this one has 2))'],
    ['a name starting with a digit', '2024 Plan', 10, '2024 Plan: keyed by id, its name is left as it is (a team name starts with a letter)'],
    ['a name of a service team, case aside', 'all teams', 10, 'all teams: keyed by id, its name is left as it is (team 1 has the same name, case aside)'],
  ])('%s', (_, name, key, note) => {
    const props = teamProperties([...SERVICE, team(10, name, 1)], new Map()).get(10)!;
    expect(props.key).toBe(key);
    expect(props.note).toBe(note);
  });

  it('two teams sharing a name case aside are both keyed by id, each naming the other', () => {
    const props = teamProperties([...SERVICE, team(10, 'Data', 1), team(11, 'DATA', 1), team(12, 'Data Eng', 1)], new Map());
    expect([...props.values()].map((p) => [p.key, p.note])).toEqual([
      [10, 'Data: keyed by id, its name is left as it is (team 11 has the same name, case aside)'],
      [11, 'DATA: keyed by id, its name is left as it is (team 10 has the same name, case aside)'],
      ['Data Eng', undefined],
    ]);
  });

  it('never writes the service\'s own two', () => {
    expect([...teamProperties(SERVICE, new Map()).keys()]).toEqual([]);
  });
});

describe('parents', () => {
  it.each([
    ['at the top (under All Teams)', 1, null],
    ['under a team keyed by name', 20, 'Engineering'],
    ['under a team keyed by id', 21, 21],
    ['under a team the list does not hold', 99, 99],
  ])('%s', (_, parent, written) => {
    const teams = [...SERVICE, team(20, 'Engineering', 1), team(21, 'QA', 1), team(30, 'Payments', parent)];
    expect(teamProperties(teams, new Map()).get(30)!.parent).toBe(written);
  });
});

describe('members', () => {
  it('by email where one contributor alone has it, else by id; emails first, then ids', () => {
    const shared = [person(5, 'ops@acme.io'), person(6, 'OPS@acme.io')];
    const teams = [...SERVICE, team(10, 'Payments', 1, [person(9, 'zed@acme.io'), person(3), ...shared, person(7, ''), person(3)])];
    const props = teamProperties(teams, emailBook(teams)).get(10)!;
    expect(props.members).toEqual(['p3@acme.io', 'zed@acme.io', 5, 6, 7]);
  });

  it('the user list fills in emails the team list does not carry, and is only wanted then', () => {
    const bare = { id: 7, name: 'P7', provider_id: 'u7' } as ListedContributor;
    const teams = [...SERVICE, team(10, 'Payments', 1, [bare, person(3)])];
    expect(membersWithoutEmail(teams)).toBe(true);
    expect(membersWithoutEmail([...SERVICE, team(10, 'Payments', 1, [person(3)])])).toBe(false);
    // The service's own teams are never written: their members do not call for the user list.
    expect(membersWithoutEmail([team(1, 'All Teams', null, [bare])])).toBe(false);
    expect(teamProperties(teams, emailBook(teams)).get(10)!.members).toEqual(['p3@acme.io', 7]);
    expect(teamProperties(teams, emailBook(teams, [{ id: 7, email: 'p7@acme.io' }])).get(10)!.members).toEqual(['p3@acme.io', 'p7@acme.io']);
  });

  it('initials and colour when the service gives them', () => {
    const teams = [...SERVICE, team(10, 'Payments', 1, [], { initials: 'PAY', color: '#abc' }), team(11, 'Checkout', 1, [], { initials: null })];
    const props = teamProperties(teams, new Map());
    expect(props.get(10)).toMatchObject({ initials: 'PAY', color: '#abc' });
    expect(props.get(11)).not.toHaveProperty('initials');
    expect(props.get(11)).not.toHaveProperty('color');
  });
});
