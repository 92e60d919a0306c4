// A team's own properties as an exported config writes them (DESIGN.md section 14): the key (its
// name, with an `id:` pin), `parent` by name, `initials`, `color` and `members` by email. Pure and
// linear: every lookup goes through an index built once over the team list.
//
// A name is a key only where it names this team alone: it follows the service's name rules
// (3-100 characters, a letter first, so never a number) and no other listed team has it, case
// aside (the service's uniqueness and search ignore case, and so does the config). Otherwise the
// team is keyed by its id and its name left unmanaged (a `name:` there would be a rename, and
// validate would refuse it), with a comment saying why. A parent is named the way its own entry
// is keyed. A member is written by email when exactly one contributor has that email, else by id.

import { isServiceTeam, type ListedContributor, type ListedTeam } from '../contract/list-types.js';
import { teamNameKey, teamNameProblem } from '../contract/team-rules.js';
import { sortEntries } from './monitoring.js';

export interface TeamProperties {
  /** The entry's key: the team's name, or its id where the name cannot be one. */
  key: string | number;
  /** Why the entry is keyed by id: a YAML comment above it. */
  note?: string;
  /** A team name, an id, or null (top level: the parent is the service's All Teams). */
  parent: string | number | null;
  initials?: string;
  color?: string;
  /** Emails, then contributor ids. */
  members: (string | number)[];
}

/** Emails known for contributors, by id: from the team list and, when it was read, the user list. */
export type EmailBook = ReadonlyMap<number, string>;

/** Contributors without an email in the team list: only then is the user list worth a read. */
export function membersWithoutEmail(teams: readonly ListedTeam[]): boolean {
  return teams.some((t) => !isServiceTeam(t) && t.contributors.some((c) => !hasEmail(c)));
}

const hasEmail = (c: Pick<ListedContributor, 'email'>): boolean => typeof c.email === 'string' && c.email.includes('@');

/** Every email the lists show, by contributor id (the team list first, then the user list). */
export function emailBook(teams: readonly ListedTeam[], users: readonly Pick<ListedContributor, 'id' | 'email'>[] = []): Map<number, string> {
  const book = new Map<number, string>();
  for (const c of [...teams.flatMap((t) => t.contributors), ...users]) {
    if (!book.has(c.id) && hasEmail(c)) book.set(c.id, c.email);
  }
  return book;
}

/** How each listed team (the service's own two aside) is written, by team id. */
export function teamProperties(teams: readonly ListedTeam[], emails: EmailBook): Map<number, TeamProperties> {
  const holders = new Map<string, number[]>();
  for (const t of teams) {
    const key = teamNameKey(t.name);
    const ids = holders.get(key);
    if (ids) ids.push(t.id);
    else holders.set(key, [t.id]);
  }
  const emailHolders = new Map<string, number>();
  for (const email of emails.values()) emailHolders.set(email.toLowerCase(), (emailHolders.get(email.toLowerCase()) ?? 0) + 1);
  const member = (id: number): string | number => {
    const email = emails.get(id);
    return email !== undefined && emailHolders.get(email.toLowerCase()) === 1 ? email : id;
  };

  const keys = new Map<number, { key: string | number; note?: string }>();
  for (const t of teams) {
    if (isServiceTeam(t)) continue;
    const problem = teamNameProblem(t.name);
    const others = (holders.get(teamNameKey(t.name)) ?? []).filter((id) => id !== t.id);
    if (problem !== undefined) keys.set(t.id, { key: t.id, note: `${t.name}: keyed by id, its name is left as it is (${problem})` });
    else if (others.length > 0) keys.set(t.id, { key: t.id, note: `${t.name}: keyed by id, its name is left as it is (team ${others.join(', ')} has the same name, case aside)` });
    else keys.set(t.id, { key: t.name });
  }
  const service = new Set(teams.filter(isServiceTeam).map((t) => t.id));
  const parentOf = (t: ListedTeam): string | number | null => {
    if (t.parent_id === null || service.has(t.parent_id)) return null;
    return keys.get(t.parent_id)?.key ?? t.parent_id;
  };

  const out = new Map<number, TeamProperties>();
  for (const t of teams) {
    const key = keys.get(t.id);
    if (key === undefined) continue;
    const props: TeamProperties = { ...key, parent: parentOf(t), members: sortEntries([...new Set(t.contributors.map((c) => c.id))].map(member)) };
    if (typeof t.initials === 'string' && t.initials !== '') props.initials = t.initials;
    if (typeof t.color === 'string' && t.color !== '') props.color = t.color;
    out.set(t.id, props);
  }
  return out;
}
