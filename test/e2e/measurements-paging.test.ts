// `emctl measurements` reads of groups it has no id list for, over real HTTP: contributors with no
// --contributor are asked in one page of 10,000 (more pages, by offset, only after a full one); grouping by repository with no
// --repository takes every monitored repository (one filtered read of the list), with names;
// repositories given by id are named from one read of the whole list.
//
// Activity: 130 contributors, each the author of one merged pull request in acme/api (1234); one
// more in acme/web (1235). acme/old (1236) is not monitored and has no activity.

import { describe, expect, it } from 'vitest';
import { apiRequests } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';

const PEOPLE = Array.from({ length: 130 }, (_, i) => 601 + i);
const pr = (id: number, repo: number, author: number) =>
  `{ id: ${id}, repository_id: ${repo}, author_id: ${author}, branch: f/${id}, first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T01:00:00Z", merged_at: "2026-09-02T00:00:00Z" }`;

const FIXTURE = gitOrganization({
  teams: ['{ id: 42, name: Payments }'],
  repositories: [repository(1234, 'acme/api'), repository(1235, 'acme/web'), repository(1236, 'acme/old', 'not_monitored')],
  contributors: PEOPLE.map((id) => `{ id: ${id}, name: P${id}, team_ids: [42] }`),
  pullRequests: [...PEOPLE.map((id) => pr(9000 + id, 1234, id)), pr(20000, 1235, 601)],
});

/**
 * The calls a report of `groups` contributors takes, computed here from the documented page size
 * (docs/measurements.md: 10,000 groups a page, the next page only after a full one): [limit, offset].
 */
function contributorPages(groups: number): [number, number][] {
  const limit = 10_000;
  return Array.from({ length: Math.floor(groups / limit) + 1 }, (_, i) => [limit, i * limit]);
}

const WINDOW = ['--after', '2026-09-01', '--before', '2026-09-08'];
const emulator = fixtureEmulator(FIXTURE, { reset: true });
const emctl = (args: string[]) => emctlAgainst(emulator, ['measurements', ...args]);

describe('groups without an id list', () => {
  it('contributors: one call while the groups fit a page, every group once', async () => {
    const r = await emctl(['--metric', 'pr.merged', ...WINDOW, '--group-by', 'contributor', '--format', 'csv']);
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(130);
    // Names from the service's contributor list (DESIGN 13), read beside the measurement call.
    expect(r.stdout.split('\n')[0]).toBe('after,before,contributor_id,contributor_name,pr.merged');
    expect(rows[0]).toBe('2026-09-01,2026-09-08,601,P601,2');
    expect(rows[129]).toBe('2026-09-01,2026-09-08,730,P730,1');
    expect((await apiRequests(emulator.url)).filter((q) => q.path === '/api/v1/users')).toHaveLength(Math.ceil(130 / 50));
    const calls = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v2/measurements');
    expect(calls.map((c) => [(c.body as { limit: number }).limit, (c.body as { offset: number }).offset])).toEqual(contributorPages(130));
  });

  it('--server-export of contributors: the export paged like the v2 call, every group once', async () => {
    const r = await emctl(['--metric', 'pr.merged', ...WINDOW, '--group-by', 'contributor', '--server-export', '--format', 'csv', '--order-by', 'pr.merged', '--desc']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('after,before,contributor_id,contributor_name,pr.merged');
    expect(lines).toHaveLength(131);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[2])).size).toBe(130);
    // Re-ordered across the pages: the one with 2 first, then the rest by id.
    expect(lines[1]).toBe('2026-09-01,2026-09-08,601,P601,2');
    expect(lines[2]).toBe('2026-09-01,2026-09-08,602,P602,1');
    expect(lines[130]).toBe('2026-09-01,2026-09-08,730,P730,1');
    const calls = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v2/measurements/export');
    expect(calls.map((c) => [(c.body as { limit: number }).limit, (c.body as { offset: number }).offset])).toEqual(contributorPages(130));
  });

  it('repositories: every monitored one, named, from one filtered read of the list', async () => {
    const r = await emctl(['--metric', 'pr.merged', ...WINDOW, '--group-by', 'repository', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('after,before,repository_id,repository_name,pr.merged\n2026-09-01,2026-09-08,1234,acme/api,130\n2026-09-01,2026-09-08,1235,acme/web,1\n');
    const reads = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v1/git/repositories');
    expect(reads.map((q) => q.query.state)).toEqual(['monitored']);
    const calls = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v2/measurements');
    expect(calls.map((c) => (c.body as { repository_ids: number[] }).repository_ids)).toEqual([[1234, 1235]]);
  });

  it('repositories given by id: named from one read of the whole list', async () => {
    const r = await emctl(['--metric', 'pr.merged', ...WINDOW, '--group-by', 'repository', '--repository', '1235,acme/api', '--format', 'csv']);
    expect(r.stdout).toBe('after,before,repository_id,repository_name,pr.merged\n2026-09-01,2026-09-08,1234,acme/api,130\n2026-09-01,2026-09-08,1235,acme/web,1\n');
    const reads = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v1/git/repositories');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.query.name).toBeUndefined();
  });
});
