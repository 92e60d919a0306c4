// Live state after an apply, for apply's check of its own result (DESIGN.md 3) with as few reads
// as the answers allow: the answers of team Git scope, repository configuration and org
// configuration writes carry the new state of their object (api-spec), so those objects are taken
// from the answers; only what the answers do not show (PM scopes, selections, monitoring) and
// objects whose last answer was lost are read again. Everything else (integrations, the repository
// list when no monitoring state was written, entity lists nothing wrote) is the state read before
// the apply (docs/apply.md has the figures).

import type { OrgConfigResponse, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';
import type { DesiredConfig, DesiredTeam } from '../core/model.js';
import { indexRepositories, resolveRepository } from '../core/resolve.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { listKey } from './read-plan.js';

const TEAM_GIT = /^(?:PUT|PATCH|DELETE) \/api\/v1\/git\/config\/teams\/\{team_id\}\/scope(?:\/\{scope_key\})?$/;
const REPOSITORY_CONFIG = /^(?:PUT|PATCH|DELETE) \/api\/v1\/git\/repositories\/\{repo_id\}\/config(?:\/\{section\})?$/;
const ORG_CONFIG = 'PATCH /api/v1/git/config';

/** The last answer of each object whose write answers carry its state; an object whose last write failed or was lost is not here. */
export class WriteAnswers {
  readonly teamGitScopes = new Map<number, TeamGitScopeResponse>();
  readonly repositoryConfigs = new Map<number, RepositoryConfigResponse>();
  orgConfig: OrgConfigResponse | undefined;

  /** A write was answered 2xx with `body`. */
  answered(route: string, path: string, body: unknown): void {
    if (TEAM_GIT.test(route)) {
      const answer = body as TeamGitScopeResponse | undefined;
      if (answer !== undefined && typeof answer.team_id === 'number') this.teamGitScopes.set(answer.team_id, answer);
      else this.teamGitScopes.delete(idIn(path, /\/teams\/(\d+)\//));
    } else if (REPOSITORY_CONFIG.test(route)) {
      const answer = body as RepositoryConfigResponse | undefined;
      if (answer !== undefined && typeof answer.repository_id === 'number') this.repositoryConfigs.set(answer.repository_id, answer);
      else this.repositoryConfigs.delete(idIn(path, /\/repositories\/(\d+)\//));
    } else if (route === ORG_CONFIG) {
      this.orgConfig = body as OrgConfigResponse | undefined;
    }
  }

  /** A write failed or its answer was lost: its object is read again. */
  failed(route: string, path: string): void {
    if (TEAM_GIT.test(route)) this.teamGitScopes.delete(idIn(path, /\/teams\/(\d+)\//));
    else if (REPOSITORY_CONFIG.test(route)) this.repositoryConfigs.delete(idIn(path, /\/repositories\/(\d+)\//));
    else if (route === ORG_CONFIG) this.orgConfig = undefined;
  }
}

function idIn(path: string, pattern: RegExp): number {
  return Number(pattern.exec(path)?.[1] ?? Number.NaN);
}

/**
 * What of `narrowed` (the config narrowed to the objects the apply wrote) must be read again: the
 * objects the answers do not show. Repositories named by name are resolved against the list read
 * before the apply.
 */
export function stillToRead(narrowed: DesiredConfig, answers: WriteAnswers, before: LiveSnapshot): DesiredConfig {
  const teams: DesiredTeam[] = [];
  for (const team of narrowed.teams) {
    const kept: DesiredTeam = { ...team };
    if (team.id !== undefined && answers.teamGitScopes.has(team.id)) delete kept.git;
    const properties = kept.name !== undefined || kept.parent !== undefined || kept.initials !== undefined || kept.color !== undefined || kept.members !== undefined || 'name' in kept.key;
    if (kept.git !== undefined || kept.pm.length > 0 || properties) teams.push(kept);
  }
  const index = indexRepositories(before.repositories);
  const repositories = [];
  for (const entry of narrowed.git.repositories) {
    const kept = { ...entry };
    if (kept.settings !== undefined) {
      const repo = resolveRepository(entry.ref, index, narrowed, before.integrations).value;
      if (repo !== undefined && answers.repositoryConfigs.has(repo.id)) delete kept.settings;
    }
    if (kept.settings !== undefined || kept.monitored !== undefined) repositories.push(kept);
  }
  const defaults = answers.orgConfig === undefined ? narrowed.git.defaults : {};
  const git: DesiredConfig['git'] = { defaults, repositories };
  if (narrowed.git.monitoring !== undefined) git.monitoring = narrowed.git.monitoring;
  return { ...narrowed, teams, git };
}

/** Whether a config manages anything that is read (an empty one needs no read at all). */
export function managesAnything(config: DesiredConfig): boolean {
  return (
    config.collection.length > 0 ||
    config.teams.length > 0 ||
    // Exact team ownership: the team list tells whether the teams deleted are gone.
    config.ownership?.teams === 'exact' ||
    Object.keys(config.git.defaults).length > 0 ||
    config.git.repositories.length > 0 ||
    config.git.monitoring !== undefined
  );
}

/**
 * The state after the apply: `before`, then the write answers, then what was read again (`fresh`,
 * when anything was), each object taken whole from the latest of them.
 */
export function snapshotAfterWrites(before: LiveSnapshot, answers: WriteAnswers, fresh: LiveSnapshot | undefined): LiveSnapshot {
  const after: LiveSnapshot = {
    ...before,
    teamPmScopes: new Map(before.teamPmScopes),
    teamGitScopes: new Map([...before.teamGitScopes, ...answers.teamGitScopes]),
    repositoryConfigs: new Map([...before.repositoryConfigs, ...answers.repositoryConfigs]),
  };
  const org = answers.orgConfig ?? before.orgConfig;
  if (org !== undefined) after.orgConfig = org;
  if (fresh === undefined) return after;
  const freshLists = new Set(fresh.entityLists.map((l) => listKey(l.integrationId, l.type)));
  after.entityLists = [...before.entityLists.filter((l) => !freshLists.has(listKey(l.integrationId, l.type))), ...fresh.entityLists];
  for (const [id, scope] of fresh.teamPmScopes) after.teamPmScopes.set(id, scope);
  for (const [id, scope] of fresh.teamGitScopes) after.teamGitScopes.set(id, scope);
  for (const [id, config] of fresh.repositoryConfigs) after.repositoryConfigs.set(id, config);
  if (fresh.orgConfig !== undefined) after.orgConfig = fresh.orgConfig;
  if (fresh.repositoriesComplete) {
    after.repositories = fresh.repositories;
    after.repositoriesComplete = true;
  } else if (fresh.repositories.length > 0) {
    // Some looked up by name: the newer of each, the rest as read before.
    const byId = new Map(before.repositories.map((r) => [r.id, r]));
    for (const repo of fresh.repositories) byId.set(repo.id, repo);
    after.repositories = [...byId.values()];
  }
  if (fresh.monitoredTotal !== undefined) after.monitoredTotal = fresh.monitoredTotal;
  if (fresh.teamList !== undefined) after.teamList = fresh.teamList;
  if (fresh.users !== undefined) after.users = fresh.users;
  return after;
}
