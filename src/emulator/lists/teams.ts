// The team list of `GET /api/v2/teams` (DESIGN.md section 13): the fixture's teams and the two the
// service keeps itself, `All Teams` (the parent of every top-level team, holding every contributor
// who is in a team) and `All Contributors` (every contributor), in id order; filtered by a
// case-insensitive substring of the name, then cut to the page asked for. Contributors are
// listed for the teams of the page only.

import { SERVICE_TEAM_NAMES, type ListedTeam, type TeamListResponse } from '../../contract/list-types.js';
import type { EmulatorState } from '../state/state.js';
import type { People, Person } from './people.js';

interface TeamEntry {
  id: number;
  name: string;
  parent_id: number | null;
  members(): readonly Person[];
}

export interface TeamListQuery {
  offset: number;
  pageSize: number;
  searchTerm: string | undefined;
  nonmergedOnly: boolean;
}

function teamEntries(state: EmulatorState, people: People): TeamEntry[] {
  const { allTeams, allContributors } = state.serviceTeams;
  const entries: TeamEntry[] = [...state.teams.values()].map((t) => ({
    id: t.id,
    name: t.name,
    parent_id: t.parent_id ?? allTeams,
    members: () => people.byTeam.get(t.id) ?? [],
  }));
  entries.push({ id: allTeams, name: SERVICE_TEAM_NAMES.allTeams, parent_id: null, members: () => people.inTeams });
  entries.push({ id: allContributors, name: SERVICE_TEAM_NAMES.allContributors, parent_id: null, members: () => people.all });
  return entries.sort((a, b) => a.id - b.id);
}

function listed(entry: TeamEntry, nonmergedOnly: boolean): ListedTeam {
  const members = nonmergedOnly ? entry.members().filter((p) => !p.merged) : entry.members();
  return {
    id: entry.id,
    name: entry.name,
    parent_id: entry.parent_id,
    contributors: members.map((p) => ({ id: p.id, name: p.name, email: p.email, provider_id: p.provider_id })),
  };
}

export function listTeams(state: EmulatorState, people: People, query: TeamListQuery): TeamListResponse {
  const term = query.searchTerm?.toLowerCase();
  const matching = teamEntries(state, people).filter((t) => term === undefined || t.name.toLowerCase().includes(term));
  return {
    total: matching.length,
    items: matching.slice(query.offset, query.offset + query.pageSize).map((t) => listed(t, query.nonmergedOnly)),
  };
}
