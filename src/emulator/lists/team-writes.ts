// The service's team writes (api-notes.md, "Managing teams"; DESIGN.md section 14): create (a list
// at once, parents named by name, possibly one created earlier in the same list), update (name,
// parent, initials, colour), delete, and a team's member set. A refused write changes nothing: every
// check runs before the first change. Choices the docs do not show are listed in
// docs/assumptions.md (the create answer, a deleted team's children and scopes).

import { SERVICE_TEAM_NAMES } from '../../contract/list-types.js';
import { TEAM_DEFAULT_COLOR, teamColorProblem, teamInitialsProblem, teamNameKey, teamNameProblem } from '../../contract/team-rules.js';
import { Issues } from '../route/params.js';
import { refused } from '../route/reply.js';
import type { Journal } from '../state/journal.js';
import { membersOf } from '../state/members.js';
import type { EmulatorState, TeamRec } from '../state/state.js';
import type { People, Person } from './people.js';

const INVALID = 422;

/** A team as the create route takes it (already shaped: strings where strings belong). */
export interface TeamCreate {
  name: string;
  /** The parent's name; absent or null: at the top. */
  parent_team?: string | null;
  initials?: string | null;
  color?: string;
}

/** What an update changes; a key left out is left alone. */
export interface TeamUpdate {
  name?: string;
  parent_team?: string | null;
  initials?: string | null;
  color?: string;
}

function isServiceTeam(state: EmulatorState, id: number): boolean {
  return id === state.serviceTeams.allTeams || id === state.serviceTeams.allContributors;
}

/** One of the organization's teams; 404 for an unknown id, 422 for the service's own two. */
export function ownTeam(state: EmulatorState, id: number): TeamRec {
  const team = state.teams.get(id);
  if (team !== undefined) return team;
  if (isServiceTeam(state, id)) throw refused(INVALID, `team ${id} is kept by the service and cannot be changed`);
  throw refused(404, `team ${id} not found`);
}

/** Lower-cased name -> team id, the service's own two included. */
function namesIndex(state: EmulatorState): Map<string, number> {
  const names = new Map<string, number>();
  for (const t of state.teams.values()) names.set(teamNameKey(t.name), t.id);
  names.set(teamNameKey(SERVICE_TEAM_NAMES.allTeams), state.serviceTeams.allTeams);
  names.set(teamNameKey(SERVICE_TEAM_NAMES.allContributors), state.serviceTeams.allContributors);
  return names;
}

/** Adds a problem for each property of `t` the service refuses (name, initials, colour). */
export function checkProperties(issues: Issues, loc: (string | number)[], t: TeamUpdate): void {
  if (t.name !== undefined) {
    const problem = teamNameProblem(t.name);
    if (problem) issues.add([...loc, 'name'], 'value_error', problem);
  }
  if (t.initials !== undefined && t.initials !== null) {
    const problem = teamInitialsProblem(t.initials);
    if (problem) issues.add([...loc, 'initials'], 'value_error', problem);
  }
  if (t.color !== undefined) {
    const problem = teamColorProblem(t.color);
    if (problem) issues.add([...loc, 'color'], 'value_error', problem);
  }
}

/** The id a new team gets: above every team there is or was, the service's own two included. */
function nextTeamId(state: EmulatorState): number {
  let top = Math.max(state.serviceTeams.allTeams, state.serviceTeams.allContributors);
  for (const id of state.teams.keys()) if (id > top) top = id;
  for (const id of state.deletedTeams) if (id > top) top = id;
  return top + 1;
}

/**
 * Creates `teams` in order, all or none: 422 for a bad name, initials or colour, 409 for a name
 * taken (by a team or earlier in the list), 404 for a parent no team has (nor one earlier in the list).
 */
export function createTeams(state: EmulatorState, journal: Journal, teams: readonly TeamCreate[]): TeamRec[] {
  const issues = new Issues();
  teams.forEach((t, i) => checkProperties(issues, ['body', i], t));
  issues.throwIfAny(INVALID);
  const names = namesIndex(state);
  const planned = new Map<string, number>();
  let id = nextTeamId(state);
  const created: TeamRec[] = [];
  for (const t of teams) {
    const key = teamNameKey(t.name);
    if (names.has(key) || planned.has(key)) throw refused(409, `a team named "${t.name}" already exists`);
    let parent: number | undefined;
    if (t.parent_team !== undefined && t.parent_team !== null) {
      parent = planned.get(teamNameKey(t.parent_team)) ?? names.get(teamNameKey(t.parent_team));
      if (parent === undefined) throw refused(404, `parent team "${t.parent_team}" not found`);
      // A team under All Teams is a top-level team; under All Contributors it cannot go.
      if (parent === state.serviceTeams.allContributors) throw refused(INVALID, `a team cannot be a child of ${SERVICE_TEAM_NAMES.allContributors}`);
      if (parent === state.serviceTeams.allTeams) parent = undefined;
    }
    planned.set(key, id);
    created.push({
      id: id++,
      name: t.name,
      ...(parent !== undefined ? { parent_id: parent } : {}),
      ...(t.initials !== undefined && t.initials !== null ? { initials: t.initials } : {}),
      color: t.color ?? TEAM_DEFAULT_COLOR,
      created_at: journal.now(),
      members: new Set(),
      scopeWriteFails: false,
    });
  }
  for (const team of created) state.teams.set(team.id, team);
  // The state file keeps the service's own ids from now on: reloaded, they must not move onto new teams.
  state.serviceTeams.pinned = true;
  if (created.length > 0) journal.touch();
  return created;
}

/** Whether `candidate` is `team` or one of its descendants (following parents up from the candidate). */
function isWithin(state: EmulatorState, candidate: number, team: number): boolean {
  const seen = new Set<number>();
  for (let at: number | undefined = candidate; at !== undefined && !seen.has(at); at = state.teams.get(at)?.parent_id) {
    if (at === team) return true;
    seen.add(at);
  }
  return false;
}

/** Changes what `update` names, all at once; the same refusals as create, and 422 for a cycle. */
export function updateTeam(state: EmulatorState, journal: Journal, id: number, update: TeamUpdate): TeamRec {
  const team = ownTeam(state, id);
  const issues = new Issues();
  checkProperties(issues, ['body'], update);
  issues.throwIfAny(INVALID);
  const names = namesIndex(state);
  if (update.name !== undefined) {
    const holder = names.get(teamNameKey(update.name));
    if (holder !== undefined && holder !== id) throw refused(409, `a team named "${update.name}" already exists`);
  }
  let parent = team.parent_id;
  if (update.parent_team !== undefined) {
    if (update.parent_team === null) parent = undefined;
    else {
      const found = names.get(teamNameKey(update.parent_team));
      if (found === undefined) throw refused(404, `parent team "${update.parent_team}" not found`);
      if (found === state.serviceTeams.allContributors) throw refused(INVALID, `a team cannot be a child of ${SERVICE_TEAM_NAMES.allContributors}`);
      parent = found === state.serviceTeams.allTeams ? undefined : found;
      if (parent !== undefined && isWithin(state, parent, id)) throw refused(INVALID, `team "${update.parent_team}" is ${parent === id ? 'this team' : 'under this team'}: the parent would make a cycle`);
    }
  }
  const next: TeamRec = { ...team, name: update.name ?? team.name, color: update.color ?? team.color };
  if (parent === undefined) delete next.parent_id;
  else next.parent_id = parent;
  if (update.initials === null) delete next.initials;
  else if (update.initials !== undefined) next.initials = update.initials;
  state.teams.set(id, next);
  journal.touch();
  return next;
}

/**
 * Deletes a team with its PM and Git scopes and its member set; its child teams move up to its
 * parent (nothing else is deleted with it).
 */
export function deleteTeam(state: EmulatorState, journal: Journal, id: number): void {
  const team = ownTeam(state, id);
  for (const child of state.teams.values()) {
    if (child.parent_id !== id) continue;
    if (team.parent_id === undefined) delete child.parent_id;
    else child.parent_id = team.parent_id;
  }
  state.teams.delete(id);
  state.deletedTeams.add(id);
  if (state.pmScopes.delete(id)) state.scopeVersion++;
  state.gitScopes.delete(id);
  journal.touch();
}

/** A member as a request names it: a contributor id, or an email (case-insensitive). */
export type MemberRef = number | string;

function findPerson(people: People, ref: MemberRef): Person | undefined {
  return typeof ref === 'number' ? people.byId.get(ref) : people.byEmail.get(ref.toLowerCase());
}

/** The contributor `ref` names, or a problem at `loc` when none has that id or email. */
export function resolveMember(issues: Issues, loc: (string | number)[], people: People, ref: MemberRef): number | undefined {
  const person = findPerson(people, ref);
  if (person === undefined) issues.add(loc, 'value_error', typeof ref === 'number' ? `no contributor has id ${ref}` : `no contributor has the email "${ref}"`);
  return person?.id;
}

/** The team's members now, as a set the write may change. */
function memberSet(state: EmulatorState, people: People, team: TeamRec): Set<number> {
  return new Set(membersOf(state, team.id, people.byTeam));
}

/** replace: the members become `ids`; add: `ids` join them. */
export function writeMembers(state: EmulatorState, journal: Journal, people: People, id: number, ids: readonly number[], mode: 'replace' | 'add'): void {
  const team = ownTeam(state, id);
  const members = mode === 'replace' ? new Set<number>() : memberSet(state, people, team);
  for (const member of ids) members.add(member);
  state.teams.set(id, { ...team, members });
  journal.touch();
}

/** Removes one member, named by id or email; 404 when the team does not have them. */
export function removeMember(state: EmulatorState, journal: Journal, people: People, id: number, ref: MemberRef): void {
  const team = ownTeam(state, id);
  const person = findPerson(people, ref);
  const members = memberSet(state, people, team);
  if (person === undefined || !members.has(person.id)) throw refused(404, `${typeof ref === 'number' ? `contributor ${ref}` : `"${ref}"`} is not a member of team ${id}`);
  members.delete(person.id);
  state.teams.set(id, { ...team, members });
  journal.touch();
}
