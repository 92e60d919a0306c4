// How one call's answer becomes per-address outcomes: every answer shape the spec describes.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { entryKey, narrowBody, NOT_REPORTED, outcomesFromError, outcomesFromResponse } from '../../src/apply/outcomes.js';
import type { Operation } from '../../src/core/plan-model.js';

function op(partial: Partial<Operation>): Operation {
  return {
    id: 'op1',
    stage: 1,
    method: 'PATCH',
    path: '/api/v1/git/repositories',
    route: 'PATCH /api/v1/git/repositories',
    addresses: [],
    dependsOn: [],
    description: 'test operation',
    ...partial,
  };
}

const monitor = op({
  addresses: ['repo["a"].monitored', 'repo["b"].monitored'],
  items: [
    { key: '1', address: 'repo["a"].monitored' },
    { key: '2', address: 'repo["b"].monitored' },
  ],
  body: { repositories: [{ id: 1, state: 'monitored' }, { id: 2, state: 'monitored' }] },
});

describe('entryKey', () => {
  it('names selections, PM scope items and repositories the way Operation.items does', () => {
    expect(entryKey({ entity_provider_id: '101', is_selected_for_collection: true })).toBe('101');
    expect(entryKey({ team_id: 42, integration_id: 10, code: 'x' })).toBe('42/10');
    expect(entryKey({ id: 1234, state: 'monitored' })).toBe('1234');
    expect(entryKey('nope')).toBeUndefined();
  });
});

describe('outcomesFromResponse', () => {
  it('maps a partial 200 item by item', () => {
    const out = outcomesFromResponse(monitor, {
      applied: [{ id: 1, state: 'monitored' }],
      rejected: [{ id: 2, state: 'monitored', code: 'backfill_in_progress', message: 'a backfill is running' }],
    });
    expect(out).toEqual([
      { address: 'repo["a"].monitored', status: 'applied', key: '1', httpStatus: 200 },
      { address: 'repo["b"].monitored', status: 'rejected', key: '2', code: 'backfill_in_progress', message: 'a backfill is running', httpStatus: 200 },
    ]);
  });

  it('never assumes an item the service did not mention was applied', () => {
    const out = outcomesFromResponse(monitor, { applied: [{ id: 1, state: 'monitored' }], rejected: [] });
    expect(out[1]).toMatchObject({ status: 'rejected', code: NOT_REPORTED });
  });

  it('lets addresses without an item follow the call (a methodology sent with its scope)', () => {
    const scope = op({
      addresses: ['team[42].pm.tracker.boards', 'team[42].pm.tracker.methodology'],
      items: [{ key: '42/10', address: 'team[42].pm.tracker.boards' }],
    });
    const out = outcomesFromResponse(scope, { applied: [{ team_id: 42, integration_id: 10 }], rejected: [] });
    expect(out.map((o) => o.status)).toEqual(['applied', 'applied']);
  });

  it('applies every address of a call without lists (a settings PATCH)', () => {
    const settings = op({ addresses: ['git.defaults.exclude_branches'] });
    expect(outcomesFromResponse(settings, { settings: {} })).toEqual([
      { address: 'git.defaults.exclude_branches', status: 'applied', httpStatus: 200 },
    ]);
  });
});

describe('outcomesFromError', () => {
  it('reads item rejections out of a nothing-applied 400', () => {
    const error = new ApiError({
      route: monitor.route,
      path: monitor.path,
      status: 400,
      tries: 1,
      body: {
        shape: 'items',
        applied: [],
        rejected: [
          { id: 1, code: 'repository_not_found', message: 'no repository 1' },
          { id: 2, code: 'write_failed', message: 'try again' },
        ],
      },
    });
    const out = outcomesFromError(monitor, error);
    expect(out.map((o) => [o.status, o.code, o.message])).toEqual([
      ['rejected', 'repository_not_found', 'no repository 1'],
      ['rejected', 'write_failed', 'try again'],
    ]);
  });

  it('rejects every address of a whole-call 4xx with the body\'s words', () => {
    const error = new ApiError({ route: 'PATCH /api/v1/git/config', path: '/api/v1/git/config', status: 400, tries: 1, body: { shape: 'detail', detail: 'invalid regular expression' } });
    const out = outcomesFromError(op({ addresses: ['a', 'b'] }), error);
    expect(out).toEqual([
      { address: 'a', status: 'rejected', message: '400: invalid regular expression', httpStatus: 400 },
      { address: 'b', status: 'rejected', message: '400: invalid regular expression', httpStatus: 400 },
    ]);
  });

  it('keeps the error\'s detail lines the message does not already say', () => {
    // A refused key: the message is the service's words, the detail line says where the key comes from.
    const refusedKey = new ApiError({ route: 'PUT /api/v1/git/config/teams/{team_id}/scope', path: '/api/v1/git/config/teams/44/scope', status: 401, tries: 1, body: { shape: 'detail', detail: 'Unauthorized: invalid API key' } });
    expect(outcomesFromError(op({ addresses: ['a', 'b'] }), refusedKey)).toEqual(
      ['a', 'b'].map((address) => ({
        address,
        status: 'rejected',
        message: '401: Unauthorized: invalid API key',
        details: ['the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file'],
        httpStatus: 401,
      })),
    );
    // A list answer with no items to map it onto: each rejected entry, with who it was, on its own line.
    const unmapped = new ApiError({
      route: monitor.route,
      path: monitor.path,
      status: 400,
      tries: 1,
      body: { shape: 'items', applied: [], rejected: [{ id: 7, code: 'repository_not_found', message: 'no repository 7' }, { id: 8, code: 'write_failed', message: 'try again' }] },
    });
    expect(outcomesFromError(op({ addresses: ['a'] }), unmapped)[0]).toMatchObject({
      code: 'repository_not_found',
      message: '400: no repository 7; try again',
      details: ['id=7: repository_not_found: no repository 7', 'id=8: write_failed: try again'],
    });
    // A validation list is already whole in the message: no line is repeated under it.
    const validation = new ApiError({
      route: 'PATCH /api/v1/git/config',
      path: '/api/v1/git/config',
      status: 422,
      tries: 1,
      body: { shape: 'validation', detail: [{ type: 't', loc: ['body', 'a'], msg: 'bad a' }, { type: 't', loc: ['body', 'b'], msg: 'bad b' }] },
    });
    const [only] = outcomesFromError(op({ addresses: ['a'] }), validation);
    expect(only?.message).toBe('422: body.a: bad a; body.b: bad b');
    expect(only).not.toHaveProperty('details');
  });

  it('a call whose answer was lost (reset after sending) is unknown, not rejected', () => {
    const error = new ApiError({ route: 'r', path: '/p', status: undefined, tries: 5, body: { shape: 'none', text: '' }, cause: 'connection reset' });
    expect(outcomesFromError(op({ addresses: ['a'] }), error)[0]).toMatchObject({ status: 'unknown', code: 'response_lost' });
  });

  it('a gateway 502/504 without item lists is unknown too', () => {
    for (const status of [502, 504]) {
      const error = new ApiError({ route: 'r', path: '/p', status, tries: 5, body: { shape: 'none', text: '<html>' } });
      expect(outcomesFromError(op({ addresses: ['a'] }), error)[0]).toMatchObject({ status: 'unknown', code: 'response_lost' });
    }
  });

  it('a call that never reached the service is rejected: it was not sent', () => {
    const error = new ApiError({
      route: 'r',
      path: '/p',
      status: undefined,
      tries: 5,
      body: { shape: 'none', text: '' },
      cause: 'connection refused',
      unreached: { url: 'http://127.0.0.1:9/', host: '127.0.0.1', code: 'ECONNREFUSED' },
    });
    expect(outcomesFromError(op({ addresses: ['a'] }), error)[0]).toMatchObject({ status: 'rejected', code: 'no_response' });
  });
});

describe('narrowBody', () => {
  it('keeps only the entries to re-send, for each list-shaped body', () => {
    const keys = new Set(['2', '42/11', 'B']);
    expect(narrowBody(monitor.body, keys)).toEqual({ repositories: [{ id: 2, state: 'monitored' }] });
    expect(
      narrowBody({ entities: [{ entity_provider_id: 'A', is_selected_for_collection: false }, { entity_provider_id: 'B', is_selected_for_collection: false }] }, keys),
    ).toEqual({ entities: [{ entity_provider_id: 'B', is_selected_for_collection: false }] });
    expect(
      narrowBody(
        {
          teams: [
            { team_id: 42, items: [{ integration_id: 10, scope: {} }, { integration_id: 11, scope: {} }] },
            { team_id: 43, items: [{ integration_id: 10, scope: {} }] },
          ],
        },
        keys,
      ),
    ).toEqual({ teams: [{ team_id: 42, items: [{ integration_id: 11, scope: {} }] }] });
  });

  it('says when a body has no list to narrow', () => {
    expect(narrowBody({ releases_detection: { method: 'api' } }, new Set(['x']))).toBeUndefined();
    expect(narrowBody(undefined, new Set(['x']))).toBeUndefined();
  });
});
