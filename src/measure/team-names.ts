// Names next to ids (DESIGN.md §6.1, section 13). Where the service lists its teams, a team's name
// is the config's `name:`, else the list's: one paged read for the whole run (service-directory.ts,
// on its own pacing lane beside the measurement calls), every team named. Contributors are named
// by the service's contributor list the same way. A service that lists no teams (an older one) is
// read as before: names from the config first; then from `used_by.teams` of the PM entity lists
// that carry it (boards and projects: one paged read per list names every team that uses one);
// then from the team's own scope read (`team_name`) for at most 50 teams still unnamed, on their
// own route's lane. Past 50, the names stay empty and a notice says how to name them in the
// config. A failed name read costs names, never the answer: it is said in a notice too.

import type { EntityListResponse, EntityType, ListEntitiesParams } from '../contract/types.js';
import type { TeamGitScopeResponse } from '../contract/git-types.js';
import { API_LIMITS } from '../contract/types.js';
import type { ListedTeam, ListedUser } from '../contract/list-types.js';

/** Scope reads at most, per request: each costs one call of a route paced at 60 a minute. */
const SCOPE_READS_MAX = 50;

/** Lists whose entities carry `used_by.teams` (api-spec.md: boards and projects only). */
const USED_BY_LISTS: readonly EntityType[] = ['boards', 'projects'];

export interface TeamNameReader {
  listAllEntities(type: EntityType, p?: Omit<ListEntitiesParams, 'offset'>): Promise<EntityListResponse>;
  getTeamGitScope(teamId: number): Promise<TeamGitScopeResponse>;
}

export interface TeamNames {
  names: Map<number, string>;
  notices: string[];
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function readTeamNames(api: TeamNameReader, teamIds: readonly number[], known: ReadonlyMap<number, string | undefined>): Promise<TeamNames> {
  const names = new Map<number, string>();
  const notices: string[] = [];
  for (const id of teamIds) {
    const name = known.get(id);
    if (name !== undefined) names.set(id, name);
  }
  const unnamed = () => teamIds.filter((id) => !names.has(id));
  if (unnamed().length === 0) return { names, notices };

  const wanted = new Set(unnamed());
  const lists = await Promise.all(
    USED_BY_LISTS.map((type) =>
      api.listAllEntities(type, { limit: API_LIMITS.entityPageMax }).catch((error: unknown) => {
        notices.push(`note: team names: the ${type} list could not be read (${message(error)})`);
        return undefined;
      }),
    ),
  );
  for (const list of lists) {
    for (const integration of list?.integrations ?? []) {
      for (const entity of integration.entities) {
        for (const team of entity.used_by?.teams ?? []) if (wanted.has(team.id) && !names.has(team.id)) names.set(team.id, team.name);
      }
    }
  }

  const rest = unnamed();
  const read = rest.slice(0, SCOPE_READS_MAX);
  const failed: number[] = [];
  await Promise.all(
    read.map(async (id) => {
      try {
        const scope = await api.getTeamGitScope(id);
        if (scope.team_name !== '') names.set(id, scope.team_name);
      } catch {
        failed.push(id);
      }
    }),
  );
  if (failed.length > 0) notices.push(`note: team names: the scope read of ${failed.length} team${failed.length === 1 ? '' : 's'} failed (${failed.sort((a, b) => a - b).slice(0, 10).join(', ')}${failed.length > 10 ? ', ...' : ''}); their names stay empty`);
  const left = rest.length - read.length;
  if (left > 0) {
    notices.push(
      `note: ${left} team${left === 1 ? '' : 's'} still unnamed after ${SCOPE_READS_MAX} scope reads keep${left === 1 ? 's' : ''} an empty name; name them in the config (teams: <id>: name: ...) to have every name without extra calls`,
    );
  }
  return { names, notices };
}

/** The run's lists (service-directory.ts): undefined where the service has none. */
export interface NameDirectory {
  teams(): Promise<readonly ListedTeam[] | undefined>;
  users(): Promise<readonly ListedUser[] | undefined>;
}

/** The names of the teams `teamIds`: the config's, else the service's list, else the reads of before. */
export async function teamNamesFor(api: TeamNameReader, directory: NameDirectory | undefined, teamIds: readonly number[], known: ReadonlyMap<number, string | undefined>): Promise<TeamNames> {
  const names = new Map<number, string>();
  for (const id of teamIds) {
    const name = known.get(id);
    if (name !== undefined) names.set(id, name);
  }
  // The config names every team: no read at all.
  if (teamIds.every((id) => names.has(id))) return { names, notices: [] };
  let listed: readonly ListedTeam[] | undefined;
  try {
    listed = await directory?.teams();
  } catch (error) {
    return { names, notices: [`note: team names: the team list could not be read (${message(error)}); names the config does not give stay empty`] };
  }
  if (listed === undefined) return readTeamNames(api, teamIds, known);
  const wanted = new Set(teamIds);
  for (const team of listed) if (wanted.has(team.id) && !names.has(team.id)) names.set(team.id, team.name);
  return { names, notices: [] };
}

/** Every contributor's name from the service's contributor list (none where it lists none, or the read failed: said). */
export async function contributorNames(directory: NameDirectory | undefined): Promise<TeamNames> {
  try {
    const users = (await directory?.users()) ?? [];
    return { names: new Map(users.map((u) => [u.id, u.name])), notices: [] };
  } catch (error) {
    return { names: new Map(), notices: [`note: contributor names: the contributor list could not be read (${message(error)}); their names stay empty`] };
  }
}
