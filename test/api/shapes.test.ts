// Every answer is checked against its route's documented shape before anything reads it.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { RESPONSE_SCHEMAS } from '../../src/api/response-schemas.js';
import { DISTINCT_SHAPES, responseShapeProblem, shapesDigest } from '../../src/api/shapes.js';
import { requireFreshDist, ROOT } from '../helpers/bin.js';
import { json, orgSettings, repositorySettings, startScriptedServer, type ScriptedServer } from './helpers/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('responseShapeProblem', () => {
  const cases: Array<[string, string, unknown, string | undefined]> = [
    ['integrations ok', 'GET /api/v1/integrations', { items: [{ id: 1, type: 'pm', provider: 'tracker_a', name: 'A', state: 'ok', auth_type: 'x' }] }, undefined],
    ['integrations as an entity page', 'GET /api/v1/integrations', { integrations: [] }, 'field items is missing'],
    ['entity page with items', 'GET /api/v2/pm/entities/{entity_type}', { items: [] }, 'field total is missing'],
    ['pm scope without items', 'GET /api/v1/pm/config/teams/{team_id}/scope', { team_id: 42, team_name: 'P' }, 'field items is missing'],
    ['pm scope with a string id', 'GET /api/v1/pm/config/teams/{team_id}/scope', { team_id: '42', team_name: 'P', items: [] }, 'field team_id must be a whole number'],
    [
      'pm scope with an unknown methodology',
      'GET /api/v1/pm/config/teams/{team_id}/scope',
      { team_id: 42, team_name: 'P', items: [{ integration_id: 10, provider: 'tracker_a', integration_name: 'T', scope: {}, methodology: 'Waterfall' }] },
      'field items[0].methodology must be one of "Scrum", "Kanban"',
    ],
    ['repository page, item without id', 'GET /api/v1/git/repositories', { total: 1, items: [{ name: 'a', provider_id: 'p', integration_id: 2, state: 'monitored' }] }, 'field items[0].id is missing'],
    ['git scope as a list', 'GET /api/v1/git/config/teams/{team_id}/scope', [], 'the body must be an object'],
    ['org config settings null', 'GET /api/v1/git/config', { settings: null }, 'field settings must be an object'],
    ['a route with no shape', 'GET /_emulator/requests', 'anything', undefined],
  ];
  // The Git settings sections, field by field (api-spec.md "Resources"), on both settings reads.
  const ORG = 'GET /api/v1/git/config';
  const REPO = 'GET /api/v1/git/repositories/{repo_id}/config';
  const org = (settings: unknown) => ({ settings });
  const repo = (settings: unknown) => ({ repository_id: 1201, repository_name: 'acme/api', settings });
  const without = (settings: Record<string, unknown>, section: string) => Object.fromEntries(Object.entries(settings).filter(([name]) => name !== section));
  cases.push(
    ['org settings, every section well typed', ORG, org({
      ...orgSettings(),
      releases_detection: { method: 'tags', pattern: '^v', backfill_days: 90 },
      draft_pull_requests: { labels: ['wip'], title_pattern: null },
      default_branch: { branch_name: null },
      exclude_branches: { patterns: ['^tmp/'] },
      exclude_base_branches: { patterns: [] },
      exclude_file_extensions: { patterns: ['lock'] },
      include_file_extensions: { patterns: [] },
      active_branches_duration: { days: 7 },
      coding_time_strategy: { method: 'first_commit' },
      issue_start_time: { method: 'first_transition' },
      bot_pr_attribution: { method: 'none' },
    }), undefined],
    ['org settings without a section', ORG, org(without(orgSettings(), 'default_branch')), 'field settings.default_branch is missing'],
    ['org settings with an unknown section that is an object', ORG, org({ ...orgSettings(), a_section_of_a_newer_service: { anything: 1 } }), 'field settings.a_section_of_a_newer_service is not documented in this answer'],
    ['repo settings with an org-only section', REPO, repo({ ...repositorySettings(), issue_start_time: { value: { method: 'x' }, source: 'global' } }), 'field settings.issue_start_time is not documented in this answer'],
    ['repo settings without a section', REPO, repo(without(repositorySettings(), 'exclude_branches')), 'field settings.exclude_branches is missing'],
    ['org exclude_branches patterns as a string', ORG, org({ ...orgSettings(), exclude_branches: { patterns: 'main' } }), 'field settings.exclude_branches.patterns must be a list'],
    ['org exclude_branches as a list', ORG, org({ ...orgSettings(), exclude_branches: ['main'] }), 'field settings.exclude_branches must be an object'],
    ['org section a string', ORG, org({ ...orgSettings(), default_branch: 'main' }), 'field settings.default_branch must be an object'],
    ['org unknown section not an object', ORG, org({ ...orgSettings(), newer_section: 3 }), 'field settings.newer_section is not documented in this answer'],
    ['org pattern entry a number', ORG, org({ ...orgSettings(), exclude_file_extensions: { patterns: ['lock', 7] } }), 'field settings.exclude_file_extensions.patterns[1] must be a string'],
    ['org releases_detection without method', ORG, org({ ...orgSettings(), releases_detection: { pattern: '^v' } }), 'field settings.releases_detection.method is missing'],
    ['org releases_detection pattern a list', ORG, org({ ...orgSettings(), releases_detection: { method: 'tags', pattern: ['^v'] } }), 'field settings.releases_detection.pattern must be a string or null'],
    ['org backfill_days a string', ORG, org({ ...orgSettings(), coding_time_strategy: { method: 'first_commit', backfill_days: '90' } }), 'field settings.coding_time_strategy.backfill_days must be a whole number'],
    ['org draft labels a string', ORG, org({ ...orgSettings(), draft_pull_requests: { labels: 'wip' } }), 'field settings.draft_pull_requests.labels must be a list'],
    ['org days a string', ORG, org({ ...orgSettings(), active_branches_duration: { days: '7' } }), 'field settings.active_branches_duration.days must be a whole number'],
    ['org method a number', ORG, org({ ...orgSettings(), bot_pr_attribution: { method: 1 } }), 'field settings.bot_pr_attribution.method must be a string'],
    ['org branch_name a number', ORG, org({ ...orgSettings(), default_branch: { branch_name: 1 } }), 'field settings.default_branch.branch_name must be a string or null'],
    ['repo settings well typed', REPO, repo({
      ...repositorySettings(),
      exclude_branches: { value: { patterns: ['^a'] }, source: 'repository', global_default: { patterns: [] } },
      default_branch: { value: { branch_name: 'main' }, source: 'global' },
    }), undefined],
    ['repo value patterns a string', REPO, repo({ ...repositorySettings(), exclude_branches: { value: { patterns: 'main' }, source: 'global' } }), 'field settings.exclude_branches.value.patterns must be a list'],
    ['repo global_default patterns a string', REPO, repo({ ...repositorySettings(), exclude_branches: { value: { patterns: [] }, source: 'repository', global_default: { patterns: 'x' } } }), 'field settings.exclude_branches.global_default.patterns must be a list'],
    ['repo section entry not an object', REPO, repo({ ...repositorySettings(), coding_time_strategy: 'first_commit' }), 'field settings.coding_time_strategy must be an object'],
    ['repo value not an object', REPO, repo({ ...repositorySettings(), releases_detection: { value: 'tags', source: 'global' } }), 'field settings.releases_detection.value must be an object'],
    ['repo value without method', REPO, repo({ ...repositorySettings(), releases_detection: { value: {}, source: 'global' } }), 'field settings.releases_detection.value.method is missing'],
    ['repo unknown source', REPO, repo({ ...repositorySettings(), default_branch: { value: {}, source: 'team' } }), 'field settings.default_branch.source must be one of "repository", "global"'],
    ['repo settings a list', REPO, repo([]), 'field settings must be an object'],
    ['repo write answer checked too', 'PATCH /api/v1/git/repositories/{repo_id}/config', repo({ ...repositorySettings(), exclude_branches: { value: { patterns: 'main' }, source: 'repository' } }), 'field settings.exclude_branches.value.patterns must be a list'],
    ['org write answer checked too', 'PATCH /api/v1/git/config', org({ ...orgSettings(), exclude_branches: { patterns: 'main' } }), 'field settings.exclude_branches.patterns must be a list'],
  );
  it.each(cases)('%s', (_name, route, body, expected) => {
    expect(responseShapeProblem(route, body)).toBe(expected);
  });

  it('names nested fields by path', () => {
    const body = { team_id: 1, team_name: 'a', items: [{ integration_id: 10, provider: 'tracker_a', integration_name: 'T', methodology: 'Scrum', scope: { boards: [{ entity_provider_id: 5 }] } }] };
    expect(responseShapeProblem('GET /api/v1/pm/config/teams/{team_id}/scope', body)).toBe('field items[0].scope.boards[0].entity_provider_id must be a string');
  });
});

describe('the client refuses answers of the wrong shape', () => {
  async function clientAnswering(body: unknown, status = 200): Promise<EmClient> {
    server = await startScriptedServer((_q, res) => json(res, status, body));
    return new EmClient({ baseUrl: server.url, apiKey: 'secret-key', rateLimit: 0, maxTries: 1 });
  }

  it('an entity page answered with {items: []} names the route and the field', async () => {
    const client = await clientAnswering({ items: [] });
    const error = (await client.listEntities('boards').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('GET /api/v2/pm/entities/{entity_type} failed: the 200 answer does not have the documented shape: field total is missing');
  });

  it('a PM scope read with no items is an error, not an empty scope', async () => {
    const client = await clientAnswering({ team_id: 42 });
    const error = (await client.getTeamPmScope(42).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('GET /api/v1/pm/config/teams/{team_id}/scope failed');
    expect(error.message).toContain('field team_name is missing');
  });

  it('an empty 200 is an error where the route has a shape', async () => {
    server = await startScriptedServer((_q, res) => void res.writeHead(200).end());
    const client = new EmClient({ baseUrl: server.url, apiKey: 'secret-key', rateLimit: 0, maxTries: 1 });
    await expect(client.getOrgConfig()).rejects.toThrow('the body is empty');
  });

  it('a settings section field of the wrong type names the route and the field', async () => {
    const client = await clientAnswering({ repository_id: 1201, repository_name: 'acme/api', settings: { ...repositorySettings(), exclude_branches: { value: { patterns: 'main' }, source: 'global' } } });
    const error = (await client.getRepositoryConfig(1201).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      'GET /api/v1/git/repositories/{repo_id}/config failed: the 200 answer does not have the documented shape: field settings.exclude_branches.value.patterns must be a list',
    );
  });

  it('never echoes the key from a mismatching body', async () => {
    const client = await clientAnswering({ items: [{ id: 'secret-key' }] });
    const error = (await client.listIntegrations().catch((e: unknown) => e)) as ApiError;
    expect(error.message).not.toContain('secret-key');
  });
});

describe('the validators precompiled at build time', () => {
  it('are made from the schemas in the sources, one per distinct schema', async () => {
    await requireFreshDist();
    const require = createRequire(import.meta.url);
    const module = require(join(ROOT, 'dist', 'api', 'response-shape-validators.cjs')) as Record<string, unknown>;
    expect(module.shapesSha256).toBe(shapesDigest());
    expect(DISTINCT_SHAPES.every((_shape, i) => typeof module[`s${i}`] === 'function')).toBe(true);
    const validate = module[`s${DISTINCT_SHAPES.indexOf(RESPONSE_SCHEMAS['GET /api/v1/git/config'] as object)}`] as (body: unknown) => boolean;
    expect(validate({ settings: orgSettings() })).toBe(true);
    expect(validate({ settings: {} })).toBe(false);
  });
});
