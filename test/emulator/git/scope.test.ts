// Endpoint 13 over real HTTP: team Git scope read (monitored repositories only), PUT/PATCH
// merge/add/DELETE/DELETE key, refusals that change nothing, and body validation (422).

import { expect, test } from 'vitest';
import { call, clientFor, hasIssueAt, sharedEmulator } from '../helpers.js';

const emu = sharedEmulator();

const path = (team: number | string) => `/api/v1/git/config/teams/${team}/scope`;
async function scope(team = 42) {
  const r = await call(emu, 'GET', path(team));
  return { repos: r.body.repositories.map((x: { id: number }) => x.id), services: r.body.services.map((x: { id: number }) => x.id) };
}

test('GET: repositories with name and url, services with name', async () => {
  const client = await clientFor(emu);
  const r = await client.getTeamGitScope(42);
  expect(r).toEqual({
    team_id: 42,
    team_name: 'Payments',
    repositories: [
      { id: 1201, name: 'acme/api', url: 'https://code.host-a.example/acme/api' },
      { id: 1234, name: 'acme/payments-service', url: 'https://code.host-a.example/acme/payments-service' },
    ],
    services: [{ id: 7, name: 'billing' }],
  });
});

test('only monitored repositories are listed', async () => {
  await call(emu, 'PATCH', '/api/v1/git/repositories', { body: { repositories: [{ id: 2102, state: 'not_monitored' }] } });
  expect((await scope(46)).repos).toEqual([1219, 2101]);
});

test('PUT replaces: a key not sent is cleared', async () => {
  const client = await clientFor(emu);
  await client.putTeamGitScope(42, { repository_ids: [1202] });
  expect(await scope()).toEqual({ repos: [1202], services: [] });
});

test('PATCH merge replaces the keys sent; add adds and removes none', async () => {
  const client = await clientFor(emu);
  await client.patchTeamGitScope(42, { service_ids: [8] });
  expect(await scope()).toEqual({ repos: [1201, 1234], services: [8] });
  await client.patchTeamGitScope(42, { repository_ids: [1203, 1201], service_ids: [] }, 'add');
  expect(await scope()).toEqual({ repos: [1201, 1203, 1234], services: [8] });
});

test('DELETE clears both keys; DELETE one key clears that key', async () => {
  const client = await clientFor(emu);
  await client.clearTeamGitScopeKey(42, 'repositories');
  expect(await scope()).toEqual({ repos: [], services: [7] });
  await client.deleteTeamGitScope(42);
  expect(await scope()).toEqual({ repos: [], services: [] });
});

test.each([
  ['an unknown repository', { repository_ids: [1201, 999999] }, /repositories not found: 999999/],
  ['a repository not monitored', { repository_ids: [1208] }, /not monitored: 1208/],
  ['an unknown service', { service_ids: [77] }, /services not found: 77/],
])('%s -> 400, nothing changes', async (_name, body, message) => {
  const r = await call(emu, 'PUT', path(42), { body });
  expect(r.status).toBe(400);
  expect(r.body.detail).toMatch(message);
  expect(await scope()).toEqual({ repos: [1201, 1234], services: [7] });
});

test.each([
  ['GET', path(999), undefined, 404],
  ['PUT', path(999), { service_ids: [] }, 404],
  ['GET', path(0), undefined, 422],
  ['GET', path('x'), undefined, 422],
  ['PUT', path(42), {}, 422],
  ['PUT', path(42), { repository_ids: [1201], teams: [] }, 422],
  ['PUT', path(42), { repository_ids: ['1201'] }, 422],
  ['PUT', path(42), { repository_ids: [0] }, 422],
  ['PUT', path(42), { repository_ids: Array.from({ length: 10001 }, (_, i) => i + 1) }, 422],
  ['PUT', path(42), { repository_ids: Array.from({ length: 10000 }, (_, i) => i + 1) }, 400],
  ['PATCH', `${path(42)}?mode=replace`, { service_ids: [] }, 422],
  ['DELETE', `${path(42)}/teams`, undefined, 422],
])('%s %s -> %i', async (method, url, body, status) => {
  const r = await call(emu, method, url, { body });
  expect(r.status).toBe(status);
  if (status === 422) expect(Array.isArray(r.body.detail)).toBe(true);
});

test('422 names the field', async () => {
  const r = await call(emu, 'PUT', path(42), { body: { service_ids: [7, 'x'] } });
  expect(hasIssueAt(r.body, ['body', 'service_ids', 1])).toBe(true);
});
