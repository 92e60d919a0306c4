// The Git scope kind's diff: each team's Git scope the config writes, key by key, each key
// written whole; the plan shows repositories and services by name (the API takes ids).

import type { GitScopeKey } from '../../../contract/git-types.js';
import { gitScopeAddress } from './address.js';
import { sortedIds } from '../../canonical.js';
import type { PlanDraft } from '../../draft.js';
import type { DesiredTeam } from '../../model.js';
import type { Change } from '../../plan-model.js';
import { isGlobRef } from '../../rules.js';
import { resolveRepo } from '../shared/repositories.js';
import { identifiedTeams } from '../shared/team-directory.js';

/** Every team's Git scope the config writes, teams by id. */
export function diffGitScopes(draft: PlanDraft): void {
  const names = scopeNames(draft);
  for (const team of identifiedTeams(draft.config).sort((a, b) => a.id - b.id)) diffTeamGit(draft, team, names);
}

function diffTeamGit(draft: PlanDraft, team: DesiredTeam & { id: number }, known: ScopeNames): void {
  const git = team.git;
  if (git === undefined) return;
  const read = draft.teamRead(team, draft.live.teamGitScopes.get(team.id), 'Git scope', git.path);
  if (read === undefined) return;
  const repoIds: number[] = [];
  const byIdInConfig = new Set<number>();
  let failed = false;
  git.repositories.forEach((ref, i) => {
    if (isGlobRef(ref)) return; // a scope glob: what it matched is in `matched` (rules.ts)
    const repo = resolveRepo(draft, ref, [...git.path, 'repositories', i]);
    if (repo) repoIds.push(repo.id);
    else failed = true;
    if (repo && 'id' in ref) byIdInConfig.add(repo.id);
  });
  if (failed) return;
  repoIds.push(...(git.matched ?? []));
  const names: Record<GitScopeKey, (id: number) => string | number> = {
    repositories: (id) => repoDisplay(known, id, byIdInConfig),
    services: (id) => serviceDisplay(known, id),
  };
  const desired: Record<GitScopeKey, number[]> = { repositories: sortedIds(repoIds), services: sortedIds(git.services) };
  const live: Record<GitScopeKey, number[]> = {
    repositories: sortedIds(read.repositories.map((r) => r.id)),
    services: sortedIds(read.services.map((s) => s.id)),
  };
  for (const key of ['repositories', 'services'] as const) {
    const before = live[key];
    const after = desired[key];
    if (before.length > 0) draft.count('scope_removal', 1);
    if (before.join(',') === after.join(',')) continue;
    const change: Change = {
      address: gitScopeAddress(team.key, key),
      kind: 'git-scope',
      action: before.length === 0 ? 'add' : after.length === 0 ? 'remove' : 'update',
      before: before.length === 0 ? null : before,
      after: after.length === 0 ? null : after,
      impacts: ['changes-team-metrics'],
      // The config names repositories, the API takes ids: reviewers read the names.
      display: {
        before: before.length === 0 ? null : before.map(names[key]),
        after: after.length === 0 ? null : after.map(names[key]),
      },
    };
    if (key === 'repositories' && git.matchedBy !== undefined) {
      // Each repository a glob brings in (not also named literally) names its glob.
      const had = new Set(before);
      const literal = new Set(repoIds.slice(0, repoIds.length - (git.matched?.length ?? 0)));
      const globs: Record<string, string> = {};
      for (const id of after) {
        const glob = git.matchedBy[String(id)];
        if (!had.has(id) && !literal.has(id) && glob !== undefined) globs[String(id)] = glob;
      }
      if (Object.keys(globs).length > 0) change.globs = globs;
    }
    const kept = new Set(after);
    if (before.some((id) => !kept.has(id))) change.destructive = 'scope_removal';
    draft.add(change, { kind: 'git-scope', teamId: team.id, key, before, after }, [...git.path, key]);
  }
}

/** Names the reads gave (repository list and lookups, every team's Git scope read), by id. */
interface ScopeNames {
  repositories: Map<number, string>;
  /** Repository name -> how many repositories known carry it. */
  repositoryNameCount: Map<string, number>;
  services: Map<number, string>;
}

function scopeNames(draft: PlanDraft): ScopeNames {
  const names: ScopeNames = { repositories: new Map(), repositoryNameCount: new Map(), services: new Map() };
  for (const read of draft.live.teamGitScopes.values()) {
    if (read === 'not_found') continue;
    for (const r of read.repositories) names.repositories.set(r.id, r.name);
    for (const s of read.services) names.services.set(s.id, s.name);
  }
  for (const r of draft.repos.all) names.repositories.set(r.id, r.name);
  for (const name of names.repositories.values()) names.repositoryNameCount.set(name, (names.repositoryNameCount.get(name) ?? 0) + 1);
  return names;
}

/**
 * How a repository of a team Git scope reads in a plan: its name, or `1234 (acme/api)` when the
 * config names it by id (as the config reads) or its name is on several Git integrations (the name
 * alone would not say which). The id alone when no read gave its name.
 */
function repoDisplay(known: ScopeNames, id: number, byIdInConfig: ReadonlySet<number>): string | number {
  const name = known.repositories.get(id);
  if (name === undefined) return id;
  const shared = (known.repositoryNameCount.get(name) ?? 0) > 1;
  return byIdInConfig.has(id) || shared ? `${id} (${name})` : name;
}

/**
 * A service as `7 (billing)` when a Git scope read gave its name (it is in some team's live scope),
 * else its id: the config names services by id, and no read the plan needs lists the others.
 */
function serviceDisplay(known: ScopeNames, id: number): string | number {
  const name = known.services.get(id);
  return name === undefined ? id : `${id} (${name})`;
}
