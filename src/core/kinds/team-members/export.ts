// How a team's member set is written back as config (DESIGN.md section 14): `members`, each by
// email when exactly one contributor has that email (case aside), else by contributor id; emails
// first, then ids. The emails come from the team list and, when it was read, the user list.

import { emailBook, isServiceTeam, type EmailBook, type ListedTeam } from '../../../contract/list-types.js';
import type { ExportedConfig } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';
import { sortEntries } from '../shared/export-names.js';

/** The members of each listed team (the service's own two aside) as written, by team id. */
export function memberLists(teams: readonly ListedTeam[], emails: EmailBook): Map<number, (string | number)[]> {
  const emailHolders = new Map<string, number>();
  for (const email of emails.values()) emailHolders.set(email.toLowerCase(), (emailHolders.get(email.toLowerCase()) ?? 0) + 1);
  const member = (id: number): string | number => {
    const email = emails.get(id);
    return email !== undefined && emailHolders.get(email.toLowerCase()) === 1 ? email : id;
  };
  const out = new Map<number, (string | number)[]>();
  for (const t of teams) {
    if (!isServiceTeam(t)) out.set(t.id, sortEntries([...new Set(t.contributors.map((c) => c.id))].map(member)));
  }
  return out;
}

/** Each exported team's members, where the service lists teams (an older service shows none). */
export function exportMembers(org: OrganizationRead, doc: ExportedConfig): void {
  if (!org.teamList.listed) return;
  const members = memberLists(org.teamList.items, emailBook(org.teamList.items, org.users));
  for (const team of doc.teams) {
    const list = members.get(team.id);
    if (list !== undefined) team.members = list;
  }
}
