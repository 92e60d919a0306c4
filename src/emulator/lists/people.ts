// The service's contributors as its lists show them (DESIGN.md section 13): the activity's
// contributors, each with the email and provider id the lists carry (the fixture's, else derived
// from the name: docs/assumptions.md), indexed once, when the emulator loads. They never change
// afterwards, like the activity they come from; who is on which team can (state/members.ts), and
// `byTeam` is only where that starts.

import type { ActivityContributor } from '../metrics/types.js';
import type { MemberDefaults } from '../state/members.js';

export interface Person {
  id: number;
  name: string;
  email: string;
  provider_id: string;
  /** Merged into another contributor: left out of team lists with nonmerged_members_only. */
  merged: boolean;
}

export interface People {
  /** Every contributor, by id. */
  all: readonly Person[];
  byId: ReadonlyMap<number, Person>;
  /** Lower-cased email -> the contributor (emails compare case-insensitively). */
  byEmail: ReadonlyMap<string, Person>;
  /** team id -> the ids of the contributors whose team_ids name it, by id: the members before any write. */
  byTeam: MemberDefaults;
}

/** `Acme Corp` -> `acme-corp`; `Zoë 2` -> `zo-2`; empty when nothing is left. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function peopleOf(contributors: readonly ActivityContributor[], organization: string): People {
  const domain = `${slug(organization) || 'organization'}.example`;
  const taken = new Set(contributors.flatMap((c) => (c.email === undefined ? [] : [c.email.toLowerCase()])));
  const all: Person[] = [...contributors]
    .sort((a, b) => a.id - b.id)
    .map((c) => {
      let email = c.email;
      if (email === undefined) {
        // Two contributors of one name get two addresses: the id tells them apart.
        const local = slug(c.name) || 'contributor';
        email = taken.has(`${local}@${domain}`) ? `${local}-${c.id}@${domain}` : `${local}@${domain}`;
        taken.add(email);
      }
      return { id: c.id, name: c.name, email, provider_id: c.provider_id ?? `user-${c.id}`, merged: c.merged_into !== undefined };
    });
  const byTeam = new Map<number, number[]>();
  for (const c of [...contributors].sort((a, b) => a.id - b.id)) {
    for (const team of new Set(c.team_ids ?? [])) {
      const members = byTeam.get(team);
      if (members) members.push(c.id);
      else byTeam.set(team, [c.id]);
    }
  }
  const byEmail = new Map<string, Person>();
  for (const person of all) if (!byEmail.has(person.email.toLowerCase())) byEmail.set(person.email.toLowerCase(), person);
  return { all, byId: new Map(all.map((p) => [p.id, p])), byEmail, byTeam };
}
