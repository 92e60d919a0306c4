// @ts-check
// Measurement endpoints at scale (npm run bench:measurements, runs against dist/): the emulator as a
// child process (`node dist/cli/bin.js emulator --generate ...`) serving a generated organization of
// 10,000 repositories, 500 teams and 500,000 pull requests over a year; then, per scenario, the
// median latency of a v2 call over real HTTP, and the emulator's peak RSS (VmHWM of
// /proc/<pid>/status, so the figure is the whole process: dataset, index, answers, Node itself).
//
// Each scenario is a function of the context below; add one to SCENARIOS to measure more (e.g. an
// end-to-end `emctl measurements` run against ctx.url).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { BIN } from './surface.mjs';

const PRS = Number(process.env.BENCH_PRS ?? 500_000);
const GENERATE = `repos=10000,teams=500,boards=2000,seed=1,prs=${PRS},months=12`;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const KEY = 'dev-key';

const day = (offset) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
};
/** 12 weeks ending tomorrow (today included): 12 buckets with roll_up 1w. */
const LAST_12_WEEKS = { after: day(-83), before: day(1) };
const METRICS = [
  { name: 'branch.computed.cycle_time', agg: 'p75' },
  { name: 'branch.computed.cycle_time', agg: 'p50' },
  { name: 'branch.time_to_review', agg: 'avg' },
  { name: 'pr.merged.size', agg: 'p50' },
  { name: 'pr.merged' },
  { name: 'pr.new' },
];

/** Starts the emulator child; resolves with its URL, pid and the seconds until it listened. */
async function startEmulator() {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'emulator', '--generate', GENERATE, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /emulator listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code} before listening`)));
  });
  return { child, url, pid: child.pid, startSeconds: (performance.now() - started) / 1000 };
}

/** Peak and current RSS of a process in MB (Linux /proc). */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { peakMb: Math.round(kb('VmHWM') / 1024), nowMb: Math.round(kb('VmRSS') / 1024) };
}

async function post(ctx, path, body) {
  const started = performance.now();
  const res = await request(ctx.url + path, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.body.text();
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`);
  return { ms, answer: JSON.parse(text) };
}

/** The JSON the emulator answers `path` with. @returns {Promise<any>} */
async function get(ctx, path) {
  const res = await request(ctx.url + path, { headers: { 'x-api-key': KEY } });
  return res.body.json();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Times `runs` calls of one body after two warm-up calls; prints the median, min and max. */
async function timeCalls(ctx, name, body, runs = RUNS) {
  for (let i = 0; i < 2; i++) await post(ctx, '/api/v2/measurements', body);
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const { ms, answer } = await post(ctx, '/api/v2/measurements', body);
    times.push(ms);
    rows = answer.reduce((n, e) => n + e.metrics.length, 0);
  }
  const line = `${name.padEnd(58)} median ${median(times).toFixed(1).padStart(7)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; ${rows} rows)`;
  console.log(line);
  return { name, medianMs: median(times) };
}

async function byTeam(ctx) {
  return timeCalls(ctx, 'v2 by team: 50 teams, roll_up 1w over 12 weeks', {
    requested_metrics: METRICS,
    time_ranges: [LAST_12_WEEKS],
    group_by: 'team',
    team_ids: ctx.teamIds.slice(0, 50),
    roll_up: '1w',
    limit: 50,
  });
}

async function byRepository(ctx) {
  return timeCalls(ctx, 'v2 by repository: 50 repositories, 12 weeks', {
    requested_metrics: METRICS,
    time_ranges: [LAST_12_WEEKS],
    group_by: 'repository',
    repository_ids: ctx.repositoryIds.slice(0, 50),
    limit: 50,
  });
}

async function organizationYear(ctx) {
  return timeCalls(ctx, 'v2 organization: every PR of the year, roll_up 1mo', {
    requested_metrics: METRICS,
    time_ranges: [{ after: day(-365), before: day(1) }],
    roll_up: '1mo',
  }, 3);
}

/** The process's own peak RSS, printed on stderr as it exits (the CLI is a child: /proc is gone by then). */
const MAX_RSS_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss_kb '+process.resourceUsage().maxRSS+'\\n'))`;

/** Runs `emctl ARGS` as a process; resolves with its wall time, exit code, stderr and peak RSS. */
function runCli(ctx, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', MAX_RSS_HOOK, BIN, '--base-url', ctx.url, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, EMCTL_API_KEY: KEY },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.once('error', reject);
    child.once('exit', (code) => {
      const kb = Number(/maxrss_kb (\d+)/.exec(stderr)?.[1] ?? NaN);
      resolve({ code, ms: performance.now() - started, stdout, stderr: stderr.replace(/maxrss_kb \d+\n/, ''), peakMb: Math.round(kb / 1024) });
    });
  });
}

/**
 * End to end through the CLI: a 12-week weekly report for 500 teams, which emctl splits into 10
 * calls of 50 team ids (counted in the emulator's request log), at the default pace of 60 calls a
 * minute per route. The floor for n calls on one route whose token bucket holds B = 60 tokens and
 * refills at R = 60 a minute is max(0, n - B) / (R / 60 s) = max(0, 10 - 60) / 1 = 0 s of waiting:
 * the ten calls go at once, so the run costs start-up plus the calls' own time.
 */
async function endToEnd500Teams(ctx) {
  const teams = ctx.teamIds.join(',');
  const args = ['measurements', '--metric', METRICS.map((m) => (m.agg ? `${m.name}:${m.agg}` : m.name)).join(','), '--group-by', 'team', '--team', teams, '--roll-up', '1w', '--last', '12w', '--format', 'csv'];
  const runs = Math.max(3, Math.min(RUNS, 5));
  const before = (await get(ctx, '/_emulator/requests')).items.filter((r) => r.path === '/api/v2/measurements').length;
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await runCli(ctx, args);
    if (r.code !== 0) throw new Error(`emctl measurements exited ${r.code}: ${r.stderr.slice(0, 400)}`);
    results.push(r);
  }
  const after = (await get(ctx, '/_emulator/requests')).items.filter((r) => r.path === '/api/v2/measurements').length;
  const calls = (after - before) / runs;
  const rows = results[0].stdout.trimEnd().split('\n').length - 1;
  const floorSeconds = Math.max(0, calls - 60) / (60 / 60);
  const wall = median(results.map((r) => r.ms));
  const peak = Math.max(...results.map((r) => r.peakMb));
  console.log(
    `${'emctl measurements: 500 teams, 1w over 12 weeks, csv'.padEnd(58)} median ${wall.toFixed(0).padStart(7)} ms wall  ` +
      `(${calls} calls per run, ${rows} rows; per-route floor at 60/min: ${floorSeconds} s of pacing; CLI peak RSS ${peak} MB; ${runs} runs)`,
  );
  return { name: 'e2e 500 teams', medianMs: wall };
}

export const SCENARIOS = [byTeam, byRepository, organizationYear, endToEnd500Teams];

async function main() {
  const emulator = await startEmulator();
  try {
    const monitored = await get(emulator, '/api/v1/git/repositories?state=monitored&page_size=50');
    const ctx = {
      url: emulator.url,
      pid: emulator.pid,
      // generateFixture numbers teams from 1001.
      teamIds: Array.from({ length: 500 }, (_, i) => 1001 + i),
      repositoryIds: monitored.items.map((r) => r.id),
    };
    const loaded = rssOf(emulator.pid);
    console.log(`generated org: ${GENERATE}; emulator listening after ${emulator.startSeconds.toFixed(1)} s with ${loaded.nowMb} MB RSS; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}`);
    for (const scenario of SCENARIOS) await scenario(ctx);
    const after = rssOf(emulator.pid);
    console.log(`emulator peak RSS (VmHWM): ${after.peakMb} MB (now ${after.nowMb} MB)`);
  } finally {
    emulator.child.kill('SIGTERM');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
