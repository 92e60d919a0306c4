// Write cost of an apply against its per-route floor: a generated organization of 10,000
// repositories and 500 teams, a config that overrides a setting of 2,000 repositories and replaces
// the repositories of 500 team Git scopes. Time-compressed pacing as in bench/plan.mjs: 3600 calls
// per minute per route (60 per second, the real 60 per minute sixty times faster) on the client and
// on the emulator, a client bucket of 60 (a minute's worth, as the real bucket), 20 ms per answer.
//
// The floor: a route with n calls whose bucket holds B tokens (full at start) and refills at R per
// second cannot finish before max(0, n - B) / R; routes run side by side, so the writes cannot take
// less than the largest of those. The bench times the operations alone (src/apply/execute.ts), not
// the plan's reads, which bench/plan.mjs measures.
//
// Run with `npm run bench:apply` (builds first). The plan is made in a child process against an
// emulator without a rate limit, the writes go to a fresh rate-limited emulator on the same fixture.
// Figures: docs/performance.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, runChildJson } from './helpers.mjs';
import YAML from 'yaml';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-key';
const REPOSITORIES = 10_000;
const TEAMS = 500;
const OVERRIDES = 2_000;
const LATENCY_MS = 20;
const RATE_PER_MINUTE = 3600;
const BURST = 60;
const CONCURRENCY = 8;

/** The desired state: 500 Git scopes each set to one other monitored repository, 2,000 overrides. */
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

// ---- child: plan against the unlimited emulator, then time the writes against the limited one --

async function child(readUrl, writeUrl, configPath) {
  const { EmClient } = await import('../dist/api/client.js');
  const { loadConfigOrThrow } = await import('../dist/config/index.js');
  const { readLiveState } = await import('../dist/state/read-live.js');
  const { buildPlan } = await import('../dist/core/plan.js');
  const { executeOperations } = await import('../dist/apply/execute.js');
  const config = await loadConfigOrThrow(configPath);
  const reader = new EmClient({ baseUrl: readUrl, apiKey: KEY, rateLimit: 0 });
  const { snapshot } = await readLiveState(reader, config, { perRoute: CONCURRENCY });
  const plan = buildPlan(config, snapshot, {});
  if (plan.errors.length > 0) throw new Error(`plan errors: ${JSON.stringify(plan.errors.slice(0, 3))}`);
  const byRoute = {};
  for (const op of plan.operations) byRoute[op.route] = (byRoute[op.route] ?? 0) + 1;
  const writer = new EmClient({ baseUrl: writeUrl, apiKey: KEY, rateLimit: RATE_PER_MINUTE, burst: BURST, concurrency: CONCURRENCY });
  const started = performance.now();
  const report = await executeOperations(plan.operations, {
    sender: writer,
    journal: { write() {} },
    continueOnError: false,
    concurrency: CONCURRENCY,
    stopRequested: () => false,
  });
  const wallMs = performance.now() - started;
  const failed = report.operations.filter((o) => o.status !== 'succeeded').length;
  process.stdout.write(JSON.stringify({ wallMs, operations: plan.operations.length, byRoute, failed, rejected: report.rejected.length }) + '\n');
}

// ---- parent ----------------------------------------------------------------------------------

function runChild(readUrl, writeUrl, configPath) {
  return runChildJson(SELF, [readUrl, writeUrl, configPath], 'child');
}

async function requestLog(url) {
  const response = await fetch(`${url}/_emulator/requests`, { headers: { 'x-api-key': KEY } });
  return (await response.json()).items.filter((r) => !r.path.startsWith('/_emulator'));
}

async function main() {
  const { generateFixture, startEmulator } = await import('../dist/emulator/index.js');
  const fixture = { ...generateFixture({ repos: REPOSITORIES, teams: TEAMS, boards: 2000, seed: 1 }), api_keys: [KEY] };
  const { doc, gitScopes } = benchConfig(fixture);
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-apply-'));
  const configPath = join(dir, 'emctl.yaml');
  writeFileSync(configPath, YAML.stringify(doc));
  const runs = Number(process.env.BENCH_RUNS ?? 2);
  console.log(machineLine());
  console.log(
    `org: ${REPOSITORIES} repositories, ${TEAMS} teams; config: ${OVERRIDES} repository overrides, ${gitScopes} team Git scopes; ` +
      `${RATE_PER_MINUTE}/min per route on client and emulator, bucket ${BURST}, --concurrency ${CONCURRENCY}, emulator latency ${LATENCY_MS} ms`,
  );
  const reader = await startEmulator({ fixture, port: 0 });
  try {
    for (let run = 1; run <= runs; run++) {
      const limited = await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS, rateLimit: RATE_PER_MINUTE });
      try {
        const r = await runChild(reader.url, limited.url, configPath);
        const log = await requestLog(limited.url);
        const throttled = log.filter((x) => x.status === 429).length;
        const perSecond = RATE_PER_MINUTE / 60;
        const floors = Object.entries(r.byRoute).map(([route, n]) => [route, Math.max(0, n - BURST) / perSecond]);
        const [busiest, floor] = floors.sort((a, b) => b[1] - a[1])[0];
        console.log(
          `run ${run}: ${r.operations} operations ${JSON.stringify(r.byRoute)}; writes sent ${log.length} (429s ${throttled}), ` +
            `failed operations ${r.failed}, rejected addresses ${r.rejected}`,
        );
        console.log(
          `run ${run}: writes ${(r.wallMs / 1000).toFixed(2)} s; floor max over routes of max(0, calls - ${BURST}) / ${perSecond}/s = ` +
            `${floor.toFixed(2)} s (${busiest}); ratio ${(r.wallMs / 1000 / floor).toFixed(3)}x`,
        );
      } finally {
        await limited.close();
      }
    }
  } finally {
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , readUrl, writeUrl, configPath] = process.argv;
  await child(readUrl, writeUrl, configPath);
} else {
  await main();
}
