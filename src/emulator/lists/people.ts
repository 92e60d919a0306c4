// The service's contributors as its lists show them (DESIGN.md section 13): the activity's
// contributors, each with the email and provider id the lists carry (the fixture's, else derived
// from the name: docs/assumptions.md), indexed by team once, when the emulator loads. They never
// change afterwards, like the activity they come from.

import type { ActivityContributor } from '../metrics/types.js';

export interface Person {
  id: number;
  name: string;
  email: string;
  provider_id: string;
  team_ids: number[];
  /** Merged into another contributor: left out of team lists with nonmerged_members_only. */
  merged: boolean;
}

export interface People {
  /** Every contributor, by id. */
  all: readonly Person[];
  /** Contributors in at least one team, by id: the members of `All Teams`. */
  inTeams: readonly Person[];
  /** team id -> its contributors, by id. */
  byTeam: ReadonlyMap<number, readonly Person[]>;
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
      return { id: c.id, name: c.name, email, provider_id: c.provider_id ?? `user-${c.id}`, team_ids: [...(c.team_ids ?? [])], merged: c.merged_into !== undefined };
    });
  const byTeam = new Map<number, Person[]>();
  for (const person of all) {
    for (const team of new Set(person.team_ids)) {
      const members = byTeam.get(team);
      if (members) members.push(person);
      else byTeam.set(team, [person]);
    }
  }
  return { all, inTeams: all.filter((p) => p.team_ids.length > 0), byTeam };
}
