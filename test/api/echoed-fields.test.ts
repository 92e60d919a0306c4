// Fields an answer echoes from its request are compared with the path that was sent.

import { describe, expect, it } from 'vitest';
import { echoedFieldProblem } from '../../src/api/echoed-fields.js';

const PM = 'GET /api/v1/pm/config/teams/{team_id}/scope';
const REPO = 'PATCH /api/v1/git/repositories/{repo_id}/config';
const item = (integration_id: unknown) => ({ integration_id, provider: 'tracker_a', integration_name: 'T', scope: {}, methodology: 'Scrum' });

describe('echoedFieldProblem', () => {
  it.each([
    ['the team asked for', PM, '/api/v1/pm/config/teams/42/scope?integration_ids=10', { team_id: 42, items: [item(10)] }, undefined],
    // Issue 32 item 3: an empty `items` was planned as an empty scope.
    ['no item for the integration asked', PM, '/api/v1/pm/config/teams/42/scope?integration_ids=10', { team_id: 42, items: [] }, 'field items has no entry for integration 10, which the request asked for (a scope the service holds is never left out; an unscoped team is `scope: {}`)'],
    ['one of two integrations left out', PM, '/api/v1/pm/config/teams/42/scope?integration_ids=10,11', { team_id: 42, items: [item(11)] }, 'field items has no entry for integration 10, which the request asked for (a scope the service holds is never left out; an unscoped team is `scope: {}`)'],
    ['an integration not asked for', PM, '/api/v1/pm/config/teams/42/scope?integration_ids=10', { team_id: 42, items: [item(10), item(12)] }, 'field items[1].integration_id is 12, an integration the request did not ask for (it asked for 10)'],
    ['every integration (none named): nothing to check', PM, '/api/v1/pm/config/teams/42/scope', { team_id: 42, items: [] }, undefined],
    ['another team', PM, '/api/v1/pm/config/teams/42/scope', { team_id: 41, items: [] }, 'field team_id is 41, the request asked for 42'],
    ['the team id as a string', PM, '/api/v1/pm/config/teams/42/scope', { team_id: '42', items: [] }, 'field team_id is "42", the request asked for 42'],
    ['another repository, on a write answer', REPO, '/api/v1/git/repositories/1201/config', { repository_id: 1202 }, 'field repository_id is 1202, the request asked for 1201'],
    ['a write answer without the echoed field', 'PATCH /api/v1/pm/config/teams/scope', '/api/v1/pm/config/teams/scope', { applied: [], rejected: [] }, undefined],
    ['a Git scope with a scope key after the team', 'DELETE /api/v1/git/config/teams/{team_id}/scope/{scope_key}', '/api/v1/git/config/teams/7/scope/services', { team_id: 8 }, 'field team_id is 8, the request asked for 7'],
    ['each integration once', PM, '/api/v1/pm/config/teams/42/scope', { team_id: 42, items: [item(10), item(11)] }, undefined],
    ['one integration twice', PM, '/api/v1/pm/config/teams/42/scope', { team_id: 42, items: [item(10), item(11), item(10)] }, 'field items[2].integration_id repeats integration 10 of items[0]'],
    ['a route that echoes nothing', 'GET /api/v1/integrations', '/api/v1/integrations', { items: [item(1), item(1)] }, undefined],
    ['a body that is not an object', PM, '/api/v1/pm/config/teams/42/scope', [], undefined],
  ])('%s', (_name, route, path, body, expected) => {
    expect(echoedFieldProblem(route, path, body)).toBe(expected);
  });
});
