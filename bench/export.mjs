// @ts-check
// `emctl export` of generated organizations (generateFixture, seed 1; a tenth of the teams in Git
// only) served by an in-process emulator without latency, before and after the team list
// (DESIGN.md section 13), for 500 and 2,000 teams. Each run is a child process (its CPU and memory
// are its own) and prints its calls (the emulator's log, by route), the teams it found and its
// times:
//   - unpaced (rate limit off), the whole organization (10,000 repositories, every configuration):
//     emctl's own cost, wall and CPU time and peak RSS;
//   - paced at PACE calls a minute per route (default 6,000: the service's 60, a hundred times
//     faster, so a 30-minute export takes 18 s) with the service's bucket of 60 calls, without the
//     repository configurations (--repo-settings none), so the team reads are the busiest routes:
//     the wall time times PACE / 60 is the time at the service's own pace. The CLI has no flag for
//     the bucket, so this run calls export's reader (export/read.ts) with a client made here.
// "Before" is the discovery emctl had without the team list: used_by of boards and projects plus
// --teams with every team id (the only way to have them all). It runs the CLI of
// BENCH_BEFORE_DIST (a build of the commit before, e.g. `git worktree add /tmp/before <commit> &&
// (cd /tmp/before && npm run build)`), or, without it, this build against the same emulator
// behind a proxy that answers the list routes 404, the fallback this build takes on an older
// service (its one 404 call is counted). The exported file of the 500-team run is what
// bench/validate.mjs validates (exportGeneratedOrg below).
// Run with `npm run bench:export` (builds first). Figures: docs/performance.md.

import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, runChildJson } from './helpers.mjs';
import { DIST as HERE_DIST, distAt, surface, surfaceAt } from './surface.mjs';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-export-key';
const PACE = Number(process.env.BENCH_PACE ?? 6000);
/** The service's bucket: a minute's worth at its own 60 calls a minute. */
const BURST = 60;
const BEFORE_DIST = process.env.BENCH_BEFORE_DIST ? distAt(process.env.BENCH_BEFORE_DIST) : undefined;

/** Paced child: export's reader of `dist` with a client at PACE and the service's bucket; prints its wall time. */
async function pacedChild(dist, url, teamsJson) {
  const build = await surfaceAt(dist);
  const { EmClient } = await build.client();
  const { readOnly } = await build.readOnlyClient();
  const { readOrganization } = await build.exportRead();
  const client = new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: PACE, burst: BURST, concurrency: 16 });
  const t0 = performance.now();
  const read = await readOrganization(readOnly(client), { teams: JSON.parse(teamsJson), configTeams: [], repoSettings: 'none', fixture: false });
  const wallMs = performance.now() - t0;
  process.stdout.write(JSON.stringify({ wallMs, teams: read.teamIds.length }) + '\n');
}

/** Child: one export through the real CLI code path of `dist`, in this process; prints its own figures. */
async function child(dist, url, out, argsJson) {
  const { runCli } = await (await surfaceAt(dist)).program();
  let stderr = '';
  const io = {
    stdout: { write: () => true, isTTY: false },
    stderr: { write: (s) => (stderr += s), isTTY: false },
    stdin: { isTTY: false },
    env: { EMCTL_API_KEY: KEY, NO_COLOR: '1' },
    cwd: process.cwd(),
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const code = await runCli(['export', '--base-url', url, ...JSON.parse(argsJson), '--out', out], io);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (code !== 0) throw new Error(`emctl export exited ${code}: ${stderr}`);
  const summary = stderr.trim().split('\n').pop();
  process.stdout.write(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMB: process.resourceUsage().maxRSS / 1024, summary }) + '\n');
}

/** An older service in front of `target`: the list routes answer 404, the rest passes through. */
async function olderService(target) {
  let refused = 0;
  const server = http.createServer((req, res) => {
    if (/^\/api\/(v2\/teams|v1\/users)\b/.test(req.url ?? '')) {
      refused += 1;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      return;
    }
    const out = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    refused: () => refused,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const routeOf = (path) => path.replace(/\/\d+(?=\/|$)/g, '/{id}');

/** One export of a generated organization; `before` runs the discovery without the team list. */
async function exportRun({ repos, teams, before, paced, dir, named = true }) {
  const { generateFixture, startEmulator } = await surface.emulator();
  const fixture = { ...generateFixture({ repos, teams, boards: 2000, seed: 1 }), api_keys: [KEY] };
  const emulator = await startEmulator({ fixture, port: 0 });
  const proxy = before && !BEFORE_DIST ? await olderService(emulator.url) : undefined;
  try {
    const dist = before && BEFORE_DIST ? BEFORE_DIST : HERE_DIST;
    const url = proxy?.url ?? emulator.url;
    const teamIds = before && named ? fixture.teams.map((t) => t.id) : [];
    const out = join(dir, `emctl-${teams}-${before ? 'before' : 'after'}.yaml`);
    const figures = paced
      ? await runChildJson(SELF, ['paced', dist, url, JSON.stringify(teamIds)], 'paced export child')
      : await runChildJson(SELF, ['cli', dist, url, out, JSON.stringify(['--concurrency', '16', '--rate-limit', '0', ...(before ? ['--teams', teamIds.join(',')] : [])])], 'export child');
    const byRoute = new Map();
    for (const q of emulator.store.requests) byRoute.set(routeOf(q.path), (byRoute.get(routeOf(q.path)) ?? 0) + 1);
    const listCalls = (byRoute.get('/api/v2/teams') ?? 0) + (proxy?.refused() ?? 0);
    const calls = emulator.store.requests.length + (proxy?.refused() ?? 0);
    return { path: out, ...figures, calls, listCalls, scopeCalls: byRoute.get('/api/v1/pm/config/teams/{id}/scope') ?? 0, ...(paced ? {} : { bytes: statSync(out).size }) };
  } finally {
    await proxy?.close();
    await emulator.close();
  }
}

/**
 * Generates the organization, serves it, exports it with emctl to `dir` and returns the path with
 * the export's figures. The emulator is closed before returning.
 */
export async function exportGeneratedOrg(dir, { repos = 10_000, teams = 500 } = {}) {
  return exportRun({ repos, teams, before: false, paced: false, dir });
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-export-'));
  try {
    console.log(machineLine());
    console.log(`before: ${BEFORE_DIST ? `the CLI of ${process.env.BENCH_BEFORE_DIST}` : 'this build against an older service (the list routes answer 404)'}, --teams with every id`);
    for (const teams of [500, 2000]) {
      for (const before of [true, false]) {
        const label = `${teams} teams, ${before ? 'before' : 'after '}`;
        const whole = await exportRun({ repos: 10_000, teams, before, paced: false, dir });
        console.log(
          `${label} unpaced: ${whole.calls} calls (team list ${whole.listCalls}, PM scopes ${whole.scopeCalls}), wall ${seconds(whole.wallMs)}, ` +
            `CPU ${seconds(whole.cpuMs)}, peak RSS ${whole.maxRssMB.toFixed(0)} MB, config ${(whole.bytes / 1024).toFixed(0)} KB; ${whole.summary}`,
        );
        const paced = await exportRun({ repos: 1000, teams, before, paced: true, dir });
        const real = (paced.wallMs * PACE) / 60;
        console.log(
          `${label} paced at ${PACE}/min, bucket ${BURST} (1,000 repositories, no configurations): ${paced.calls} calls (team list ${paced.listCalls}), ` +
            `${paced.teams} teams, wall ${seconds(paced.wallMs)} = ${(real / 60_000).toFixed(2)} min at 60 calls a minute`,
        );
        if (before) {
          const bare = await exportRun({ repos: 1000, teams, before, paced: true, dir, named: false });
          console.log(`${label} without --teams: ${bare.teams} of ${teams} teams found (those only in Git are not), ${bare.calls} calls`);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , kind, ...rest] = process.argv;
  if (kind === 'paced') await pacedChild(...rest);
  else await child(...rest);
} else if (process.argv[1] === SELF) {
  await main();
}
