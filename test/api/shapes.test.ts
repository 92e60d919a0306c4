// Every answer is checked against its route's documented shape before anything reads it.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { registerResponseShapes, responseShapeProblem } from '../../src/api/shapes.js';
import { json, startScriptedServer, type ScriptedServer } from './helpers/scripted-server.js';

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
  it.each(cases)('%s', (_name, route, body, expected) => {
    expect(responseShapeProblem(route, body)).toBe(expected);
  });

  it('names nested fields by path', () => {
    const body = { team_id: 1, team_name: 'a', items: [{ integration_id: 10, provider: 'tracker_a', integration_name: 'T', methodology: 'Scrum', scope: { boards: [{ entity_provider_id: 5 }] } }] };
    expect(responseShapeProblem('GET /api/v1/pm/config/teams/{team_id}/scope', body)).toBe('field items[0].scope.boards[0].entity_provider_id must be a string');
  });

  it('refuses a schema keyword the checker does not know', () => {
    expect(() => registerResponseShapes({ 'GET /x': { type: 'object', minProperties: 1 } })).toThrow('keyword "minProperties" is not supported');
  });

  it('takes shapes registered by other rooms', () => {
    registerResponseShapes({ 'GET /test/only': { type: 'object', required: ['x'] } });
    expect(responseShapeProblem('GET /test/only', {})).toBe('field x is missing');
    expect(responseShapeProblem('GET /test/only', { x: 1 })).toBeUndefined();
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

  it('never echoes the key from a mismatching body', async () => {
    const client = await clientAnswering({ items: [{ id: 'secret-key' }] });
    const error = (await client.listIntegrations().catch((e: unknown) => e)) as ApiError;
    expect(error.message).not.toContain('secret-key');
  });
});
