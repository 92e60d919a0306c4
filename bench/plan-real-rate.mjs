// @ts-check
// A plan at the service's real pace against an emulator at the same pace (issue 19): the client's
// own defaults (--rate-limit R, its bucket a minute's worth, full at start: the real 60-call burst
// at 60 a minute) and the emulator's --rate-limit R (its bucket a minute's worth too). A 429 here
// is one our own pacing caused. The config manages the settings of N repositories by id (N
// configuration reads on one route, plus the repository list and the integrations), so the floor
// is the service's own: max over routes of max(0, calls - R) / (R per second).
//
//   npm run build && node bench/plan-real-rate.mjs            # R = 60 a minute, N = 200: floor 140 s
//   BENCH_RATE=600 BENCH_CONFIGS=2000 node bench/plan-real-rate.mjs   # ten times faster, same shape
//   BENCH_DIST=/path/to/other/dist ...                       # the same run with another build (before/after)
//
// Prints one line: requests, 429s, the plan's wall time, the floor and the ratio.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { apiRequests, capturingIO, machineLine, runChildJson } from './helpers.mjs';
import { distAt, surfaceAt } from './surface.mjs';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-real-rate-key';
const RATE = Number(process.env.BENCH_RATE ?? 60);
const CONFIGS = Number(process.env.BENCH_CONFIGS ?? 200);
const LATENCY_MS = Number(process.env.BENCH_LATENCY ?? 20);
const DIST = distAt(process.env.BENCH_DIST);

async function child(url, configPath) {
  const { runCli } = await (await surfaceAt(DIST)).program();
  const { io, printed } = capturingIO(KEY);
  const t0 = performance.now();
  const code = await runCli(['plan', '-c', configPath, '--base-url', url, '--rate-limit', String(RATE), '--format', 'json'], io);
  const wallMs = performance.now() - t0;
  if (code !== 0) throw new Error(`emctl plan exited ${code}: ${printed.stderr}`);
  process.stdout.write(JSON.stringify({ wallMs, changes: JSON.parse(printed.stdout).changes.length, notes: printed.stderr.split('\n').filter((l) => l.startsWith('Note')) }) + '\n');
}

async function main() {
  const { generateFixture, startEmulator } = await (await surfaceAt(DIST)).emulator();
  const fixture = { ...generateFixture({ repos: Math.max(1000, CONFIGS), teams: 50, boards: 100, seed: 1 }), api_keys: [KEY] };
  const doc = { version: 1, git: { repositories: {} } };
  for (const repo of fixture.repositories.slice(0, CONFIGS)) doc.git.repositories[String(repo.id)] = { settings: { default_branch: { branch_name: 'main' } } };
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-real-rate-'));
  const configPath = join(dir, 'emctl.yaml');
  writeFileSync(configPath, YAML.stringify(doc));
  const emulator = await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS, rateLimit: RATE });
  try {
    console.log(machineLine());
    const load0 = loadavg()[0];
    const r = await runChildJson(SELF, [emulator.url, configPath], 'plan child');
    const requests = await apiRequests(emulator.url, KEY);
    const byRoute = new Map();
    for (const q of requests) {
      const route = `${q.method} ${q.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
      byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
    }
    const throttled = requests.filter((q) => q.status === 429).length;
    // Answered calls only: a 429 is a try the floor does not owe.
    const answered = new Map();
    for (const q of requests.filter((q) => q.status !== 429)) {
      const route = `${q.method} ${q.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
      answered.set(route, (answered.get(route) ?? 0) + 1);
    }
    const floorS = Math.max(0, ...[...answered.values()].map((n) => Math.max(0, n - RATE) / (RATE / 60)));
    const wallS = r.wallMs / 1000;
    console.log(
      `plan of ${CONFIGS} repository settings at ${RATE}/min (client and emulator, buckets of ${RATE}), ${LATENCY_MS} ms latency: ` +
        `requests ${requests.length} (${[...byRoute].map(([k, n]) => `${k} ${n}`).join(', ')}), 429s ${throttled}, ` +
        `wall ${wallS.toFixed(2)} s, floor ${floorS.toFixed(2)} s (${floorS > 0 ? (wallS / floorS).toFixed(3) : '-'}x), changes ${r.changes}, ` +
        `load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}${r.notes.length ? `; ${r.notes.join(' ')}` : ''}`,
    );
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , url, configPath] = process.argv;
  await child(url, configPath);
} else {
  await main();
}
