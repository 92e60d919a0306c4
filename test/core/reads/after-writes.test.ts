// What a write's answer proves, by kind: the writes whose answers carry their object's whole new
// state (a team's Git scope, a repository's override set, the org defaults) spare apply's
// own-result check a read of that object; any other write, and a write whose answer was lost, leaves
// its object to be read again.

import { describe, expect, it } from 'vitest';
import type { OrgConfigResponse, RepositoryConfigResponse, TeamGitScopeResponse } from '../../../src/contract/git-types.js';
import { EVERY_KIND } from '../../../src/core/kinds/registry.js';
import { snapshotAfterWrites, stillToRead, WriteAnswers } from '../../../src/core/reads/after-writes.js';
import { desired, liveState, repo, SERVICE_DEFAULTS } from '../builders.js';

describe('which kind a write answer speaks for', () => {
  it.each([
    ['PATCH /api/v1/git/config/teams/{team_id}/scope', 'git-scope'],
    ['PUT /api/v1/git/config/teams/{team_id}/scope', 'git-scope'],
    ['DELETE /api/v1/git/config/teams/{team_id}/scope', 'git-scope'],
    ['DELETE /api/v1/git/config/teams/{team_id}/scope/{scope_key}', 'git-scope'],
    ['PUT /api/v1/git/repositories/{repo_id}/config', 'repo-override'],
    ['PATCH /api/v1/git/repositories/{repo_id}/config', 'repo-override'],
    ['DELETE /api/v1/git/repositories/{repo_id}/config/{section}', 'repo-override'],
    ['PATCH /api/v1/git/config', 'org-default'],
    ['GET /api/v1/git/config', undefined],
    ['GET /api/v1/git/config/teams/{team_id}/scope', undefined],
    ['PATCH /api/v1/pm/config/teams/scope', undefined],
    ['PATCH /api/v1/git/repositories', undefined],
    ['POST /api/v2/teams', undefined],
  ])('%s: %s', (route, kind) => {
    const carriers = EVERY_KIND.filter((k) => k.answers?.carries(route) === true).map((k) => k.kind);
    expect(carriers).toEqual(kind === undefined ? [] : [kind]);
  });
});

const before = liveState({
  repos: [repo(1, 'acme/api'), repo(2, 'acme/web')],
  git: { 42: { repositories: [1] }, 43: { repositories: [2] } },
  pm: { 42: { 10: { boards: ['101'] } } },
  overrides: { 1: {}, 2: {} },
});

const config = desired({
  teams: { 42: { git: { repositories: [1] }, pm: { tracker: { boards: ['101'] } } }, 43: { git: { repositories: [2, 1] } } },
  defaults: { exclude_branches: { patterns: ['tmp/*'] } },
  repositories: { 'acme/api': { monitored: true, settings: { default_branch: { branch_name: 'main' } } }, 'acme/web': { settings: { default_branch: { branch_name: 'dev' } } } },
});

const gitAnswer = (team: number, repositories: number[]): TeamGitScopeResponse => ({ team_id: team, team_name: `team-${team}`, repositories: repositories.map((id) => ({ id, name: `r${id}`, url: '' })), services: [] });
const repoAnswer = (id: number): RepositoryConfigResponse => ({ repository_id: id, repository_name: `r${id}`, settings: {} });
const orgAnswer: OrgConfigResponse = { settings: { ...SERVICE_DEFAULTS, exclude_branches: { patterns: ['tmp/*'] } } };

/** What is left to read: teams with what they read, repositories with what they read, the org defaults written. */
function left(answers: WriteAnswers) {
  const c = stillToRead(config, answers, before);
  return {
    teams: c.teams.map((t) => `${t.id}${t.git === undefined ? '' : ' git'}${t.pm.length > 0 ? ' pm' : ''}`),
    repositories: c.git.repositories.map((r) => `${'name' in r.ref ? r.ref.name : r.ref.id}${r.settings === undefined ? '' : ' settings'}${r.monitored === undefined ? '' : ' monitored'}`),
    defaults: Object.keys(c.git.defaults),
  };
}

const EVERYTHING = { teams: ['42 git pm', '43 git'], repositories: ['acme/api settings monitored', 'acme/web settings'], defaults: ['exclude_branches'] };

describe('what is read again after the writes', () => {
  it('nothing answered: everything written is read again', () => {
    expect(left(new WriteAnswers())).toEqual(EVERYTHING);
  });

  it('a later answer without its team undoes an earlier one: read again', () => {
    const answers = new WriteAnswers();
    answers.answered('PUT /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope', gitAnswer(43, [2, 1]));
    expect(left(answers)).toEqual({ ...EVERYTHING, teams: ['42 git pm'] });
    answers.answered('DELETE /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope', undefined);
    expect(left(answers)).toEqual(EVERYTHING);
  });

  it.each([
    ['a Git scope answered: its team is not read for it', 'PATCH /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope?mode=merge', gitAnswer(43, [2, 1]), { ...EVERYTHING, teams: ['42 git pm'] }],
    ['a team keeps what else it reads', 'PUT /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/42/scope', gitAnswer(42, [1]), { ...EVERYTHING, teams: ['42 pm', '43 git'] }],
    ['a Git scope answer without its team: read again', 'DELETE /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope', undefined, EVERYTHING],
    ['an override set answered', 'PUT /api/v1/git/repositories/{repo_id}/config', '/api/v1/git/repositories/2/config', repoAnswer(2), { ...EVERYTHING, repositories: ['acme/api settings monitored'] }],
    ['a repository keeps its monitoring state to read', 'DELETE /api/v1/git/repositories/{repo_id}/config/{section}', '/api/v1/git/repositories/1/config/default_branch', repoAnswer(1), { ...EVERYTHING, repositories: ['acme/api monitored', 'acme/web settings'] }],
    ['the org defaults answered', 'PATCH /api/v1/git/config', '/api/v1/git/config', orgAnswer, { ...EVERYTHING, defaults: [] }],
    ['a PM scope write carries no state', 'PATCH /api/v1/pm/config/teams/scope', '/api/v1/pm/config/teams/scope', { items: [] }, EVERYTHING],
  ])('%s', (_what, route, path, body, expected) => {
    const answers = new WriteAnswers();
    answers.answered(route, path, body);
    expect(left(answers)).toEqual(expected);
  });

  it.each([
    ['PATCH /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope?mode=merge', gitAnswer(43, [2])],
    ['PATCH /api/v1/git/repositories/{repo_id}/config', '/api/v1/git/repositories/2/config', repoAnswer(2)],
    ['PATCH /api/v1/git/config', '/api/v1/git/config', orgAnswer],
  ])('%s answered, then a later write of it failed: read again', (route, path, body) => {
    const answers = new WriteAnswers();
    answers.answered(route, path, body);
    answers.failed(route, path);
    expect(left(answers)).toEqual(EVERYTHING);
  });
});

describe('the state after the writes', () => {
  it('each answered object is taken from its last answer, the rest as read before', () => {
    const answers = new WriteAnswers();
    answers.answered('PATCH /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope', gitAnswer(43, [2]));
    answers.answered('PATCH /api/v1/git/config/teams/{team_id}/scope', '/api/v1/git/config/teams/43/scope', gitAnswer(43, [2, 1]));
    answers.answered('PUT /api/v1/git/repositories/{repo_id}/config', '/api/v1/git/repositories/2/config', repoAnswer(2));
    answers.answered('PATCH /api/v1/git/config', '/api/v1/git/config', orgAnswer);
    const after = snapshotAfterWrites(before, answers, undefined);
    expect(after.teamGitScopes.get(43)).toEqual(gitAnswer(43, [2, 1]));
    expect(after.teamGitScopes.get(42)).toBe(before.teamGitScopes.get(42));
    expect([...after.teamGitScopes.keys()]).toEqual([42, 43]);
    expect(after.repositoryConfigs.get(2)).toEqual(repoAnswer(2));
    expect(after.repositoryConfigs.get(1)).toBe(before.repositoryConfigs.get(1));
    expect(after.orgConfig).toEqual(orgAnswer);
    // The state read before is left as it was.
    expect(before.teamGitScopes.get(43)).not.toEqual(gitAnswer(43, [2, 1]));
    expect(before.repositoryConfigs.get(2)).not.toEqual(repoAnswer(2));
    expect(before.orgConfig).not.toEqual(orgAnswer);
  });

  it('an object whose last write failed is as read before, or as read again', () => {
    const answers = new WriteAnswers();
    answers.answered('PATCH /api/v1/git/config', '/api/v1/git/config', orgAnswer);
    answers.failed('PATCH /api/v1/git/config', '/api/v1/git/config');
    expect(snapshotAfterWrites(before, answers, undefined).orgConfig).toBe(before.orgConfig);
    const fresh = liveState({ org: { exclude_branches: { patterns: ['x'] } } });
    expect(snapshotAfterWrites(before, answers, fresh).orgConfig).toBe(fresh.orgConfig);
  });
});
