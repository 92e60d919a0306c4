// The team list of `GET /api/v2/teams` (DESIGN.md section 13): the organization's teams and the two
// the service keeps itself, `All Teams` (the parent of every top-level team, holding every
// contributor who is on a team) and `All Contributors` (every contributor), in id order; filtered
// by a case-insensitive substring of the name, then cut to the page asked for. Contributors are
// listed for the teams of the page only. The v1 routes (team-routes.ts) list the same records.

import { SERVICE_TEAM_NAMES, type ListedContributor, type ListedTeam, type TeamListResponse } from '../../contract/list-types.js';
import { TEAM_DEFAULT_COLOR } from '../../contract/team-rules.js';
import { membersOf, onAnyTeam } from '../state/members.js';
import type { EmulatorState } from '../state/state.js';
import type { People, Person } from './people.js';

/** A team of the list: one of the organization's, or one of the service's own two. */
export interface TeamEntry {
  id: number;
  name: string;
  parent_id: number | null;
  initials: string | null;
  color: string;
  created_at: string;
  members(): readonly Person[];
}

export interface TeamListQuery {
  offset: number;
  pageSize: number;
  searchTerm: string | undefined;
  nonmergedOnly: boolean;
}

/** The contributors of `ids` that the activity knows, by id. */
function people(all: People, ids: Iterable<number>): Person[] {
  const found: Person[] = [];
  for (const id of new Set(ids)) {
    const person = all.byId.get(id);
    if (person !== undefined) found.push(person);
  }
  return found.sort((a, b) => a.id - b.id);
}

/** The team `id` as the lists show it, or undefined when no such team exists. */
export function teamEntry(state: EmulatorState, all: People, id: number): TeamEntry | undefined {
  const { allTeams, allContributors } = state.serviceTeams;
  const service = { parent_id: null, initials: null, color: TEAM_DEFAULT_COLOR, created_at: '' };
  if (id === allTeams) return { id, name: SERVICE_TEAM_NAMES.allTeams, ...service, members: () => people(all, onAnyTeam(state, all.byTeam)) };
  if (id === allContributors) return { id, name: SERVICE_TEAM_NAMES.allContributors, ...service, members: () => all.all };
  const t = state.teams.get(id);
  if (t === undefined) return undefined;
  return {
    id: t.id,
    name: t.name,
    parent_id: t.parent_id ?? allTeams,
    initials: t.initials ?? null,
    color: t.color,
    created_at: t.created_at,
    members: () => people(all, membersOf(state, t.id, all.byTeam)),
  };
}

/** Every team, the service's two included, in id order. */
export function teamEntries(state: EmulatorState, all: People): TeamEntry[] {
  const ids = [...state.teams.keys(), state.serviceTeams.allTeams, state.serviceTeams.allContributors].sort((a, b) => a - b);
  return ids.map((id) => teamEntry(state, all, id)!);
}

export function contributorsOf(entry: TeamEntry, nonmergedOnly: boolean): ListedContributor[] {
  const members = nonmergedOnly ? entry.members().filter((p) => !p.merged) : entry.members();
  return members.map((p) => ({ id: p.id, name: p.name, email: p.email, provider_id: p.provider_id }));
}

export function listed(entry: TeamEntry, nonmergedOnly: boolean): ListedTeam {
  return {
    id: entry.id,
    name: entry.name,
    parent_id: entry.parent_id,
    initials: entry.initials,
    color: entry.color,
    contributors: contributorsOf(entry, nonmergedOnly),
  };
}

export function listTeams(state: EmulatorState, all: People, query: TeamListQuery): TeamListResponse {
  const term = query.searchTerm?.toLowerCase();
  const matching = teamEntries(state, all).filter((t) => term === undefined || t.name.toLowerCase().includes(term));
  return {
    total: matching.length,
    items: matching.slice(query.offset, query.offset + query.pageSize).map((t) => listed(t, query.nonmergedOnly)),
  };
}
