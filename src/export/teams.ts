// Which teams `emctl export` reads and writes (DESIGN.md sections 13 and 14). Where the service
// lists its teams, every listed team is read and written, with or without a scope (its name,
// parent and members are managed too); `--teams` narrows the export to the teams it names, by id
// or by the service's name for them (resolved in the team list export reads anyway). An older
// service lists none: the teams are those boards and projects name in used_by, plus `--teams` (ids
// only: there is no list to find a name in). Teams of `-c CONFIG` are always read (an
// offline plan against a snapshot must know them all). The service's own `All Teams` and
// `All Contributors` are never written. Pure.

import { EmctlError } from '../contract/errors.js';
import type { ListedTeam } from '../contract/list-types.js';
import { isServiceTeam } from '../contract/list-types.js';
import { resolveTeamSelection } from '../measure/team-selection.js';
import { isServiceDefault, type TeamPmScopeResponse } from '../contract/types.js';
import type { TeamGitScopeResponse } from '../contract/git-types.js';

/** Where the teams came from: the service's list, or (an older service) used_by of boards and projects. */
export type TeamSource = { kind: 'list'; teams: readonly ListedTeam[] } | { kind: 'used_by'; ids: ReadonlySet<number> };

export interface TeamChoice {
  /** Team ids whose scopes are read, ascending. */
  read: number[];
  /** Teams written whatever their scopes (named with --teams or in the config); others only with a scope. */
  named: Set<number>;
  /** Teams named that the service's list does not hold: not read, said in a warning. */
  missing: number[];
}

export function chooseTeams(source: TeamSource, given: { teams: readonly number[]; configTeams: readonly number[] }): TeamChoice {
  const named = new Set([...given.teams, ...given.configTeams]);
  if (source.kind === 'used_by') {
    return { read: [...new Set([...source.ids, ...named])].sort((a, b) => a - b), named, missing: [] };
  }
  const listed = new Set(source.teams.filter((t) => !isServiceTeam(t)).map((t) => t.id));
  const missing = [...named].filter((id) => !listed.has(id)).sort((a, b) => a - b);
  const wanted = given.teams.length > 0 ? named : new Set([...listed, ...named]);
  return { read: [...wanted].filter((id) => listed.has(id)).sort((a, b) => a - b), named, missing };
}

/**
 * The ids of the teams `--teams` names by name: each name exactly as the service spells it (case
 * counts, as for `--team` of the measurement commands: `data` and `Data` may be two teams). Every
 * name that no team has (with the closest listed names), that two teams share, that is one of the
 * service's own two teams, or that a service without a team list cannot resolve, in one error.
 */
export function teamIdsByName(names: readonly string[], listed: readonly ListedTeam[] | undefined): number[] {
  if (names.length === 0) return [];
  const resolved = resolveTeamSelection({ ids: [], names, all: false }, listed, { withoutConfig: true });
  const problems = [...resolved.problems];
  const own = new Map((listed ?? []).filter(isServiceTeam).map((t) => [t.name, t.id] as const));
  for (const name of new Set(names)) {
    const id = own.get(name);
    if (id !== undefined) problems.push(`\`${name}\` is the service's own team (id ${id}): export never writes it`);
  }
  if (problems.length > 0) throw new EmctlError('config', problems.length === 1 ? `--teams: ${problems[0] ?? ''}` : `--teams: ${problems.length} teams could not be resolved`, problems.length === 1 ? [] : problems);
  return resolved.ids;
}

/** Whether a team has a scope export writes: a PM scope item other than the service's default, or a Git scope naming anything. */
export function hasScope(pm: TeamPmScopeResponse | undefined, git: TeamGitScopeResponse | undefined): boolean {
  return (pm?.items ?? []).some((item) => !isServiceDefault(item)) || (git !== undefined && git.repositories.length + git.services.length > 0);
}
