// The plan's read records: which GET showed the live value each change starts from (the change's
// kind says which read: kind.ts liveSource), grouped by path, addresses in plan order. A
// repository's address is resolved the way the file writes it: where two entries spell one address
// (a name with and without `integration:`), the later in the file's order wins, per-repository
// entries before the teams' Git scopes, and a scope's globs name nothing.

import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/core/plan-model.js';
import { emptySources, entityKey } from '../../src/core/reads/sources.js';
import { readRecords } from '../../src/plan/read-records.js';
import { desired, liveState, repo } from '../core/builders.js';

const change = (address: string, kind: Change['kind']): Change => ({ address, kind, action: 'update', before: null, after: 1, impacts: [] });

const plan = (changes: Change[]): Plan => ({ changes, operations: [] }) as unknown as Plan;

/** Two repositories named acme/api, one on each Git integration (code = 20, labs = 21). */
const live = liveState({ repos: [repo(1, 'acme/api', 20), repo(2, 'acme/api', 21), repo(3, 'acme/web', 20)] });

const sources = emptySources();
sources.repositoryConfigs.set(1, '/api/v1/git/repositories/1/config');
sources.repositoryConfigs.set(2, '/api/v1/git/repositories/2/config');
sources.repositoryConfigs.set(3, '/api/v1/git/repositories/3/config');
sources.repositories.set(3, '/api/v1/git/repositories?page=1&page_size=100');
sources.teamPmScopes.set(42, '/api/v1/pm/config/teams/42/scope?integration_ids=10');
sources.teamGitScopes.set(42, '/api/v1/git/config/teams/42/scope');
sources.orgConfig = '/api/v1/git/config';
sources.entityPages.set(entityKey(10, 'boards', '101'), '/api/v2/pm/entities/boards?offset=0');

describe('the plan\'s read records', () => {
  it('names the read behind each change, by its kind, grouped by path in first-use order', () => {
    const config = desired({ repositories: { 'acme/web': { monitored: true, settings: {} } } });
    const records = readRecords(
      plan([
        change('collection.tracker.boards["101"]', 'selection'),
        change('team[42].pm.tracker.boards', 'pm-scope'),
        change('team[42].pm.tracker.methodology', 'methodology'),
        change('team[42].git.repositories', 'git-scope'),
        change('git.defaults.default_branch', 'org-default'),
        change('repo["acme/web"].settings.default_branch', 'repo-override'),
        change('repo["acme/web"].monitored', 'monitoring'),
        change('team[42].parent', 'team'),
        change('team["Payments"].pm.tracker.boards', 'pm-scope'),
      ]),
      config,
      live,
      sources,
    );
    expect(records.map((r) => [r.path, r.addresses])).toEqual([
      ['/api/v2/pm/entities/boards?offset=0', ['collection.tracker.boards["101"]']],
      ['/api/v1/pm/config/teams/42/scope?integration_ids=10', ['team[42].pm.tracker.boards', 'team[42].pm.tracker.methodology']],
      ['/api/v1/git/config/teams/42/scope', ['team[42].git.repositories']],
      ['/api/v1/git/config', ['git.defaults.default_branch']],
      ['/api/v1/git/repositories/3/config', ['repo["acme/web"].settings.default_branch']],
      ['/api/v1/git/repositories?page=1&page_size=100', ['repo["acme/web"].monitored']],
    ]);
  });

  it('a name two repositories share: the later spelling in the file wins, a team Git scope after the entries, its globs naming nothing', () => {
    const settings = [change('repo["acme/api"].settings.default_branch', 'repo-override')];
    const pathOf = (config: ReturnType<typeof desired>) => readRecords(plan(settings), config, live, sources).map((r) => r.path);
    // The entry alone: acme/api on the labs integration.
    expect(pathOf(desired({ repositories: { 'acme/api': { integration: 'labs', settings: {} } } }))).toEqual(['/api/v1/git/repositories/2/config']);
    // A team Git scope spelling it on the code integration comes after the entries, and wins.
    const both = desired({
      repositories: { 'acme/api': { integration: 'labs', settings: {} } },
      teams: { 42: { git: { repositories: [{ name: 'acme/api', integration: 'code' }, 'acme/*'] } } },
    });
    expect(pathOf(both)).toEqual(['/api/v1/git/repositories/1/config']);
  });
});
