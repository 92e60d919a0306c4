// `emctl measurements --out sqlite:|postgres://` and `--from` end to end (DESIGN.md §10): the real
// CLI over real HTTP against the emulator, into a real SQLite file and (with EMCTL_TEST_PG_URL) a
// real PostgreSQL server. The fixture's numbers, by hand (ISO weeks from Monday 2026-08-31):
//
//   PR    repo      branch        base       opened (first commit 09-01 00:00)  merged
//   9001  acme/api  feature/a     main       09-01 06:00                        09-02
//   9002  acme/api  dependabot/x  main       09-01 06:00                        09-03
//   9003  acme/api  renovate/y    main       09-01 06:00                        09-04
//   9004  acme/web  feature/b     release/1  09-01 06:00                        09-05
//   9005  acme/web  experiment/z  main       09-01 06:00                        09-06
//
// Before: the organization excludes ^dependabot/ -> week 1: api merges 9001, 9003 (2), web 9004,
// 9005 (2); every PR took 360 minutes to open (mean 360). Week 2 has no activity: null rows.
// After the apply (^renovate/ for all, web excludes ^experiment/ and base ^release/): api 1
// (9001), web nothing: its week-1 values become null.

import { beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { EXCLUSIONS_APPLY, EXCLUSIONS_FIXTURE } from '../helpers/exclusions-fixture.js';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { describeStore, emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { ENGINES } from '../measure/store/engines.js';

const FIXTURE = EXCLUSIONS_FIXTURE;
const APPLY = EXCLUSIONS_APPLY;

const REQUEST = ['--metric', 'pr.merged,branch.time_to_pr', '--group-by', 'repository', '--repository', 'acme/api,acme/web', '--roll-up', '1w', '--after', '2026-08-31', '--before', '2026-09-14'];
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A stored row without fetched_at: [metric, group_id, group_name, after, before, value]. */
type Row = [string, string, string | null, string, string, number | null];

function expectedRows(week1: { api: [number, number]; web: [number | null, number | null] }): Row[] {
  // Key order: metric, then group_id, then the bucket.
  return [
    ['branch.time_to_pr', '1234', 'acme/api', '2026-08-31', '2026-09-07', week1.api[1]],
    ['branch.time_to_pr', '1234', 'acme/api', '2026-09-07', '2026-09-14', null],
    ['branch.time_to_pr', '1235', 'acme/web', '2026-08-31', '2026-09-07', week1.web[1]],
    ['branch.time_to_pr', '1235', 'acme/web', '2026-09-07', '2026-09-14', null],
    ['pr.merged', '1234', 'acme/api', '2026-08-31', '2026-09-07', week1.api[0]],
    ['pr.merged', '1234', 'acme/api', '2026-09-07', '2026-09-14', null],
    ['pr.merged', '1235', 'acme/web', '2026-08-31', '2026-09-07', week1.web[0]],
    ['pr.merged', '1235', 'acme/web', '2026-09-07', '2026-09-14', null],
  ];
}

describe.each(ENGINES)('measurements history in %s', (engine) => {
  const emulator = fixtureEmulator(FIXTURE);
  const store = describeStore(engine);
  let dir: string;
  let source: string;

  const emctl = (args: string[]) => emctlAgainst(emulator, args, { cwd: dir });

  async function stored(): Promise<{ rows: Row[]; fetched: string[]; rest: Set<string> }> {
    const rows = await store.rows();
    return {
      rows: rows.map((r) => [r.metric, r.group_id, r.group_name, r.after, r.before, r.value === null ? null : Number(r.value)] as Row),
      fetched: rows.map((r) => String(r.fetched_at)),
      rest: new Set(rows.map((r) => JSON.stringify([r.source, r.group_by, r.roll_up, r.filters]))),
    };
  }

  beforeAll(async () => {
    dir = await tempDir('emctl-store-e2e-');
    source = new URL(emulator.url).origin;
  });

  it('writes exactly the hand-computed rows, a null row for every group and bucket without data; a re-run adds no row', async () => {
    const first = await emctl(['measurements', ...REQUEST, '--out', store.target]);
    expect(first.stdout).toBe('');
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^wrote 8 rows to /);
    const before = await stored();
    expect(before.rows).toEqual(expectedRows({ api: [2, 360], web: [2, 360] }));
    expect([...before.rest]).toEqual([JSON.stringify([source, 'repository', '1w', '{}'])]);
    for (const f of before.fetched) expect(f).toMatch(STAMP);

    const again = await emctl(['measurements', ...REQUEST, '--out', store.target]);
    expect(again.code).toBe(0);
    const after = await stored();
    expect(after.rows).toEqual(before.rows);
    after.fetched.forEach((f, i) => expect(f >= (before.fetched[i] ?? '')).toBe(true));
    const meta = await store.query('SELECT key, value FROM emctl_meta ORDER BY key');
    // What the runs fetched of ended weeks, per metric: the two runs' one span, not two.
    const fetched = (metric: string) => ({ key: `fetched:${JSON.stringify([source, 'repository', '1w', '{}', metric])}`, value: JSON.stringify([['2026-08-31', '2026-09-14']]) });
    expect(meta).toEqual([fetched('branch.time_to_pr'), fetched('pr.merged'), { key: 'longest_bucket_days:1w', value: '7' }, { key: 'schema_version', value: '2' }]);
  });

  it('after a settings change that recomputes history, a re-run replaces the values in place', async () => {
    const config = await writeConfig(APPLY, await tempDir('emctl-store-apply-'));
    const applied = await emctl(['apply', '-c', config, '--auto-approve']);
    expect(applied.code).toBe(0);
    const r = await emctl(['measurements', ...REQUEST, '--out', store.target]);
    expect(r.code).toBe(0);
    expect((await stored()).rows).toEqual(expectedRows({ api: [1, 360], web: [null, null] }));
  });

  it('--from renders the stored rows with no key and no API request; selection flags filter', async () => {
    const requests = (await apiRequests(emulator.url)).length;
    const csv = await runEmctl(['measurements', '--from', store.target, '--format', 'csv'], { cwd: dir, env: {} });
    expect(csv.stderr).toBe('');
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(
      [
        'after,before,repository_id,repository_name,branch.time_to_pr,pr.merged',
        '2026-08-31,2026-09-07,1234,acme/api,360,1',
        '2026-08-31,2026-09-07,1235,acme/web,,',
        '2026-09-07,2026-09-14,1234,acme/api,,',
        '2026-09-07,2026-09-14,1235,acme/web,,',
        '',
      ].join('\n'),
    );
    const json = await runEmctl(['measurements', '--from', store.target, '--metric', 'pr.merged', '--group-by', 'repository', '--repository', 'acme/web', '--after', '2026-08-31', '--before', '2026-09-07', '--format', 'json'], { cwd: dir, env: {} });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([{ after: '2026-08-31', before: '2026-09-07', metrics: [{ repository_id: 1235, repository_name: 'acme/web', 'pr.merged': null }] }]);
    for (const format of ['table', 'markdown', 'chart', 'html']) {
      const r = await runEmctl(['measurements', '--from', store.target, '--format', format], { cwd: dir, env: {} });
      expect(r.code, format).toBe(0);
      expect(r.stdout, format).toContain('acme/api');
    }
    expect((await apiRequests(emulator.url)).length).toBe(requests);
  });

  it('--from asking for what the store does not hold is an error listing what it holds', async () => {
    const metric = await runEmctl(['measurements', '--from', store.target, '--metric', 'pr.new'], { cwd: dir, env: {} });
    expect(metric.code).toBe(1);
    expect(metric.stderr).toContain('the store holds no pr.new for this selection; it holds: branch.time_to_pr, pr.merged');
    expect(metric.stderr).toContain(`${source}: by repository, roll-up 1w, 2026-08-31 to 2026-09-14 (before): branch.time_to_pr, pr.merged`);
    const group = await runEmctl(['measurements', '--from', store.target, '--group-by', 'repository', '--repository', 'acme/cli'], { cwd: dir, env: {} });
    expect(group.code).toBe(1);
    expect(group.stderr).toContain('the store holds no group acme/cli for this selection; it holds 2: 1234 (acme/api), 1235 (acme/web)');
    const grouping = await runEmctl(['measurements', '--from', store.target, '--group-by', 'team'], { cwd: dir, env: {} });
    expect(grouping.code).toBe(1);
    expect(grouping.stderr).toContain('the store holds no measurements grouped by team (it holds repository)');
    // Inside the stored range, but no whole stored week inside the window: refused, never an empty report.
    const window = await runEmctl(['measurements', '--from', store.target, '--after', '2026-09-02', '--before', '2026-09-05'], { cwd: dir, env: {} });
    expect(window.code).toBe(1);
    expect(window.stdout).toBe('');
    expect(window.stderr).toContain('the store holds no whole bucket inside [2026-09-02, 2026-09-05) for this selection');
  });

  it('a database written by a newer emctl (version 3) is refused before any request, naming both versions, and nothing is written', async () => {
    const rowsBefore = await store.rows();
    await store.query("UPDATE emctl_meta SET value = '3' WHERE key = 'schema_version'");
    const requests = (await apiRequests(emulator.url)).length;
    const r = await emctl(['measurements', ...REQUEST, '--out', store.target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has schema version 3, written by a newer emctl; this emctl writes version 2 and leaves the database as it is/);
    expect((await apiRequests(emulator.url)).length).toBe(requests);
    expect(await store.rows()).toEqual(rowsBefore);
    expect(await store.query("SELECT value FROM emctl_meta WHERE key = 'schema_version'")).toEqual([{ value: '3' }]);
  });
});
