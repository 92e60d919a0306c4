// How a team itself is written back as config (DESIGN.md section 14): the key (its name, with an
// `id:` pin), `parent` by name, `initials` and `color`. Pure and linear: every lookup goes through
// an index built once over the team list.
//
// A name is a key only where it names this team alone: it follows the service's name rules
// (3-100 characters, a letter first, so never a number) and no other listed team has it, case
// aside (the service's uniqueness and search ignore case, and so does the config). Otherwise the
// team is keyed by its id and its name left unmanaged (a `name:` there would be a rename, and
// validate would refuse it), with a comment saying why. A parent is named the way its own entry
// is keyed. An older service lists no teams: the id is the key and the name (from the scope read)
// a comment, since a `name:` beside an id is a rename.

import { isServiceTeam, type ListedTeam } from '../../../contract/list-types.js';
import { teamNameKey, teamNameProblem } from '../../../contract/team-rules.js';
import type { ExportedConfig, ExportedTeamProperties } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';

export interface TeamEntry extends ExportedTeamProperties {
  /** The entry's key: the team's name, or its id where the name cannot be one. */
  key: string | number;
  /** Why the entry is keyed by id: a YAML comment above it. */
  note?: string;
}

/** How each listed team (the service's own two aside) is written, by team id. */
export function teamEntries(teams: readonly ListedTeam[]): Map<number, TeamEntry> {
  const holders = new Map<string, number[]>();
  for (const t of teams) {
    const key = teamNameKey(t.name);
    const ids = holders.get(key);
    if (ids) ids.push(t.id);
    else holders.set(key, [t.id]);
  }

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

  const out = new Map<number, TeamEntry>();
  for (const t of teams) {
    const key = keys.get(t.id);
    if (key === undefined) continue;
    const entry: TeamEntry = { ...key, parent: parentOf(t) };
    if (typeof t.initials === 'string' && t.initials !== '') entry.initials = t.initials;
    if (typeof t.color === 'string' && t.color !== '') entry.color = t.color;
    out.set(t.id, entry);
  }
  return out;
}

/** Each exported team's key, its comment and, where the service lists teams, its own properties. */
export function exportTeams(org: OrganizationRead, doc: ExportedConfig): void {
  const entries = org.teamList.listed ? teamEntries(org.teamList.items) : undefined;
  for (const team of doc.teams) {
    const own = entries?.get(team.id);
    if (own !== undefined) {
      const { key, note, ...properties } = own;
      team.key = key;
      if (note !== undefined) team.note = note;
      team.properties = properties;
      continue;
    }
    const name = org.teamPmScopes.get(team.id)?.team_name ?? org.teamGitScopes.get(team.id)?.team_name;
    team.key = team.id;
    if (name) team.note = name;
  }
}
