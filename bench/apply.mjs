// @ts-check
// The whole of an apply against the service's pace: `emctl apply --auto-approve` (the plan's reads,
// the writes, the check of the result) on a generated organization of 10,000 repositories and 500
// teams, with a config that overrides a setting of 2,000 repositories and replaces the
// repositories of 500 team Git scopes. Client and emulator at the same rate with the same bucket,
// a minute's worth (the client's own defaults: the real burst); time-compressed by default to 600
// calls a minute (the real 60 a minute with every count ten times larger: 2,000 configurations at
// 600 a minute take what 200 take at 60), 20 ms per answer.
//
// The floor of each phase: a route with n calls whose bucket holds B tokens refilling at R per
// second cannot finish before max(0, n - B) / R; routes run side by side; the phases (the plan's
// reads, the writes, the check) follow one another, so the whole cannot take less than the sum.
//
//   npm run bench:apply                         # BENCH_RATE=600, 2 runs
//   BENCH_RATE=60 BENCH_OVERRIDES=200 BENCH_TEAMS=50 node bench/apply.mjs   # the real pace, smaller
//   BENCH_DIST=/other/dist node bench/apply.mjs # another build (before/after)
//
// The config replaces the scopes and drops overrides the fixture has, past the safety rails'
// shares, so the apply runs with --force. Figures: docs/performance.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRequests, capturingIO, machineLine, runChildJson } from './helpers.mjs';
import { distAt, surfaceAt } from './surface.mjs';
import YAML from 'yaml';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-key';
const REPOSITORIES = 10_000;
const TEAMS = Number(process.env.BENCH_TEAMS ?? 500);
const OVERRIDES = Number(process.env.BENCH_OVERRIDES ?? 2_000);
const LATENCY_MS = 20;
const RATE = Number(process.env.BENCH_RATE ?? 600);
const DIST = distAt(process.env.BENCH_DIST);

/** The desired state: TEAMS Git scopes each set to one other monitored repository, OVERRIDES overrides. */
function benchConfig(fixture) {
  const monitored = (fixture.repositories ?? []).filter((r) => r.state === 'monitored').sort((a, b) => a.id - b.id);
  if (monitored.length < OVERRIDES) throw new Error(`the fixture has only ${monitored.length} monitored repositories`);
  const doc = { version: 1, teams: {}, git: { repositories: {} } };
  const scopes = [...(fixture.team_git_scopes ?? [])].sort((a, b) => a.team_id - b.team_id).slice(0, TEAMS);
  scopes.forEach((s, n) => {
    const live = new Set(s.repository_ids ?? []);
    // A monitored repository the scope does not hold: the key changes, so the team is written.
    let pick = monitored[(n * 7) % monitored.length];
    for (let k = 1; live.has(pick.id); k++) pick = monitored[(n * 7 + k) % monitored.length];
    doc.teams[String(s.team_id)] = { git: { repositories: [pick.id] } };
  });
  for (const r of monitored.slice(0, OVERRIDES)) doc.git.repositories[String(r.id)] = { settings: { default_branch: { branch_name: `bench-${r.id}` } } };
  return { doc, gitScopes: scopes.length };
}

// ---- child: the CLI in process, each line it prints timed -------------------------------------

async function child(url, configPath) {
  const { runCli } = await (await surfaceAt(DIST)).program();
  const { io, printed } = capturingIO(KEY);
  const started = performance.now();
  let planShown;
  const write = io.stdout.write;
  io.stdout.write = (s) => {
    // The plan is printed once the reads are done, before the first write.
    if (planShown === undefined && /to (add|change|destroy)|Plan:/.test(s)) planShown = performance.now() - started;
    return write(s);
  };
  const code = await runCli(['apply', '-c', configPath, '--base-url', url, '--rate-limit', String(RATE), '--auto-approve', '--force', '--journal', join(configPath, '..', 'journal.jsonl')], io);
  const wallMs = performance.now() - started;
  process.stdout.write(JSON.stringify({ code, wallMs, planShownMs: planShown, stderr: printed.stderr.slice(0, 2000), summary: printed.stdout.split('\n').filter((l) => /^Applied/.test(l)) }) + '\n');
}

// ---- parent ----------------------------------------------------------------------------------

const routeOf = (q) => `${q.method} ${q.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

function floorOf(requests) {
  const byRoute = new Map();
  for (const q of requests.filter((x) => x.status !== 429)) byRoute.set(routeOf(q), (byRoute.get(routeOf(q)) ?? 0) + 1);
  return { byRoute, floor: Math.max(0, ...[...byRoute.values()].map((n) => Math.max(0, n - RATE) / (RATE / 60))) };
}

async function main() {
  const { generateFixture, startEmulator } = await (await surfaceAt(DIST)).emulator();
  const fixture = { ...generateFixture({ repos: REPOSITORIES, teams: 500, boards: 2000, seed: 1 }), api_keys: [KEY] };
  const { doc, gitScopes } = benchConfig(fixture);
  const runs = Number(process.env.BENCH_RUNS ?? 2);
  console.log(machineLine());
  console.log(
    `org: ${REPOSITORIES} repositories, 500 teams; config: ${OVERRIDES} repository overrides, ${gitScopes} team Git scopes; ` +
      `${RATE}/min per route on client and emulator, buckets of ${RATE} (a minute's worth, both), --concurrency 8, emulator latency ${LATENCY_MS} ms; ${DIST}`,
  );
  for (let run = 1; run <= runs; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-apply-'));
    const configPath = join(dir, 'emctl.yaml');
    writeFileSync(configPath, YAML.stringify(doc));
    const emulator = await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS, rateLimit: RATE });
    const load0 = loadavg()[0];
    try {
      const r = await runChildJson(SELF, [emulator.url, configPath], 'child');
      if (r.code !== 0) throw new Error(`emctl apply exited ${r.code}: ${r.stderr}`);
      const log = await apiRequests(emulator.url, KEY);
      const first = log.findIndex((q) => q.method !== 'GET');
      const last = log.findLastIndex((q) => q.method !== 'GET');
      const phases = { reads: log.slice(0, first), writes: log.slice(first, last + 1), check: log.slice(last + 1) };
      const describe = (name, list) => {
        const { byRoute, floor } = floorOf(list);
        return `${name} ${list.length} calls (${list.filter((q) => q.status === 429).length} 429s; ${[...byRoute].map(([k, n]) => `${k} ${n}`).join(', ')}), floor ${floor.toFixed(2)} s`;
      };
      // The phases follow one another; each is given full buckets (a lower bound: the plan's reads
      // leave the GET route's bucket empty, though the writes' time refills some of it).
      const wholeFloor = floorOf(phases.reads).floor + floorOf(phases.writes).floor + floorOf(phases.check).floor;
      console.log(`run ${run}: ${describe('reads', phases.reads)}; ${describe('writes', phases.writes)}; ${describe('check', phases.check)}`);
      console.log(
        `run ${run}: whole apply ${(r.wallMs / 1000).toFixed(2)} s (plan shown at ${(r.planShownMs / 1000).toFixed(2)} s, writes and check ${((r.wallMs - r.planShownMs) / 1000).toFixed(2)} s); ` +
          `floor ${wholeFloor.toFixed(2)} s (${(r.wallMs / 1000 / wholeFloor).toFixed(3)}x); 429s ${log.filter((q) => q.status === 429).length}; ${r.summary.join(' ')}; ` +
          `load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`,
      );
    } finally {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (process.argv[2] === '--child') {
  const [, , , url, configPath] = process.argv;
  await child(url, configPath);
} else {
  await main();
}
