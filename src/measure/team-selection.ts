// Team names and `all` to team ids by the service's team list (DESIGN.md section 13), for every
// request that names teams: measurement reports and flags, and goals. Ids and the names the config
// gives are resolved offline (spec-selection.ts: a config `name:` wins); what is left is resolved
// here, for every request of a run at once and before any measurement call, so an unknown name or
// id is an error naming it (with the closest listed name) and nothing is sent. `all` is every listed team
// but the service's own All Teams and All Contributors (they would count every contributor again).

import { EmctlError } from '../contract/errors.js';
import { isServiceTeam, type ListedTeam } from '../contract/list-types.js';
import { IDS_PER_CALL } from './spec-selection.js';
import { hint, quote } from './spec-problem.js';

/** What a request names of teams beyond what the config resolves. */
export interface TeamSelection {
  /** Ids already known (given, or the config's names and `managed`). */
  ids: readonly number[];
  /** Names the config does not give. */
  names: readonly string[];
  /** `all`: every team the service lists but its own two. */
  all: boolean;
  /** Ids among `ids` that the config does not write: each must be in the service's list. */
  unknownIds?: readonly number[];
}

export interface ResolvedTeams {
  /** The selection's ids, then its names', then `all`'s, each once. */
  ids: number[];
  problems: string[];
}

/** Whether a selection needs the service's team list at all. */
export function needsTeamList(selection: TeamSelection): boolean {
  return selection.all || selection.names.length > 0 || (selection.unknownIds?.length ?? 0) > 0;
}

/**
 * Resolves a selection by the service's teams (`listed`; undefined where the service lists none).
 * `configNames` are offered as did-you-mean candidates too: a typo of a config name is likelier than
 * a new service team. `filter`: the teams are a filter, not the grouping, so at most 50 (the API's
 * limit on an id list that cannot be split). `withoutConfig`: the names are the service's alone
 * (`emctl export --teams`), so the messages do not offer the config's `name:` as a way out.
 */
export function resolveTeamSelection(
  selection: TeamSelection,
  listed: readonly ListedTeam[] | undefined,
  options: { configNames?: readonly string[]; filter?: boolean; withoutConfig?: boolean } = {},
): ResolvedTeams {
  const problems: string[] = [];
  const ids = [...selection.ids];
  const orInConfig = options.withoutConfig === true ? '' : ', or give it a `name:` in the config';
  const where = options.withoutConfig === true ? "the service's team list" : "the config or the service's team list";
  if (listed === undefined) {
    for (const name of selection.names) {
      problems.push(
        options.withoutConfig === true
          ? `team ${quote(name)}: this service lists no teams to find a name in: name it by id`
          : `team ${quote(name)} is not a name the config gives a team, and this service lists no teams to find it in: name it by id${orInConfig}`,
      );
    }
    if (selection.all) problems.push('`all` means every team the service lists, and this service lists no teams: name the teams by id, or use `managed` (every team the config writes)');
    return { ids: [...new Set(ids)], problems };
  }
  // An id the list does not hold is the same mistake as a name it does not hold: asked for, the
  // service would answer it with no rows, which reads as "no data".
  if ((selection.unknownIds?.length ?? 0) > 0) {
    const listedIds = new Set(listed.map((team) => team.id));
    for (const id of selection.unknownIds ?? []) {
      if (!listedIds.has(id)) problems.push(`no team with id ${id} in the config or the service's team list (\`emctl export\` writes every team the service lists, keyed by its id)`);
    }
  }
  const byName = new Map<string, number[]>();
  for (const team of listed) {
    const ids = byName.get(team.name);
    if (ids === undefined) byName.set(team.name, [team.id]);
    else ids.push(team.id);
  }
  for (const name of selection.names) {
    const found = byName.get(name) ?? [];
    if (found.length === 1 && found[0] !== undefined) ids.push(found[0]);
    else if (found.length > 1) problems.push(`team name ${quote(name)} is the name of ${found.length} teams in the service (${found.join(', ')}): name the team by id${orInConfig}`);
    else problems.push(`no team named ${quote(name)} in ${where}${hint(name, [...new Set([...byName.keys(), ...(options.configNames ?? [])])])}`);
  }
  if (selection.all) for (const team of [...listed].sort((a, b) => a.id - b.id)) if (!isServiceTeam(team)) ids.push(team.id);
  const unique = [...new Set(ids)];
  if (options.filter && unique.length > IDS_PER_CALL && problems.length === 0) {
    problems.push(`${unique.length} teams: a filter takes at most ${IDS_PER_CALL} (the API's limit); only the ids of the group-by dimension are split into several calls, since percentiles cannot be merged across calls`);
  }
  return { ids: unique, problems };
}

/** Requests whose team names and `all` are resolved together: `label` says which request a problem is of. */
export interface TeamRequest {
  label: string;
  selection: TeamSelection;
  filter: boolean;
}

/**
 * Resolves the teams of every request by one read of the team list (only when one of them needs
 * it), every problem of every request in one error; returns each request's ids in order.
 */
export async function resolveRequestTeams(requests: readonly TeamRequest[], teams: () => Promise<readonly ListedTeam[] | undefined>, configNames: readonly string[] = []): Promise<number[][]> {
  const listed = requests.some((r) => needsTeamList(r.selection)) ? await teams() : undefined;
  const problems: string[] = [];
  const resolved = requests.map((request) => {
    if (!needsTeamList(request.selection)) return [...request.selection.ids];
    const result = resolveTeamSelection(request.selection, listed, { configNames, filter: request.filter });
    for (const problem of result.problems) problems.push(`${request.label}${problem}`);
    return result.ids;
  });
  if (problems.length > 0) {
    throw new EmctlError('config', problems.length === 1 ? (problems[0] ?? '') : `${problems.length} teams could not be resolved`, problems.length === 1 ? [] : problems);
  }
  return resolved;
}
