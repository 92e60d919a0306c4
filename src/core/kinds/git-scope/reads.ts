// What a team's Git scope needs read: one Git scope read per listed team with a `git` block, the
// repositories it names (looked up, unless the team's own answer holds them: repositoriesAnswered),
// and the whole repository list for its name patterns (they match every monitored repository).
//
// A team Git scope answer lists each repository with its id and name, and only monitored ones: a
// repository of a team's desired scope that the team's answer holds exists and is monitored, so
// it needs no lookup. A repository written with `integration:` is still resolved against the
// service's list, never against one team's answer, so an ambiguous name is reported as in a
// whole plan.

import type { Repository, TeamGitScopeResponse } from '../../../contract/git-types.js';
import type { DesiredConfig, RepoRef } from '../../model.js';
import { hasUnexpandedScopeGlobs, isGlobRef } from '../../rules.js';
import type { KindReads, ReadNeeds } from '../shared/read-needs.js';
import { answeredRepository } from '../shared/repositories.js';
import { listedTeams } from '../shared/team-directory.js';

function needs(config: DesiredConfig): ReadNeeds {
  const repositories: ReadNeeds['repositories'] = [];
  for (const team of config.teams) {
    for (const ref of team.git?.repositories ?? []) if (!isGlobRef(ref)) repositories.push({ ref, answerable: true });
  }
  return {
    teamGitScopes: listedTeams(config).flatMap((t) => (t.git === undefined ? [] : [t.id])),
    repositories,
    // Patterns not yet expanded (an expanded scope lists what they matched) need every repository.
    wholeRepositoryList: hasUnexpandedScopeGlobs(config),
  };
}

/**
 * The config as the repository read sees it once the team Git scope answers are in: each team's
 * repositories that its answer holds are taken from the answer (returned as repositories) and left
 * out of what is looked up.
 */
function repositoriesAnswered(config: DesiredConfig, answers: ReadonlyMap<number, TeamGitScopeResponse | 'not_found'>): { forReads: DesiredConfig; repositories: Repository[] } {
  const found = new Map<number, Repository>();
  const teams = config.teams.map((team) => {
    const answer = team.id === undefined ? undefined : answers.get(team.id);
    if (team.git === undefined || answer === undefined || answer === 'not_found') return team;
    const byId = new Map(answer.repositories.map((r) => [r.id, r] as const));
    const byName = new Map<string, (typeof answer.repositories)[number][]>();
    for (const r of answer.repositories) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
    const held = (ref: RepoRef) => {
      if ('id' in ref) return byId.get(ref.id);
      const same = ref.integration === undefined ? byName.get(ref.name) : undefined;
      return same?.length === 1 ? same[0] : undefined;
    };
    const rest: RepoRef[] = [];
    for (const ref of team.git.repositories) {
      const r = held(ref);
      if (r === undefined) rest.push(ref);
      else if (!found.has(r.id)) found.set(r.id, answeredRepository(r));
    }
    return { ...team, git: { ...team.git, repositories: rest } };
  });
  return { forReads: { ...config, teams }, repositories: [...found.values()] };
}

export const gitScopeReads: KindReads = { needs, repositoriesAnswered };
