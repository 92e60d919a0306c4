// @ts-check
// `emctl goals` at scale (npm run bench:goals, runs against dist/): 500 teams x 10 goals, every goal
// grouped by team over `teams: all`, so all ten share one selection. A generated organization (seed
// 1, 500 teams, 100,000 pull requests over 3 months ending today) is served by an in-process
// emulator without latency or pacing; each emctl run is a child process (its CPU and memory are its
// own) through the real CLI code path of dist/:
//   - live: the calls by route (the emulator's log) against the bound of DESIGN 12, one call per
//     distinct (grouping, roll-up, window, selection) and batch of 50 groups, and what the same
//     goals would cost one request each; wall and CPU time;
//   - --from SQLite: the history stored first by one `emctl measurements --out sqlite:` of the ten
//     metrics, then the goals judged on it (no API call, no key): CPU time of the whole child
//     process (start-up, config, SQLite, judging, rendering) and of the run alone, per format.
// Figures: docs/performance.md ("Goals").

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { capturingIO, machineLine, runChildJson } from './helpers.mjs';
import { surface } from './surface.mjs';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-goals-key';
const TEAMS = Number(process.env.BENCH_TEAMS ?? 500);
const PRS = Number(process.env.BENCH_PRS ?? 100_000);

/** Ten goals on ten metrics, each judged per team of the service's list. */
const GOALS = [
  ['review-speed', 'branch.time_to_review:p75', 'at_most: 8h'],
  ['cycle-time', 'branch.computed.cycle_time:p75', 'at_most: 3d'],
  ['merge-wait', 'branch.time_to_merge:p50', 'at_most: 1d'],
  ['time-to-pr', 'branch.time_to_pr:p75', 'at_most: 2d'],
  ['review-time', 'branch.review_time:p75', 'at_most: 12h'],
  ['merges', 'pr.merged', 'at_least: 5'],
  ['new-prs', 'pr.new', 'at_least: 5'],
  ['reviews', 'pr.reviews', 'at_least: 5'],
  ['small-prs', 'pr.merged.size:p50', 'at_most: 300'],
  ['review-depth', 'pr.review_depth', 'at_least: 1'],
];

const CONFIG = `version: 1
goals:
${GOALS.map(([name, metric, threshold]) => `  ${name}:\n    metric: ${metric}\n    ${threshold}\n    group_by: team\n    teams: all\n`).join('')}`;

/** Child: one emctl run through the CLI of dist/ in this process; prints its exit code, times and output size. */
async function child(argsJson) {
  const { runCli } = await surface.program();
  const { io, printed } = capturingIO(KEY);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const code = await runCli(JSON.parse(argsJson), io);
  const wallMs = performance.now() - t0;
  const run = process.cpuUsage(cpu0);
  const total = process.cpuUsage();
  if (code !== 0 && code !== 2) throw new Error(`emctl exited ${code}: ${printed.stderr}`);
  process.stdout.write(
    JSON.stringify({
      code,
      wallMs,
      runCpuMs: (run.user + run.system) / 1000,
      processCpuMs: (total.user + total.system) / 1000,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
      chars: printed.stdout.length,
      lastLine: printed.stdout.trim().split('\n').pop(),
    }) + '\n',
  );
}

const routeOf = (path) => path.replace(/\/\d+(?=\/|$)/g, '/{id}');
const ms = (v) => `${Math.round(v)} ms`;

async function main() {
  const { generateFixture, startEmulator } = await surface.emulator();
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-goals-'));
  const fixture = { ...generateFixture({ repos: 2000, teams: TEAMS, boards: 100, seed: 1, prs: PRS, months: 3 }), api_keys: [KEY] };
  const emulator = await startEmulator({ fixture, port: 0 });
  const config = join(dir, 'emctl.yaml');
  writeFileSync(config, CONFIG);
  const db = `sqlite:${join(dir, 'history.db')}`;
  const service = ['--base-url', emulator.url, '--rate-limit', '0', '--concurrency', '16'];
  const calls = (from) => {
    const byRoute = new Map();
    for (const q of emulator.store.requests.slice(from)) byRoute.set(routeOf(q.path), (byRoute.get(routeOf(q.path)) ?? 0) + 1);
    return byRoute;
  };
  try {
    console.log(machineLine());
    console.log(`${TEAMS} teams (and the service's own two), ${PRS.toLocaleString('en')} pull requests over 3 months, ${GOALS.length} goals by team over teams: all`);
    const batches = Math.ceil(TEAMS / 50);
    const listPages = Math.ceil((TEAMS + 2) / 50);

    let from = emulator.store.requests.length;
    const live = await runChildJson(SELF, [JSON.stringify([...service, 'goals', '-c', config, '--format', 'markdown'])], 'live goals');
    const byRoute = calls(from);
    const measured = byRoute.get('/api/v2/measurements') ?? 0;
    console.log(
      `live: ${[...byRoute].map(([r, n]) => `${r} ${n}`).join(', ')}; bound 1 shared request x ${batches} batches = ${batches} measurement calls (${measured === batches ? 'met' : 'NOT met'}), ` +
        `+ ${listPages} team list pages; one request per goal would be ${GOALS.length * batches}. Exit ${live.code}, wall ${ms(live.wallMs)}, CPU ${ms(live.processCpuMs)} (run ${ms(live.runCpuMs)}), peak RSS ${live.maxRssMB.toFixed(0)} MB, markdown ${live.chars.toLocaleString('en')} characters`,
    );

    from = emulator.store.requests.length;
    const metrics = GOALS.map(([, metric]) => metric).join(',');
    const fill = await runChildJson(SELF, [JSON.stringify([...service, 'measurements', '--metric', metrics, '--group-by', 'team', '--team', 'all', '--roll-up', '1w', '--last', '9w', '--out', db])], 'store fill');
    console.log(`store filled: ${calls(from).get('/api/v2/measurements') ?? 0} measurement calls, wall ${ms(fill.wallMs)}`);

    for (const format of ['text', 'markdown', 'json']) {
      from = emulator.store.requests.length;
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await runChildJson(SELF, [JSON.stringify(['goals', '-c', config, '--from', db, '--format', format])], `goals --from (${format})`));
      const sent = emulator.store.requests.length - from;
      const best = runs.reduce((a, b) => (b.processCpuMs < a.processCpuMs ? b : a));
      console.log(
        `--from SQLite, ${format}: CPU ${ms(best.processCpuMs)} for the whole process (run ${ms(best.runCpuMs)}), wall ${ms(best.wallMs)}, peak RSS ${best.maxRssMB.toFixed(0)} MB (best of 3: ${runs.map((r) => ms(r.processCpuMs)).join(', ')}); ` +
          `${sent} API calls; exit ${best.code}; ${best.chars.toLocaleString('en')} characters`,
      );
    }
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else if (process.argv[1] === SELF) await main();
