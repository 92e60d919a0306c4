// Whom a measurements request covers: teams (ids, names from the config, `managed`; names only
// the service knows and `all` are resolved by its team list when the request runs),
// repositories (ids or names), contributors and services (ids), within the API's limit on each id
// list. Only the ids of the group-by dimension may exceed it: they are split into several calls.

import type { GroupBy } from '../contract/metrics.js';
import type { ReportDefinition } from '../core/model.js';
import { quote, type Report, type SpecContext } from './spec-problem.js';

/** The API's cap on each id list of a v2 body (team_ids, repository_ids, contributor_ids, service_ids). */
export const IDS_PER_CALL = 50;
const ID_TEXT = /^[1-9][0-9]{0,15}$/;

function idOf(v: number | string): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1 ? v : undefined;
  return ID_TEXT.test(v) ? Number(v) : undefined;
}

function overLimit(count: number, key: string, problem: Report): void {
  problem(
    [key],
    `${count} ${key}: a filter takes at most ${IDS_PER_CALL} (the API's limit); only the ids of the group-by dimension are split into several calls, since percentiles cannot be merged across calls`,
  );
}

/** The teams a request names, as far as the config resolves them; the rest waits for the service's list. */
export interface CheckedTeams {
  /** Ids, and the teams the config names (`name:`, `managed`). */
  ids: number[];
  /** Names the config does not give: looked up in the service's team list when the request runs. */
  names: string[];
  /** `all`: every team the service lists, but its own All Teams and All Contributors. */
  all: boolean;
}

export function checkTeams(def: ReportDefinition, ctx: SpecContext, groupBy: GroupBy, problem: Report): CheckedTeams {
  const teams = def.teams;
  const ids: number[] = [];
  const names: string[] = [];
  let all = false;
  const managed = (path: (string | number)[]) => {
    if (!ctx.configTeams) problem(path, '`managed` means every team the config writes, and no config was loaded (pass -c PATH)');
    else if (ctx.configTeams.size === 0) problem(path, '`managed` means every team the config writes, and the config writes none');
    else ids.push(...[...ctx.configTeams.keys()].sort((a, b) => a - b));
  };
  if (teams === 'managed') managed(['teams']);
  else if (teams === 'all') all = true;
  else if (teams !== undefined) {
    const byName = new Map<string, number[]>();
    for (const [id, name] of ctx.configTeams ?? []) if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), id]);
    teams.forEach((t, i) => {
      // `managed` in a list adds every team the config writes to the others (duplicates dropped); `all` every listed team.
      if (t === 'managed') return managed(['teams', i]);
      if (t === 'all') {
        all = true;
        return;
      }
      const id = idOf(t);
      if (id !== undefined) {
        ids.push(id);
        return;
      }
      // A config `name:` wins; a name the config does not give is the service's (DESIGN.md section 13).
      const name = String(t);
      const found = byName.get(name) ?? [];
      if (found.length === 1 && found[0] !== undefined) ids.push(found[0]);
      else if (found.length > 1) problem(['teams', i], `team name ${quote(name)} is given to teams ${found.join(', ')} in the config; name the team by id`);
      else names.push(name);
    });
  }
  const unique = [...new Set(ids)];
  if (groupBy === 'team' && teams === undefined) {
    problem(['teams'], 'grouping by team needs the teams: ids, names, `managed` (every team the config writes) or `all` (every team the service lists)');
  }
  // Names and `all` are counted once the service's list resolves them (team-selection.ts).
  if (groupBy !== 'team' && unique.length + new Set(names).size > IDS_PER_CALL) overLimit(unique.length + new Set(names).size, 'teams', problem);
  return { ids: unique, names: [...new Set(names)], all };
}

export function checkRepositories(def: ReportDefinition, groupBy: GroupBy, problem: Report): { ids: number[]; names: string[] } {
  const ids = new Set<number>();
  const names = new Set<string>();
  (def.repositories ?? []).forEach((r, i) => {
    const id = idOf(r);
    if (id !== undefined) ids.add(id);
    else if (typeof r === 'string' && r.trim() !== '') names.add(r);
    else problem(['repositories', i], `a repository is a name or an id >= 1; got ${quote(r)}`, true);
  });
  const count = ids.size + names.size;
  if (groupBy !== 'repository' && count > IDS_PER_CALL) overLimit(count, 'repositories', problem);
  return { ids: [...ids], names: [...names] };
}

export function checkIds(list: readonly (number | string)[] | undefined, key: string, noun: string, isGroup: boolean, problem: Report): number[] {
  const ids = new Set<number>();
  (list ?? []).forEach((v, i) => {
    const id = idOf(v);
    if (id === undefined) problem([key, i], `a ${noun} is named by its id, an integer >= 1; got ${quote(v)}`, typeof v !== 'number' || v < 1);
    else ids.add(id);
  });
  if (!isGroup && ids.size > IDS_PER_CALL) overLimit(ids.size, key, problem);
  return [...ids];
}


/**
 * `with_children` (the API's `with_direct_children`): a team's values take in its direct child
 * teams' contributors, so it needs teams: grouped by team, or a teams filter. The v1 API has no
 * such field.
 */
export function checkWithChildren(def: ReportDefinition, ctx: SpecContext, groupBy: GroupBy, problem: Report): boolean {
  if (def.with_children !== true) return false;
  if (groupBy !== 'team' && def.teams === undefined) {
    problem(['with_children'], 'with_children folds each team\'s direct child teams into its values: it needs teams (group_by: team, or a teams: filter)');
  }
  if (ctx.api === 'v1') problem(['with_children'], 'the v1 API has no with_direct_children; leave out --api v1');
  return true;
}
