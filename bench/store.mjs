// What writing metric history costs (DESIGN.md §10, issue 20): 500 teams x 52 weekly buckets x 4
// metrics = 104,000 rows upserted in one transaction into SQLite (a fresh file) and PostgreSQL
// (a fresh database on the server EMCTL_TEST_PG_URL names: eval "$(.ci/pg-start.sh)"), then the
// same rows again (a re-run: every row an update). Targets: SQLite under 2 s, PostgreSQL under
// 5 s, the re-run within 1.5x of the first. Each run is timed from opening the database to its
// commit, rows built from a MeasurementResult by the code a run uses. Prints figures; asserts
// nothing. Run with `npm run bench:store` (builds first).

import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { storeRows } from '../dist/measure/store/rows.js';
import { writeStore } from '../dist/measure/store/write.js';
import { machineLine } from './helpers.mjs';

const TEAMS = 500;
const WEEKS = 52;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const metric = (name, agg, unit) => ({ name, agg, key: agg ? `${name}:${agg}` : name, unit });
const METRICS = [metric('branch.computed.cycle_time', 'p75', 'minutes'), metric('branch.time_to_review', 'p50', 'minutes'), metric('pr.merged', undefined, 'count'), metric('pr.new', undefined, 'count')];

function result(seed) {
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

async function timed(target, rows) {
  const t = performance.now();
  await writeStore(target, rows, process.env);
  return (performance.now() - t) / 1000;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function bench(name, fresh) {
  const first = [];
  const again = [];
  for (let i = 0; i < RUNS; i++) {
    const { target, drop } = await fresh();
    try {
      first.push(await timed(target, rowsOf(0)));
      again.push(await timed(target, rowsOf(1)));
    } finally {
      await drop();
    }
  }
  const f = median(first);
  const a = median(again);
  console.log(`${name.padEnd(10)} first run ${f.toFixed(2)} s, re-run (all updates) ${a.toFixed(2)} s (${(a / f).toFixed(2)}x); runs: ${first.map((x) => x.toFixed(2)).join(' ')} / ${again.map((x) => x.toFixed(2)).join(' ')}`);
}

console.log(machineLine());
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const built = performance.now();
const count = rowsOf(0).length;
// CPU only, no database: how busy the machine is shows in it (about 0.1 s on an idle core).
console.log(`${TEAMS} teams x ${WEEKS} weekly buckets x ${METRICS.length} metrics = ${count} rows per run (built in ${((performance.now() - built) / 1000).toFixed(2)} s), median of ${RUNS}`);

await bench('sqlite', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'emctl-bench-store-'));
  return { target: { engine: 'sqlite', path: join(dir, 'history.db') }, drop: () => rm(dir, { recursive: true, force: true }) };
});

const pgUrl = process.env.EMCTL_TEST_PG_URL;
if (pgUrl === undefined) {
  console.log('postgres   skipped: set EMCTL_TEST_PG_URL (eval "$(.ci/pg-start.sh)")');
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
  await bench('postgres', async () => {
    const name = `emctl_bench_${process.pid}_${n++}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return { target: { engine: 'postgres', url: url.toString() }, drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
  });
}
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
