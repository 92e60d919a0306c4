// @ts-check
// What writing metric history costs (DESIGN.md §10, issues 20 and 28): 500 teams x 52 weekly
// buckets x 4 metrics = 104,000 rows upserted in one transaction into SQLite (a fresh file) and
// PostgreSQL (a fresh database on the server EMCTL_TEST_PG_URL names: eval "$(.ci/pg-start.sh)"),
// then the same keys again with new values (a re-run: every row an update), twice back to back:
// as emctl writes it (schema version 2: the stored buckets the rows overlap are replaced first,
// then the upsert) and as the plain upsert alone (what wave 3 measured), so the cost of keeping one
// bucket per moment is the ratio of the two. Then the migration of a 1,000,000-row version-1
// database, without and with overlapping weeks. Each run is timed from opening the database to
// its commit, rows built from a MeasurementResult by the code a run uses. Prints figures beside
// wave 3's (docs/performance.md), and the SQLite writes again through the WebAssembly build that
// stands in where the native driver is missing; asserts nothing. `npm run bench:store` (builds first).

import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { machineLine } from './helpers.mjs';
import { surface } from './surface.mjs';

const { checkStoreBeforeRun } = await surface.storeCheck();
const { openEngine } = await surface.storeOpen();
const { storeRows } = await surface.storeRows();
const { migrate } = await surface.storeSchema();
const { measurementsTableSql, metaTableSql } = await surface.storeSql();
const { upsertRows, writeStore } = await surface.storeWrite();

const TEAMS = 500;
const WEEKS = 52;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Rows of the version-1 database the migration is timed on. */
const MIGRATION_ROWS = Number(process.env.BENCH_MIGRATION_ROWS ?? 1_000_000);

/** Wave 3's figures on a quiet machine (docs/performance.md, Nov 25: main at 40b0426 and the fillfactor 70 runs). */
const WAVE3 = { sqlite: { first: 1.26, again: 1.51 }, postgres: { first: 1.87, again: 2.14 } };

const metric = (name, agg, unit) => ({ name, agg, key: agg ? `${name}:${agg}` : name, unit });
const METRICS = [metric('branch.computed.cycle_time', 'p75', 'minutes'), metric('branch.time_to_review', 'p50', 'minutes'), metric('pr.merged', undefined, 'count'), metric('pr.new', undefined, 'count')];

/** @returns {import('./surface.mjs').MeasurementResult} */
function result(seed) {
  // ISO weeks from Monday 2025-01-06.
  const day = (d) => new Date(Date.UTC(2025, 0, 6 + d)).toISOString().slice(0, 10);
  const elements = [];
  for (let w = 0; w < WEEKS; w++) {
    const rows = [];
    for (let t = 0; t < TEAMS; t++) {
      const v = (k) => ((t * 31 + w * 17 + k * 7 + seed) % 1000) + 0.25;
      rows.push({ group: 1000 + t, name: `Team ${t}`, values: { [METRICS[0].key]: v(0), [METRICS[1].key]: v(1), [METRICS[2].key]: v(2) % 40, [METRICS[3].key]: t % 9 === 0 ? null : v(3) % 30 } });
    }
    elements.push({ after: day(7 * w), before: day(7 * w + 7), rows });
  }
  return { report: undefined, metrics: METRICS, groupBy: 'team', groupKey: 'team_id', nameColumn: 'team_name', rollUp: '1w', after: day(0), before: day(7 * WEEKS), elements, noData: false };
}

function rowsOf(seed) {
  return storeRows(result(seed), { source: 'https://api.example.com', filters: '{}', fetchedAt: `2026-01-0${seed + 1}T00:00:00Z`, groups: [], names: new Map() });
}

const seconds = (from) => (performance.now() - from) / 1000;

async function timedWrite(target, rows) {
  const t = performance.now();
  await writeStore(target, rows, process.env);
  return seconds(t);
}

/** The plain upsert, as wave 3 wrote: no replacement of overlapped buckets. */
async function timedUpsert(target, rows) {
  const t = performance.now();
  const engine = await openEngine(target, { write: true, env: process.env });
  try {
    await engine.transaction(async (tx) => {
      await migrate(tx, engine.dialect, 'bench');
      await upsertRows(tx, engine, rows);
    });
  } finally {
    await engine.close();
  }
  return seconds(t);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const runs = (list) => list.map((x) => x.toFixed(2)).join(' ');

async function bench(name, fresh) {
  const first = [];
  const upsert = [];
  const replaced = [];
  for (let i = 0; i < RUNS; i++) {
    const { target, drop } = await fresh();
    try {
      first.push(await timedWrite(target, rowsOf(0)));
      // Back to back, in turn first: each re-run updates every row (new values, new fetched_at).
      if (i % 2 === 0) {
        upsert.push(await timedUpsert(target, rowsOf(1)));
        replaced.push(await timedWrite(target, rowsOf(2)));
      } else {
        replaced.push(await timedWrite(target, rowsOf(1)));
        upsert.push(await timedUpsert(target, rowsOf(2)));
      }
    } finally {
      await drop();
    }
  }
  const [f, u, r] = [median(first), median(upsert), median(replaced)];
  // Each database's two re-runs, back to back, as a ratio: the machine's load moves both alike.
  const ratios = replaced.map((x, i) => x / (upsert[i] ?? x));
  const w = WAVE3[name];
  const was = (figure) => (w === undefined ? '' : ` (wave 3: ${figure.toFixed(2)} s)`);
  console.log(`${name.padEnd(9)} first run ${f.toFixed(2)} s${was(w?.first)}; re-run (all updates) ${r.toFixed(2)} s${was(w?.again)}, ${(r / f).toFixed(2)}x the first`);
  console.log(`${''.padEnd(9)} re-run as the plain upsert ${u.toFixed(2)} s: replacing overlapped buckets costs ${median(ratios).toFixed(2)}x (median of the pairs ${runs(ratios)}; target <= 1.2x)`);
  console.log(`${''.padEnd(9)} runs: first ${runs(first)} / re-run ${runs(replaced)} / plain upsert ${runs(upsert)}`);
}

/**
 * A version-1 SQLite file of `rows` rows made by SQLite itself: 500 teams x 4 metrics of ISO weeks
 * fetched after they ended; with `overlapping`, half the rows are weeks from a Wednesday fetched
 * before the ISO week that follows them (every one of them overlapped, so dropped).
 */
async function v1Sqlite(path, rows, overlapping) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path);
  const shifts = overlapping ? 2 : 1;
  const weeks = Math.ceil(rows / (TEAMS * 4 * shifts));
  db.pragma('journal_mode = WAL');
  db.exec('BEGIN');
  db.exec(metaTableSql());
  db.exec(measurementsTableSql('sqlite'));
  db.exec("INSERT INTO emctl_meta (key, value) VALUES ('schema_version', '1')");
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${TEAMS * 4 * weeks - 1}),
    r AS (SELECT i / ${4 * weeks} AS team, (i / ${weeks}) % 4 AS m, i % ${weeks} AS w, s.shift, s.lag
          FROM n, (SELECT 0 AS shift, 0 AS lag UNION ALL SELECT 2, -5 LIMIT ${shifts}) AS s)
    INSERT INTO emctl_measurements
    SELECT 'https://api.example.com', 'metric.' || m, 'team', CAST(1000 + team AS TEXT), 'Team ' || team, '1w',
           date('2010-01-04', '+' || (7 * w + shift) || ' days'), date('2010-01-04', '+' || (7 * w + shift + 7) || ' days'),
           '{}', (team * 7 + w) % 97, date('2010-01-04', '+' || (7 * w + 14 + lag) || ' days') || 'T06:00:00Z'
    FROM r`);
  db.exec('COMMIT');
  const count = /** @type {{ n: number }} */ (db.prepare('SELECT count(*) AS n FROM emctl_measurements').get()).n;
  db.close();
  return count;
}

async function v1Postgres(url, rows, overlapping) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const shifts = overlapping ? 2 : 1;
  const weeks = Math.ceil(rows / (TEAMS * 4 * shifts));
  try {
    await client.query('BEGIN');
    await client.query(metaTableSql());
    await client.query(measurementsTableSql('postgres'));
    await client.query("INSERT INTO emctl_meta (key, value) VALUES ('schema_version', '1')");
    await client.query(`INSERT INTO emctl_measurements
      SELECT 'https://api.example.com', 'metric.' || m, 'team', (1000 + team)::text, 'Team ' || team, '1w',
             date '2010-01-04' + 7 * w + shift, date '2010-01-04' + 7 * w + shift + 7, '{}', (team * 7 + w) % 97,
             (date '2010-01-04' + 7 * w + 14 + lag)::timestamp AT TIME ZONE 'UTC' + interval '6 hours'
      FROM generate_series(0, ${TEAMS - 1}) AS team, generate_series(0, 3) AS m, generate_series(0, ${weeks - 1}) AS w,
           (VALUES (0, 0), (2, -5)) AS s(shift, lag)
      WHERE s.shift = 0 OR ${overlapping ? 'true' : 'false'}`);
    await client.query('COMMIT');
    return Number((await client.query('SELECT count(*) AS n FROM emctl_measurements')).rows[0].n);
  } finally {
    await client.end();
  }
}

async function migration(name, fresh, build) {
  for (const overlapping of [false, true]) {
    const { target, drop } = await fresh();
    try {
      const t = performance.now();
      const count = await build(target, MIGRATION_ROWS, overlapping);
      const built = seconds(t);
      const taken = await timedWrite(target, []);
      const what = overlapping ? 'half of them weeks from a Wednesday, each overlapped and dropped' : 'no overlaps';
      console.log(`${name.padEnd(9)} migration of ${count.toLocaleString('en')} version-1 rows (${what}): ${taken.toFixed(2)} s${name === 'sqlite' ? ' (target < 30 s)' : ''}; file made in ${built.toFixed(2)} s`);
      if (name === 'sqlite' && !overlapping) {
        // What every later write to this file pays first: the check before a run (quick_check reads every page).
        const c = performance.now();
        await checkStoreBeforeRun(target, 'history.db', process.env);
        console.log(`${name.padEnd(9)} check before a run of the migrated ${count.toLocaleString('en')}-row file (quick_check): ${seconds(c).toFixed(2)} s`);
      }
    } finally {
      await drop();
    }
  }
}

console.log(machineLine());
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const built = performance.now();
const count = rowsOf(0).length;
// CPU only, no database: how busy the machine is shows in it (about 0.1 s on an idle core).
console.log(`${TEAMS} teams x ${WEEKS} weekly buckets x ${METRICS.length} metrics = ${count} rows per run (built in ${seconds(built).toFixed(2)} s), median of ${RUNS}`);

const sqliteFresh = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'emctl-bench-store-'));
  return { target: { engine: 'sqlite', path: join(dir, 'history.db') }, drop: () => rm(dir, { recursive: true, force: true }) };
};
if (process.env.BENCH_STORE_WASM === '1') {
  // The child below: the same writes where the native driver is missing (the WebAssembly build).
  await bench('sqlite-wasm', sqliteFresh);
  process.exit(0);
}
await bench('sqlite', sqliteFresh);
// The WebAssembly build of SQLite, which writes where better-sqlite3 is not installed: a child
// process in which resolving better-sqlite3 fails, as on such a machine.
const wasm = spawnSync(process.execPath, ['--import', fileURLToPath(new URL('../test/helpers/no-native-sqlite.mjs', import.meta.url)), fileURLToPath(import.meta.url)], {
  env: { ...process.env, BENCH_STORE_WASM: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
// Its machine and row-count lines repeat this process's.
process.stdout.write(wasm.stdout.split('\n').filter((line) => line.startsWith('sqlite-wasm') || line.startsWith('          ')).map((line) => `${line}\n`).join(''));

const pgUrl = process.env.EMCTL_TEST_PG_URL;
let pgFresh;
if (pgUrl === undefined) {
  console.log('postgres  skipped: set EMCTL_TEST_PG_URL (eval "$(.ci/pg-start.sh)")');
} else {
  const { default: pg } = await import('pg');
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  let n = 0;
  pgFresh = async () => {
    const name = `emctl_bench_${process.pid}_${n++}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return { target: { engine: 'postgres', url: url.toString() }, drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
  };
  await bench('postgres', pgFresh);
}

await migration('sqlite', sqliteFresh, (target, rows, overlapping) => v1Sqlite(target.path, rows, overlapping));
if (pgFresh !== undefined) await migration('postgres', pgFresh, (target, rows, overlapping) => v1Postgres(target.url, rows, overlapping));
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
