// Team Git scope rules (api-spec.md endpoint 13): repositories and services of one team. Only
// monitored repositories are accepted on writes and listed on reads; a refused write changes nothing.

import type { GitScopeKey, TeamGitScopeResponse } from '../../contract/git-types.js';
import { refused } from '../route/reply.js';
import type { Journal } from '../state/journal.js';
import type { EmulatorState } from '../state/state.js';

export interface GitScopeWrite {
  repository_ids?: number[];
  service_ids?: number[];
}

function requireTeam(state: EmulatorState, teamId: number) {
  const team = state.teams.get(teamId);
  if (!team) throw refused(404, `team ${teamId} not found`);
  return team;
}

export function readGitScope(state: EmulatorState, teamId: number): TeamGitScopeResponse {
  const team = requireTeam(state, teamId);
  const scope = state.gitScopes.get(teamId) ?? { repositoryIds: [], serviceIds: [] };
  const repositories = scope.repositoryIds
    .map((id) => state.repos.get(id))
    .filter((r) => r !== undefined && r.state === 'monitored')
    .sort((a, b) => a!.id - b!.id)
    .map((r) => ({ id: r!.id, name: r!.name, url: r!.http_url }));
  const services = scope.serviceIds
    .map((id) => state.services.get(id))
    .filter((s) => s !== undefined)
    .sort((a, b) => a!.id - b!.id)
    .map((s) => ({ id: s!.id, name: s!.name }));
  return { team_id: team.id, team_name: team.name, repositories, services };
}

/** Ids listed in a refusal at most: a body may name 10,000 (the answer stays short). */
const MAX_LISTED_IDS = 100;

function idList(ids: readonly number[]): string {
  if (ids.length <= MAX_LISTED_IDS) return ids.join(', ');
  return `${ids.slice(0, MAX_LISTED_IDS).join(', ')} and ${ids.length - MAX_LISTED_IDS} more`;
}

function checkIds(state: EmulatorState, body: GitScopeWrite): void {
  const problems: string[] = [];
  const missing = (body.repository_ids ?? []).filter((id) => !state.repos.has(id));
  const unmonitored = (body.repository_ids ?? []).filter((id) => state.repos.has(id) && state.repos.get(id)!.state !== 'monitored');
  const noService = (body.service_ids ?? []).filter((id) => !state.services.has(id));
  if (missing.length) problems.push(`repositories not found: ${idList(missing)}`);
  if (unmonitored.length) problems.push(`repositories not monitored: ${idList(unmonitored)}`);
  if (noService.length) problems.push(`services not found: ${idList(noService)}`);
  if (problems.length) throw refused(400, problems.join('; '));
}

const unique = (ids: number[]) => [...new Set(ids)];

/** Writes a team's Git scope. replace: keys not sent are cleared; merge: sent keys replaced; add: ids added. */
export function writeGitScope(
  state: EmulatorState,
  journal: Journal,
  teamId: number,
  body: GitScopeWrite,
  mode: 'replace' | 'merge' | 'add',
): TeamGitScopeResponse {
  requireTeam(state, teamId);
  checkIds(state, body);
  const current = state.gitScopes.get(teamId) ?? { repositoryIds: [], serviceIds: [] };
  const next = (key: 'repository_ids' | 'service_ids', existing: number[]): number[] => {
    const sent = body[key];
    if (sent === undefined) return mode === 'replace' ? [] : existing;
    return mode === 'add' ? unique([...existing, ...sent]) : unique(sent);
  };
  const updated = { repositoryIds: next('repository_ids', current.repositoryIds), serviceIds: next('service_ids', current.serviceIds) };
  if (JSON.stringify(updated) !== JSON.stringify(current)) {
    state.gitScopes.set(teamId, updated);
    journal.touch();
  }
  return readGitScope(state, teamId);
}

export function clearGitScope(state: EmulatorState, journal: Journal, teamId: number, key?: GitScopeKey): TeamGitScopeResponse {
  requireTeam(state, teamId);
  if (key === undefined) return writeGitScope(state, journal, teamId, {}, 'replace');
  return writeGitScope(state, journal, teamId, key === 'repositories' ? { repository_ids: [] } : { service_ids: [] }, 'merge');
}
