// The service's team list as the plan reads it (DESIGN 13, 14): teams by id and by name (names
// compare case-insensitively, as the service's search and its uniqueness check do), the service's
// own two teams told apart, and which config team is which listed one. Shared by the two team
// kinds (team.ts, team-members.ts) and the state reader, which resolves name keys before it reads
// the scopes of the teams they name.

import type { ListedTeam, ListedUser } from '../../../contract/list-types.js';
import { isServiceTeam, SERVICE_TEAM_NAMES } from '../../../contract/list-types.js';
import { teamNameKey } from '../../../contract/team-rules.js';
import { teamAddress } from './addresses.js';
import type { ConfigPath, DesiredConfig, DesiredTeam } from '../../model.js';

export interface TeamDirectory {
  byId: Map<number, ListedTeam>;
  /** By teamNameKey, the service's own two included. */
  byName: Map<string, ListedTeam>;
  /** `All Teams`: the parent the list gives every top-level team. */
  allTeams?: number;
  allContributors?: number;
  /** The organization's teams: every listed team but the service's own two, in list order. */
  own: ListedTeam[];
}

const directories = new WeakMap<readonly ListedTeam[], TeamDirectory>();

/** One index per list read (the reader and the planner both ask). */
export function teamDirectory(list: readonly ListedTeam[]): TeamDirectory {
  const known = directories.get(list);
  if (known !== undefined) return known;
  const dir: TeamDirectory = { byId: new Map(), byName: new Map(), own: [] };
  for (const team of list) {
    dir.byId.set(team.id, team);
    dir.byName.set(teamNameKey(team.name), team);
    if (isServiceTeam(team)) {
      if (team.name === SERVICE_TEAM_NAMES.allTeams) dir.allTeams = team.id;
      else dir.allContributors = team.id;
    } else dir.own.push(team);
  }
  directories.set(list, dir);
  return dir;
}

/** A listed team's parent as the config writes it: null at the top (the list puts `All Teams` there). */
export function liveParent(dir: TeamDirectory, team: ListedTeam): number | null {
  const parent = team.parent_id ?? null;
  return parent === null || parent === dir.allTeams ? null : parent;
}

/** Whether an id is the placeholder of a team the plan creates (apply replaces it with the id the creation gives). */
export function isNewTeamId(id: number): boolean {
  return id < 0;
}

/** The contributors a plan can name as members: the users list when read, else every contributor the team list shows. */
export interface ContributorIndex {
  byId: Map<number, { id: number; email: string; name: string }>;
  byEmail: Map<string, number>;
  emails: string[];
}

const contributorIndexes = new WeakMap<object, ContributorIndex>();

export function contributorIndex(teams: readonly ListedTeam[], users: readonly ListedUser[] | undefined): ContributorIndex {
  const source: object = users ?? teams;
  const known = contributorIndexes.get(source);
  if (known !== undefined) return known;
  const index: ContributorIndex = { byId: new Map(), byEmail: new Map(), emails: [] };
  const put = (c: { id: number; email: string; name: string }): void => {
    if (index.byId.has(c.id)) return;
    index.byId.set(c.id, c);
    if (c.email !== '') {
      index.byEmail.set(c.email.toLowerCase(), c.id);
      index.emails.push(c.email);
    }
  };
  if (users !== undefined) for (const u of users) put(u);
  else for (const t of teams) for (const c of t.contributors) put(c);
  contributorIndexes.set(source, index);
  return index;
}

export interface TeamProblem {
  message: string;
  path: ConfigPath;
  address: string;
}

/**
 * The config with an id on every team: an id key or pin as written; a name key without a pin
 * gets the id of the team listed under that name, or, when none is, a placeholder below 0 (in the
 * order written) for the team the plan creates. Without a team list (a service that has none),
 * a name key without a pin cannot be known. Two entries that come out as one team are a problem.
 */
export function resolveTeamIds(config: DesiredConfig, dir: TeamDirectory | undefined): { config: DesiredConfig; problems: TeamProblem[] } {
  const problems: TeamProblem[] = [];
  let placeholder = 0;
  const claimed = new Map<number, DesiredTeam>();
  const teams = config.teams.map((team): DesiredTeam => {
    if (team.id !== undefined) {
      note(team, team.id);
      return team;
    }
    const name = 'name' in team.key ? team.key.name : '';
    if (dir === undefined) {
      problems.push({ message: `team "${name}" is named, not pinned to an id, and this service does not list teams: add its id (\`id: 42\`)`, path: team.path, address: teamAddress(team.key) });
      return team;
    }
    const listed = dir.byName.get(teamNameKey(name));
    if (listed !== undefined) {
      note(team, listed.id);
      return { ...team, id: listed.id };
    }
    placeholder -= 1;
    return { ...team, id: placeholder };
  });
  function note(team: DesiredTeam, id: number): void {
    const other = claimed.get(id);
    if (other === undefined) {
      claimed.set(id, team);
      return;
    }
    problems.push({
      message: `${teamAddress(team.key)} and ${teamAddress(other.key)} are the same team (id ${id}): write each team once`,
      path: team.path,
      address: teamAddress(team.key),
    });
  }
  return { config: { ...config, teams }, problems };
}

/**
 * The config's teams that have an id: every team once the plan resolved the name keys
 * (resolveTeamIds); in a config as loaded, the id keys and pinned name keys.
 */
export function identifiedTeams(config: Pick<DesiredConfig, 'teams'>): (DesiredTeam & { id: number })[] {
  return config.teams.filter((t): t is DesiredTeam & { id: number } => t.id !== undefined);
}

/** The config's teams the service has: a team the plan creates has no scope to read (it is empty). */
export function listedTeams(config: Pick<DesiredConfig, 'teams'>): (DesiredTeam & { id: number })[] {
  return identifiedTeams(config).filter((t) => !isNewTeamId(t.id));
}
