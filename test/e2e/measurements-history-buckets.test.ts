// One bucket per moment and partial buckets (DESIGN.md §10, schema version 2), end to end: the real
// CLI over real HTTP against the emulator, under a fake clock, into a real SQLite file and (with
// EMCTL_TEST_PG_URL) a real PostgreSQL server. Weekly runs and then a backfill between two
// Wednesdays hold every day once: the backfill is widened to the ISO weeks it touches, so no two
// stored buckets of a series overlap (the self-join a dashboard author would write finds none)
// and no day is lost; a week stored in progress is `complete` false until a later run refetches it;
// a version-1 database migrates (complete computed, overlaps resolved latest fetch first). The
// fixture (helpers/daily-fixture.ts) merges one pull request a day in each repository, so a week's
// pr.merged is 7 and a sum over the table shows at once when a day is counted twice.

import { beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { DAILY_FIXTURE } from '../helpers/daily-fixture.js';
import { tempDir } from '../helpers/emulator.js';
import { describeStore, emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { ENGINES, type EngineName, type TestStore } from '../measure/store/engines.js';
import { OVERLAPS_SQL, writeV1Postgres, writeV1Sqlite, type V1Row } from '../measure/store/v1-database.js';

const REPOS = ['--metric', 'pr.merged', '--group-by', 'repository', '--repository', 'acme/api,acme/web', '--roll-up', '1w'];

const emulator = fixtureEmulator(DAILY_FIXTURE);
let dir: string;

beforeAll(async () => {
  dir = await tempDir('emctl-history-buckets-');
});

function emctl(args: string[], now: string) {
  return emctlAgainst(emulator, args, { cwd: dir, now: new Date(now) });
}

/** The stored weeks of acme/api's pr.merged: [after, before, value, complete]. */
async function apiWeeks(store: TestStore): Promise<[string, string, number | null, boolean][]> {
  const rows = await store.rows();
  return rows
    .filter((r) => r.group_id === '1234' && r.metric === 'pr.merged')
    .map((r) => [String(r.after), String(r.before), r.value === null ? null : Number(r.value), r.complete === true || r.complete === 1]);
}

describe.each(ENGINES)('one bucket per moment in %s', (engine) => {
  const store = describeStore(engine);

  it('weekly runs, then a backfill between two Wednesdays: widened to the ISO weeks it touches, it leaves no gap and no overlap', async () => {
    // Thursday Oct 22: the last 6 ISO weeks, the one in progress last.
    const weekly = await emctl(['measurements', ...REPOS, '--last', '6w', '--out', store.target], '2026-10-22T06:00:00Z');
    expect(weekly.code).toBe(0);
    expect(weekly.stderr).toMatch(/^wrote 12 rows to .* \(2026-09-14 to 2026-10-26\)\n$/);
    const sum = async () => Number((await store.query("SELECT sum(value) AS n FROM emctl_measurements WHERE group_id = '1234'"))[0]?.n);
    expect(await sum()).toBe(42);

    // Wednesday Oct 28: a backfill from Wednesday Sep 16 to Wednesday Oct 7 asks for the ISO weeks
    // Sep 14 - Oct 11, says so first, and replaces those four weeks whole.
    const backfill = await emctl(['measurements', ...REPOS, '--after', '2026-09-16', '--before', '2026-10-07', '--out', store.target], '2026-10-28T06:00:00Z');
    expect(backfill.code, backfill.stderr).toBe(0);
    const [widened, wrote, rest] = backfill.stderr.split('\n');
    expect(widened).toBe(
      'note: a store keeps whole ISO weeks (Monday to Sunday): the window 2026-09-16 (a Wednesday) to 2026-10-07 (a Wednesday) (before) is widened to 2026-09-14 to 2026-10-12 (before), the weeks it touches, so no stored week loses days',
    );
    expect(rest).toBe('');
    expect(wrote).toMatch(/^wrote 8 rows to .* \(2026-09-14 to 2026-10-12\)$/);
    expect(await store.query(OVERLAPS_SQL)).toEqual([]);
    expect(await apiWeeks(store)).toEqual([
      ['2026-09-14', '2026-09-21', 7, true],
      ['2026-09-21', '2026-09-28', 7, true],
      ['2026-09-28', '2026-10-05', 7, true],
      ['2026-10-05', '2026-10-12', 7, true],
      ['2026-10-12', '2026-10-19', 7, true],
      ['2026-10-19', '2026-10-26', 7, false],
    ]);
    // What a dashboard summing the table reads: every day once, none lost.
    expect(await sum()).toBe(42);
    // The docs' dashboard filter: complete buckets only (the week in progress left out).
    const complete = await store.query("SELECT sum(value) AS n FROM emctl_measurements WHERE group_id = '1234' AND complete");
    expect(Number(complete[0]?.n)).toBe(35);
    // The backfilled weeks were fetched again, the others not.
    const fetched = await store.rows();
    expect(fetched.filter((x) => x.group_id === '1234').map((x) => `${String(x.after)} ${String(x.fetched_at)}`)).toEqual([
      '2026-09-14 2026-10-28T06:00:00Z',
      '2026-09-21 2026-10-28T06:00:00Z',
      '2026-09-28 2026-10-28T06:00:00Z',
      '2026-10-05 2026-10-28T06:00:00Z',
      '2026-10-12 2026-10-22T06:00:00Z',
      '2026-10-19 2026-10-22T06:00:00Z',
    ]);
  });

  it('--from draws the week stored in progress as in progress, whatever the day, and says when it was fetched', async () => {
    const from = ['measurements', '--from', store.target, '--after', '2026-09-28', '--before', '2026-10-26'];
    const html = await runEmctl([...from, '--format', 'html'], { cwd: dir, env: {}, now: new Date('2026-12-01T00:00:00Z') });
    expect(html.code).toBe(0);
    expect(html.stderr).toBe('note: a bucket was stored before it ended, so its values are partial until a run fetches it again: 2026-10-19 to 2026-10-26 (before), fetched 2026-10-22T06:00:00Z\n');
    expect(html.stdout).toContain('Oct 19 - 25 (fetched Oct 22, 2026 06:00 UTC) was stored before it ended: values are partial');
    expect(html.stdout).toContain('>in progress</text>');
    const chart = await runEmctl([...from, '--format', 'chart'], { cwd: dir, env: {} });
    // Wrapped to the terminal's width: read as one sentence.
    expect(chart.stdout.replace(/\n +/g, ' ')).toContain('Oct 19 - 25 (fetched Oct 22, 2026 06:00 UTC) was stored before it ended: its values are partial.');
  });

  it('a later run refetches the week in progress: its value and fetched_at replaced, complete now true', async () => {
    const r = await emctl(['measurements', ...REPOS, '--last', '2w', '--out', store.target], '2026-10-27T08:00:00Z');
    expect(r.code).toBe(0);
    expect((await apiWeeks(store)).slice(-2)).toEqual([
      ['2026-10-19', '2026-10-26', 7, true],
      ['2026-10-26', '2026-11-02', 7, false],
    ]);
    const fetched = await store.rows();
    expect(fetched.find((x) => x.group_id === '1234' && x.after === '2026-10-19')?.fetched_at).toBe('2026-10-27T08:00:00Z');
  });

  it('an explicit week from a Wednesday is widened to the two ISO weeks it touches, both fetched whole', async () => {
    const r = await emctl(['measurements', ...REPOS, '--after', '2026-10-07', '--before', '2026-10-14', '--out', store.target], '2026-10-28T08:00:00Z');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('is widened to 2026-10-05 to 2026-10-19 (before)');
    expect(await store.query(OVERLAPS_SQL)).toEqual([]);
    expect((await apiWeeks(store)).map(([after, before]) => `${after}/${before}`)).toEqual([
      '2026-09-14/2026-09-21', '2026-09-21/2026-09-28', '2026-09-28/2026-10-05', '2026-10-05/2026-10-12', '2026-10-12/2026-10-19', '2026-10-19/2026-10-26', '2026-10-26/2026-11-02',
    ]);
    const fetched = await store.rows();
    expect(fetched.filter((x) => x.group_id === '1234' && x.fetched_at === '2026-10-28T08:00:00Z').map((x) => x.after)).toEqual(['2026-10-05', '2026-10-12']);
  });
});

/**
 * A version-1 history of another service (so this run's own rows meet none of it): acme/api's
 * weeks stored by a Wednesday job (fetched Oct 15) and later by a Monday job (fetched Oct 20, the
 * week Oct 19-26 still in progress), and a series of other filters that overlaps nothing.
 */
const OLD = 'https://old.example';
const V1_ROWS: V1Row[] = [
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-09-16', '2026-09-23', '{}', 6, '2026-10-15T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-09-23', '2026-09-30', '{}', 6, '2026-10-15T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-09-30', '2026-10-07', '{}', 6, '2026-10-15T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-07', '2026-10-14', '{}', 6, '2026-10-15T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-14', '2026-10-21', '{}', 2, '2026-10-15T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-05', '2026-10-12', '{}', 7, '2026-10-20T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-12', '2026-10-19', '{}', 7, '2026-10-20T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-19', '2026-10-26', '{}', 1, '2026-10-20T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-05', '2026-10-12', '{"labels":["hotfix"]}', 3, '2026-10-15T06:00:00Z'],
  [OLD, 'pr.merged', 'repository', '1234', 'acme/api', '1w', '2026-10-14', '2026-10-21', '{"labels":["hotfix"]}', 1, '2026-10-15T06:00:00Z'],
];

async function writeV1(engine: EngineName, store: TestStore): Promise<void> {
  if (engine === 'sqlite') writeV1Sqlite(store.target.slice('sqlite:'.length), V1_ROWS);
  else await writeV1Postgres(store.target, V1_ROWS);
}

describe.each(ENGINES)('a version-1 database in %s', (engine) => {
  const store = describeStore(engine, (empty) => writeV1(engine, empty));

  it('--from reads it as the migration would keep it, and writes nothing', async () => {
    const r = await runEmctl(['measurements', '--from', store.target, '--base-url', OLD, '--format', 'csv'], { cwd: dir, env: {}, now: new Date('2026-10-21T00:00:00Z') });
    expect(r.stderr).toMatch(/^(note: .*\n)*$/);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'after,before,repository_id,repository_name,pr.merged',
        '2026-09-16,2026-09-23,1234,acme/api,6',
        '2026-09-23,2026-09-30,1234,acme/api,6',
        '2026-10-05,2026-10-12,1234,acme/api,7',
        '2026-10-12,2026-10-19,1234,acme/api,7',
        '2026-10-19,2026-10-26,1234,acme/api,1',
        '',
      ].join('\n'),
    );
    expect(await store.query("SELECT value FROM emctl_meta WHERE key = 'schema_version'")).toEqual([{ value: '1' }]);
  });

  it("migrates in the first write's transaction: complete computed, the latest fetch kept, each older bucket only if it overlaps none kept", async () => {
    const r = await emctl(['measurements', ...REPOS, '--last', '1w', '--out', store.target], '2026-10-22T06:00:00Z');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^note: .* has schema version 1; this run migrates it to version 2 in its transaction \(a failure leaves it as it was\)\nwrote 2 rows to /);
    expect(await store.query("SELECT key, value FROM emctl_meta ORDER BY key")).toEqual([
      { key: 'longest_bucket_days:1w', value: '7' },
      { key: 'schema_version', value: '2' },
    ]);
    expect(await store.query(OVERLAPS_SQL)).toEqual([]);
    const old = (await store.rows()).filter((x) => x.source === OLD).map((x) => [x.filters, x.after, Number(x.value), x.complete === true || x.complete === 1]);
    expect(old).toEqual([
      ['{"labels":["hotfix"]}', '2026-10-05', 3, true],
      ['{"labels":["hotfix"]}', '2026-10-14', 1, false], // fetched Oct 15, before its end: partial
      ['{}', '2026-09-16', 6, true],
      ['{}', '2026-09-23', 6, true],
      // Sep 30 - Oct 7 overlaps the kept Oct 5-12 (fetched later): dropped; Oct 7-14 and Oct 14-21 too.
      ['{}', '2026-10-05', 7, true],
      ['{}', '2026-10-12', 7, true],
      ['{}', '2026-10-19', 1, false],
    ]);
  });
});
