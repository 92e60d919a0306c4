// Repository names to ids in as few calls as the list allows (src/measure/repositories.ts), over
// real HTTP: up to 3 names are looked up one call each; past that a one-row probe reads the list's
// total, and the whole list is paged (100 a page) when that takes fewer calls than the names.
//
// 450 monitored repositories r0..r449 (ids 1000..1449), 5 pages; one merged PR in each of r0..r9.
//   3 names: 3 lookups, no probe.
//   4 names: probe + 4 lookups (5 pages would cost more).
//   6 names: probe + 5 pages (cheaper than 6 lookups); a typo then gets a did-you-mean.

import { describe, expect, it } from 'vitest';
import { apiRequests } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator, resetEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';

const REPOS = Array.from({ length: 450 }, (_, i) => i);
const FIXTURE = gitOrganization({
  repositories: REPOS.map((i) => repository(1000 + i, `r${i}`, 'monitored', `R${i}`)),
  contributors: ['{ id: 501, name: Ana }'],
  pullRequests: REPOS.slice(0, 10).map(
    (i) => `{ id: ${9000 + i}, repository_id: ${1000 + i}, author_id: 501, branch: f/${i}, first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T01:00:00Z", merged_at: "2026-09-02T00:00:00Z" }`,
  ),
});

const emulator = fixtureEmulator(FIXTURE, { reset: true });

async function merged(names: string[]) {
  const r = await emctlAgainst(emulator, ['measurements', '--metric', 'pr.merged', '--after', '2026-09-01', '--before', '2026-09-08', '--group-by', 'repository', '--repository', names.join(','), '--format', 'csv']);
  const reads = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v1/git/repositories').map((q) => q.query);
  return { ...r, reads };
}

const rows = (ids: number[]) => ['after,before,repository_id,repository_name,pr.merged', ...ids.map((i) => `2026-09-01,2026-09-08,${1000 + i},r${i},1`)].join('\n') + '\n';

describe('repository names to ids', () => {
  it('3 names: one lookup each, no probe', async () => {
    const r = await merged(['r2', 'r0', 'r1']);
    expect(r.stdout).toBe(rows([0, 1, 2]));
    expect(r.reads.map((q) => q.name).sort()).toEqual(['r0', 'r1', 'r2']);
  });

  it('4 names in a list of 5 pages: a probe, then one lookup each', async () => {
    const r = await merged(['r0', 'r1', 'r2', 'r3']);
    expect(r.stdout).toBe(rows([0, 1, 2, 3]));
    expect(r.reads.filter((q) => q.name === undefined).map((q) => q.page_size)).toEqual(['1']);
    expect(r.reads.map((q) => q.name).filter(Boolean).sort()).toEqual(['r0', 'r1', 'r2', 'r3']);
  });

  it('6 names in a list of 5 pages: a probe, then the whole list; a typo gets a did-you-mean', async () => {
    const r = await merged(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(r.stdout).toBe(rows([0, 1, 2, 3, 4, 5]));
    expect(r.reads).toHaveLength(1 + 5);
    expect(r.reads.every((q) => q.name === undefined)).toBe(true);

    await resetEmulator(emulator);
    const typo = await merged(['r0', 'r1', 'r2', 'r3', 'r4', 'r4499']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('no repository named `r4499`; did you mean `r449`?');
  });
});
