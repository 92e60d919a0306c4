// The matcher the end-to-end tests use to tell a planned write from a stray one: exact calls and
// item re-sends pass; anything else, however close, is named.

import { describe, expect, it } from 'vitest';
import * as rq from '../../src/api/requests.js';
import { describeWrite, writeOfOperation, writesOutsidePlan } from './plan-writes.js';

const monitor = {
  ...rq.setMonitoring([
    { id: 1211, state: 'monitored' },
    { id: 1210, state: 'monitored' },
  ]),
  items: [
    { key: '1211', address: 'a' },
    { key: '1210', address: 'b' },
  ],
};
const scope = (teamId: number, integrationId = 10) => ({ team_id: teamId, items: [{ integration_id: integrationId, scope: { labels: [{ name: 'backend' }] } }] });
const scopes = {
  ...rq.patchTeamPmScopes({ teams: [{ ...scope(44), items: [...scope(44).items, ...scope(44, 11).items] }, scope(45)] }, 'merge'),
  items: [
    { key: '44/10', address: 'c' },
    { key: '44/11', address: 'd' },
    { key: '45/10', address: 'e' },
  ],
};
const defaults = rq.patchOrgConfig({ active_branches_duration: { days: 3 } });

/** How the emulator logs a call: path and query apart, the body as JSON. */
function logged(d: { method: string; path: string; body?: unknown }, ...sent: [unknown?]) {
  const body = sent.length > 0 ? sent[0] : d.body;
  const url = new URL(d.path, 'http://x');
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  return body === undefined ? { method: d.method, path: url.pathname, query } : { method: d.method, path: url.pathname, query, body: JSON.parse(JSON.stringify(body)) as unknown };
}

describe('writesOutsidePlan', () => {
  it('accepts the exact calls and item re-sends of them', () => {
    const writes = [
      logged(monitor),
      logged(monitor, { repositories: [{ id: 1210, state: 'monitored' }] }),
      logged(scopes),
      logged(scopes, { teams: [{ team_id: 44, items: [scope(44, 11).items[0]] }] }),
      logged(scopes, { teams: [scope(44), scope(45)] }),
      logged(defaults),
    ];
    expect(writesOutsidePlan(writes, [monitor, scopes, defaults])).toEqual([]);
  });

  it.each([
    ['another value in a list entry', logged(monitor, { repositories: [{ id: 1210, state: 'not_monitored' }] }), monitor],
    ['an entry the operation does not carry', logged(monitor, { repositories: [{ id: 1299, state: 'monitored' }] }), monitor],
    ['an entry twice', logged(monitor, { repositories: [{ id: 1210, state: 'monitored' }, { id: 1210, state: 'monitored' }] }), monitor],
    ['an empty list', logged(monitor, { repositories: [] }), monitor],
    ['another field beside the list', logged(monitor, { repositories: [{ id: 1210, state: 'monitored' }], extra: 1 }), monitor],
    ['a team item with another scope', logged(scopes, { teams: [{ team_id: 45, items: [{ integration_id: 10, scope: {} }] }] }), scopes],
    ['a team the operation does not write', logged(scopes, { teams: [scope(46)] }), scopes],
    ['another body for a call without items', logged(defaults, { active_branches_duration: { days: 4 } }), defaults],
    ['a part of a call without items', logged(defaults, {}), defaults],
    ['no body where one is planned', logged(defaults, undefined), defaults],
    ['another query', { ...logged(scopes), query: { mode: 'replace' } }, scopes],
    ['another path', { ...logged(defaults), path: '/api/v1/git/config/x' }, defaults],
    ['another method', { ...logged(defaults), method: 'PUT' }, defaults],
  ])('names a write with %s', (_, write, op) => {
    expect(writeOfOperation(write, op)).toBe(false);
    expect(writesOutsidePlan([write], [monitor, scopes, defaults])).toEqual([describeWrite(write)]);
  });
});
