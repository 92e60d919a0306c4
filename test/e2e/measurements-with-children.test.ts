// `--with-children` / report key `with_children` (the API's `with_direct_children`), end to end
// against the emulator: a parent team's row takes in its direct child teams' contributors. By hand:
// Platform (40) is the parent of Payments (42), which is the parent of Ledger (44); Ana (501) is
// in Platform, Bo (502) in Payments, Cy (503) in Ledger; in the week from 2026-09-07 Ana merges 1
// pull request, Bo 2, Cy 4. Without children: 40 -> 1, 42 -> 2, 44 -> 4. With direct children:
// 40 -> 1 + 2 = 3 (Ledger is a grandchild), 42 -> 2 + 4 = 6, 44 -> 4.

import { beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';
import { sqliteStore } from '../measure/store/engines.js';

const pr = (id: number, author: number, day: number) =>
  `{ id: ${id}, repository_id: 1234, author_id: ${author}, branch: "f/${id}", first_commit_at: "2026-09-0${day}T00:00:00Z", opened_at: "2026-09-0${day}T01:00:00Z", merged_at: "2026-09-0${day}T02:00:00Z" }`;

const FIXTURE = gitOrganization({
  teams: ['{ id: 40, name: Platform }', '{ id: 42, name: Payments, parent_id: 40 }', '{ id: 44, name: Ledger, parent_id: 42 }'],
  repositories: [repository(1234, 'acme/api')],
  contributors: ['{ id: 501, name: Ana, team_ids: [40] }', '{ id: 502, name: Bo, team_ids: [42] }', '{ id: 503, name: Cy, team_ids: [44] }'],
  pullRequests: [pr(1, 501, 7), pr(2, 502, 7), pr(3, 502, 8), pr(4, 503, 8), pr(5, 503, 9), pr(6, 503, 9), pr(7, 503, 9)],
});

const WEEK = ['--metric', 'pr.merged', '--after', '2026-09-07', '--before', '2026-09-14', '--format', 'csv'];
const BY_TEAM = ['--group-by', 'team', '--team', '40,42,44'];

describe('--with-children', () => {
  const emulator = fixtureEmulator(FIXTURE);
  let dir: string;
  const emctl = (args: string[]) => emctlAgainst(emulator, ['measurements', ...args], { cwd: dir });

  beforeAll(async () => {
    dir = await tempDir('emctl-with-children-');
  });

  it("a parent's row takes in its direct child teams, not its grandchildren; the body says with_direct_children", async () => {
    const plain = await emctl([...WEEK, ...BY_TEAM]);
    expect(plain.stdout).toBe('after,before,team_id,team_name,pr.merged\n2026-09-07,2026-09-14,40,Platform,1\n2026-09-07,2026-09-14,42,Payments,2\n2026-09-07,2026-09-14,44,Ledger,4\n');
    const before = (await apiRequests(emulator.url)).length;
    const withChildren = await emctl([...WEEK, ...BY_TEAM, '--with-children']);
    expect(withChildren.code).toBe(0);
    expect(withChildren.stdout).toBe('after,before,team_id,team_name,pr.merged\n2026-09-07,2026-09-14,40,Platform,3\n2026-09-07,2026-09-14,42,Payments,6\n2026-09-07,2026-09-14,44,Ledger,4\n');
    const bodies = (await apiRequests(emulator.url)).slice(before).filter((r) => r.path === '/api/v2/measurements').map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((b) => b.with_direct_children)).toEqual([true]);
  });

  it('as a filter: the repository rows of a team and its direct children', async () => {
    const r = await emctl([...WEEK, '--group-by', 'repository', '--repository', 'acme/api', '--team', '42', '--with-children']);
    expect(r.stdout).toBe('after,before,repository_id,repository_name,pr.merged\n2026-09-07,2026-09-14,1234,acme/api,6\n');
  });

  it('a report key validated like the others, and a filter of the stored history: --from --with-children reads it back', async () => {
    const store = await sqliteStore(dir);
    const config = await writeConfig(
      `version: 1
teams:
  40: { name: Platform }
  42: { name: Payments }
  44: { name: Ledger }
reports:
  rollup:
    metrics: [pr.merged]
    group_by: team
    teams: managed
    with_children: true
    after: "2026-09-07"
    before: "2026-09-14"
    out: "sqlite:history.db"
`,
      dir,
    );
    const valid = await runEmctl(['validate', '-c', config], { cwd: dir });
    expect(valid.stderr).toBe('');
    expect(valid.code).toBe(0);
    expect((await emctl(['rollup', '-c', config])).code).toBe(0);
    expect((await emctl([...WEEK.slice(0, 6), ...BY_TEAM, '--out', store.target])).code).toBe(0);
    const filters = await store.query("SELECT DISTINCT filters FROM emctl_measurements ORDER BY filters");
    expect(filters).toEqual([{ filters: '{"with_direct_children":true}' }, { filters: '{}' }]);
    const back = await runEmctl(['measurements', '--from', store.target, '--group-by', 'team', '--with-children', '--format', 'csv'], { cwd: dir, env: {} });
    expect(back.stdout).toBe('after,before,team_id,team_name,pr.merged\n2026-09-07,2026-09-14,40,Platform,3\n2026-09-07,2026-09-14,42,Payments,6\n2026-09-07,2026-09-14,44,Ledger,4\n');
    const bad = await runEmctl(['validate', '-c', await writeConfig('version: 1\nreports:\n  r:\n    metrics: [pr.merged]\n    with_children: true\n', await tempDir())]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("emctl.yaml:5:20: report `r`: with_children folds each team's direct child teams into its values: it needs teams");
  });
});
