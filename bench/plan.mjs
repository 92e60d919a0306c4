// @ts-check
// Plan read cost on a large organization: 10,000 repositories and 500 teams, the emulator adding
// 20 ms to every response. Measures `emctl plan` (requests, wall time, peak memory) at the default
// and at 16 requests in flight, its steps timed apart (load, read, plan), the same reads done one
// call at a time, a naive serial reader (default page sizes, one call per (team, integration),
// used_by everywhere), and a rate-limited run (time-compressed: 3600 calls
// per minute per route = 60 per second on client and emulator, bucket of 60 on the client) against
// the bound max over routes of (calls on that route / rate).
//
// Run with `npm run bench:plan` (builds first). Each measured run is a child process, so its peak
// memory is its own, not the emulator's (which runs in this process). Figures: docs/performance.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRequests, capturingIO, machineLine, runChildJson } from './helpers.mjs';
import YAML from 'yaml';
import { generatedConfig } from '../test/helpers/generated-org.mjs';
import { surface } from './surface.mjs';

const { CONFIG_CHECKS } = await surface.configChecks();

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-key';
const REPOSITORIES = 10_000;
const TEAMS = 500;
const LATENCY_MS = 20;
const RATE_PER_MINUTE = 3600; // 60 per second: the real 60 per minute, 60 times faster
// A milder compression for the scoped runs with a floor: fixed costs (the first and last round
// trips, the plan building after the last answer) weigh 6x less against the floor than at 3,600,
// and 60x less again at the real 60 a minute.
const MILD_RATE_PER_MINUTE = 600;
const BURST = 60; // the real bucket holds a minute's worth: 60 calls

// ---- child: one measured run ----------------------------------------------------------------

function memoryProbe() {
  let heapPeak = 0;
  const sample = () => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, 10);
  return () => {
    clearInterval(timer);
    sample();
    return { heapPeakMB: heapPeak / 2 ** 20, maxRssMB: process.resourceUsage().maxRSS / 1024 };
  };
}

/** The straightforward reader: every call one after the other, API defaults, no batching. */
async function naiveRead(client, doc) {
  const { items: integrations } = await client.listIntegrations();
  const pm = integrations.filter((i) => i.type === 'pm');
  const byAlias = (alias) => pm.find((i) => i.id === doc.integrations[alias]?.id);
  const pairs = new Map(); // `${id}/${type}` -> selection managed
  const note = (alias, type, selection) => {
    const i = byAlias(alias);
    if (i) pairs.set(`${i.id}/${type}`, pairs.get(`${i.id}/${type}`) || selection);
  };
  for (const [alias, sets] of Object.entries(doc.collection)) for (const type of Object.keys(sets)) note(alias, type, true);
  for (const team of Object.values(doc.teams)) {
    for (const [alias, scope] of Object.entries(team.pm ?? {})) {
      for (const key of ['boards', 'epics', 'labels', 'fields']) if (scope[key]?.length) note(alias, key, false);
      if (scope.project_team_areas?.length) for (const type of ['projects', 'teams', 'areas']) note(alias, type, false);
    }
  }
  for (const [key, selection] of pairs) {
    const [id, type] = key.split('/');
    for (let offset = 0, total = 1; offset < total; offset += 100) {
      const page = await client.listEntities(type, { integration_ids: [Number(id)], include_invalid: selection, offset });
      total = page.total;
    }
  }
  for (const [teamId, team] of Object.entries(doc.teams)) {
    for (const alias of Object.keys(team.pm ?? {})) await client.getTeamPmScope(Number(teamId), [byAlias(alias).id]);
    if (team.git) await client.getTeamGitScope(Number(teamId));
  }
  const repos = [];
  for (let page = 1, total = 1; (page - 1) * 50 < total; page++) {
    const r = await client.listRepositories({ page });
    total = r.total;
    repos.push(...r.items);
  }
  const byName = new Map(repos.map((r) => [r.name, r.id]));
  for (const [ref, entry] of Object.entries(doc.git.repositories)) {
    if (entry.settings === undefined) continue;
    await client.getRepositoryConfig(/^\d+$/.test(ref) ? Number(ref) : byName.get(ref));
  }
  if (Object.keys(doc.git.defaults).length > 0) await client.getOrgConfig();
}

async function child(mode, url, configPath) {
  const done = memoryProbe();
  const started = performance.now();
  let calls;
  let changes;
  const phases = {};
  if (mode === 'emctl' || mode === 'serial' || mode === 'emctl16') {
    const { runCli } = await surface.program();
    const { io, printed } = capturingIO(KEY);
    const concurrency = mode === 'serial' ? ['--concurrency', '1'] : mode === 'emctl16' ? ['--concurrency', '16'] : [];
    const code = await runCli(['plan', '-c', configPath, '--base-url', url, '--rate-limit', '0', '--format', 'json', ...concurrency], io);
    if (code !== 0) throw new Error(`emctl plan exited ${code}: ${printed.stderr}`);
    changes = JSON.parse(printed.stdout).changes.length;
  } else {
    const { EmClient } = await surface.client();
    if (mode === 'naive') {
      const client = new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: 0, concurrency: 1 });
      const { readFileSync } = await import('node:fs');
      await naiveRead(client, YAML.parse(readFileSync(configPath, 'utf8')));
      calls = client.stats().calls;
    } else {
      // read / rate: the plan's own steps, timed one by one; `rate` with a client paced like the
      // real service, time-compressed.
      const { loadConfigOrThrow } = await surface.config();
      const { readLiveState, readReachability } = await surface.readLive();
      const { buildPlanStaged } = await surface.corePlan();
      const { reachabilityOfPmPart } = await surface.earlyReachability();
      const client =
        mode === 'rate'
          ? new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: RATE_PER_MINUTE, burst: BURST })
          : new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: 0 });
      let t = performance.now();
      const config = await loadConfigOrThrow(configPath, CONFIG_CHECKS);
      phases.load = performance.now() - t;
      t = performance.now();
      // As the plan command does: the lists whose entities the writes name are read again without
      // unreachable entities as soon as the PM part is in (src/core/reads/early-reachability.ts).
      const { snapshot } = await readLiveState(client, config, {}, { perRoute: 8, reachabilityFor: reachabilityOfPmPart(config, {}) });
      phases.read = performance.now() - t;
      t = performance.now();
      const staged = buildPlanStaged(config, snapshot, {});
      let plan = staged.plan;
      phases.plan = performance.now() - t;
      // Should the whole plan name a list the PM part did not, it is read now and the
      // predictions made again (src/plan/make.ts).
      if (plan.unknownReachability) {
        t = performance.now();
        await readReachability(client, snapshot, plan.unknownReachability, { perRoute: 8 });
        plan = staged.predictAgain();
        phases.recheck = performance.now() - t;
      }
      changes = plan.changes.length;
      calls = client.stats().calls;
    }
  }
  const wallMs = performance.now() - started;
  process.stdout.write(JSON.stringify({ mode, wallMs, changes, calls, phases, ...done() }) + '\n');
}

/**
 * A scoped run as plan and apply make it (src/plan/make.ts makePlan): `--target`
 * addresses, or a saved plan's ownership objects (what `apply PLANFILE` re-reads before its first
 * write); paced like the real service (time-compressed) when `spec.rate`.
 */
async function scopedChild(spec, url, configPath) {
  const done = memoryProbe();
  const started = performance.now();
  const { EmClient } = await surface.client();
  const { makePlan } = await surface.makePlan();
  const client = spec.rate
    ? new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: spec.rate, burst: BURST })
    : new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: 0 });
  // When each call was sent and answered, to tell the wait for answers from the work after the last one.
  const calls = { last: 0 };
  // BENCH_TRACE=FILE writes each call's method, start and end (ms from the start of makePlan).
  const trace = process.env.BENCH_TRACE ? [] : undefined;
  let t0 = 0;
  const timed = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function' || prop === 'stats') return typeof value === 'function' ? value.bind(target) : value;
      return (...args) => {
        const sent = performance.now();
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.finally(() => {
          calls.last = Math.max(calls.last, performance.now());
          trace?.push([String(prop), Math.round(sent - t0), Math.round(performance.now() - t0)]);
        });
      };
    },
  });
  let config;
  let targets = spec.targets ?? [];
  let repositoryIds;
  if (spec.planFile !== undefined) {
    const { readFileSync } = await import('node:fs');
    const { parsePlanJson } = await surface.planJson();
    const { desiredFromPlan, ownershipTargets } = await surface.applyStale();
    const saved = parsePlanJson(readFileSync(spec.planFile, 'utf8'));
    const { repositoryIdsOfReads } = await surface.readRecords();
    const desired = desiredFromPlan(saved.desired, spec.planFile);
    // As apply PLANFILE does (src/workflows/apply.ts): the ids its read records give.
    config = desired;
    repositoryIds = repositoryIdsOfReads(saved.reads);
    targets = ownershipTargets(saved.changes);
  } else {
    const { loadConfigOrThrow } = await surface.config();
    config = await loadConfigOrThrow(spec.configPath ?? configPath, CONFIG_CHECKS);
  }
  // A saved plan's targets are its changes' own addresses, as apply PLANFILE passes them.
  const asked = spec.planFile !== undefined ? { targets, asWritten: true, repositoryIds } : { targets };
  if (spec.changedFrom !== undefined) {
    // As plan --changed-from does: the config at the ref from git, the objects that changed.
    const { loadConfigAtRef } = await surface.configAtRef();
    const { changedObjects } = await surface.changedObjects();
    const before = await loadConfigAtRef(spec.configPath, spec.changedFrom, CONFIG_CHECKS);
    asked.changed = { ref: spec.changedFrom, changes: changedObjects(before, config) };
  }
  const t = performance.now();
  t0 = t;
  const { plan } = await makePlan(config, { client: timed, perRoute: 8 }, asked, new Date(), { service: url, cwd: process.cwd() });
  if (trace) writeFileSync(`${process.env.BENCH_TRACE}.${spec.rate}`, JSON.stringify(trace));
  const end = performance.now();
  // read: makePlan whole (reads, plan building, reachability re-read); its last answer
  // came `tail` before it returned.
  const phases = { read: end - t, lastAnswer: calls.last - t, tail: end - calls.last };
  const wallMs = performance.now() - started;
  process.stdout.write(JSON.stringify({ mode: spec.name, wallMs, changes: plan.changes.length, calls: client.stats().calls, phases, ...done() }) + '\n');
}

// ---- parent: set up, run each child, report --------------------------------------------------

function runChild(mode, url, configPath, spec) {
  const extra = spec === undefined ? [] : [JSON.stringify(spec)];
  // BENCH_CPU_PROF=DIR profiles each measured run (node --cpu-prof) into DIR.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  return runChildJson(SELF, [mode, url, configPath, ...extra], `${mode} run`, prof);
}

function routeOf(r) {
  return `${r.method} ${r.path.replace(/\/(teams|repositories)\/\d+(\/|$)/, '/$1/{id}$2')}${r.query?.with_used_by === 'true' ? ' (used_by)' : ''}`;
}

async function measure(emulator, mode, configPath, spec) {
  const before = (await apiRequests(emulator.url, KEY)).length;
  const result = await runChild(mode, emulator.url, configPath, spec);
  const requests = (await apiRequests(emulator.url, KEY)).slice(before);
  const byRoute = {};
  for (const r of requests) byRoute[routeOf(r)] = (byRoute[routeOf(r)] ?? 0) + 1;
  const writes = requests.filter((r) => r.method !== 'GET').length;
  const throttled = requests.filter((r) => r.status === 429).length;
  return { ...result, requests: requests.length, byRoute, writes, throttled };
}

async function main() {
  const { generateFixture, startEmulator } = await surface.emulator();
  const fixture = { ...generateFixture({ repos: REPOSITORIES, teams: TEAMS, boards: 5000, seed: 1 }), api_keys: [KEY] };
  const doc = generatedConfig(fixture, { pmTeams: TEAMS, gitTeams: TEAMS, settingsRepos: 1000 });
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-plan-'));
  const configPath = join(dir, 'emctl.yaml');
  writeFileSync(configPath, YAML.stringify(doc));
  const fmt = (r) =>
    `${r.mode.padEnd(8)} requests ${String(r.requests).padStart(5)}  wall ${(r.wallMs / 1000).toFixed(2).padStart(6)} s  ` +
    `peak RSS ${r.maxRssMB.toFixed(0).padStart(4)} MB  peak heap ${r.heapPeakMB.toFixed(0).padStart(4)} MB` +
    (r.changes === undefined ? '' : `  changes ${r.changes}`) +
    `  writes ${r.writes}  429s ${r.throttled}` +
    (r.phases && Object.keys(r.phases).length > 0
      ? `  (${Object.entries(r.phases).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`).join(', ')})`
      : '');

  console.log(machineLine());
  console.log(`org: ${REPOSITORIES} repositories, ${TEAMS} teams, ${doc.git.repositories ? Object.keys(doc.git.repositories).length : 0} repositories with managed settings; emulator latency ${LATENCY_MS} ms`);

  // BENCH_ONLY=scoped runs the scoped runs alone (the full-plan runs take minutes).
  const scopedOnly = process.env.BENCH_ONLY === 'scoped';
  const emulator = scopedOnly ? undefined : await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS });
  if (emulator) try {
    for (const mode of ['emctl', 'emctl16', 'read', 'serial', 'naive']) {
      const r = await measure(emulator, mode, configPath);
      console.log(fmt(r));
      if (mode === 'emctl') console.log(`         by route: ${JSON.stringify(r.byRoute)}`);
    }
  } finally {
    await emulator.close();
  }

  const limited = scopedOnly ? undefined : await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS, rateLimit: RATE_PER_MINUTE });
  if (limited) try {
    const r = await measure(limited, 'rate', configPath);
    const perSecond = RATE_PER_MINUTE / 60;
    const busiest = Object.entries(r.byRoute).sort((a, b) => b[1] - a[1])[0];
    const bound = Math.max(...Object.values(r.byRoute).map((n) => n / perSecond));
    const boundBurst = Math.max(...Object.values(r.byRoute).map((n) => Math.max(0, n - BURST) / perSecond));
    console.log(fmt(r));
    console.log(
      `rate     ${RATE_PER_MINUTE}/min per route (bucket ${BURST}): busiest route ${busiest[0]} with ${busiest[1]} calls; ` +
        `bound max(calls/rate) ${bound.toFixed(2)} s, with the full bucket at start max((calls-${BURST})/rate) ${boundBurst.toFixed(2)} s; ` +
        `read ${(r.phases.read / 1000).toFixed(2)} s; at the real 60/min the read would take about ${(r.phases.read / 1000).toFixed(1)} min`,
    );
  } finally {
    await limited.close();
  }

  // Scoped runs: --target on one team, on one repository, and the re-read of apply PLANFILE (the
  // full plan saved with --out), each without pacing and paced like the real service
  // (time-compressed), against the per-route floor max over routes of max(0, calls - bucket) / rate.
  const teamId = doc.teams['1001']?.pm && doc.teams['1001']?.git ? '1001' : Object.keys(doc.teams).find((id) => doc.teams[id].pm && doc.teams[id].git);
  const repoName = Object.keys(doc.git.repositories).find((k) => !/^\d+$/.test(k) && doc.git.repositories[k].settings !== undefined);
  const repoId = fixture.repositories.find((r) => r.name === repoName)?.id;
  const planFile = join(dir, 'plan.json');
  const plain = await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS });
  try {
    const { runCli } = await surface.program();
    let stderr = '';
    const io = {
      stdout: { write: () => {}, isTTY: false },
      stderr: { write: (t) => (stderr += t), isTTY: false },
      stdin: { isTTY: false },
      env: { EMCTL_API_KEY: KEY, NO_COLOR: '1' },
      cwd: process.cwd(),
    };
    const code = await runCli(['plan', '-c', configPath, '--base-url', plain.url, '--rate-limit', '0', '--out', planFile], io);
    if (code !== 0) throw new Error(`emctl plan --out exited ${code}: ${stderr}`);
    // --changed-from: the config committed in a git repository, then one key of the team's first
    // PM scope trimmed in the working tree.
    const gitDir = join(dir, 'repo');
    const { execFileSync } = await import('node:child_process');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(gitDir);
    const git = (...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: gitDir });
    git('init', '-q', '-b', 'main');
    writeFileSync(join(gitDir, 'emctl.yaml'), YAML.stringify(doc));
    git('add', '-A');
    git('commit', '-q', '-m', 'config');
    const changedDoc = structuredClone(doc);
    const firstScope = Object.values(changedDoc.teams[teamId].pm)[0];
    const key = ['boards', 'labels', 'epics'].find((k) => (firstScope[k]?.length ?? 0) > 1);
    firstScope[key] = firstScope[key].slice(0, -1);
    writeFileSync(join(gitDir, 'emctl.yaml'), YAML.stringify(changedDoc));
    // A team the generated config leaves in sync (it changes every fourth PM scope and every fifth Git scope).
    const inSync = Object.keys(doc.teams).filter((id) => doc.teams[id].pm && doc.teams[id].git)[1];
    const runs = [
      { name: `--target team[${teamId}]`, targets: [`team[${teamId}]`] },
      { name: `--target team[${inSync}] (in sync)`, targets: [`team[${inSync}]`] },
      { name: `--changed-from HEAD (team ${teamId}'s ${key} trimmed)`, changedFrom: 'HEAD', configPath: join(gitDir, 'emctl.yaml') },
      { name: `--target repo[${JSON.stringify(repoName)}]`, targets: [`repo[${JSON.stringify(repoName)}]`] },
      { name: `--target repo[${JSON.stringify(repoName)}].settings`, targets: [`repo[${JSON.stringify(repoName)}].settings`] },
      // The same repository by id, which the config writes by name (docs/planning.md section 7).
      { name: `--target repo[${repoId}] (written by name)`, targets: [`repo[${repoId}]`] },
      { name: 'apply PLANFILE re-read', planFile },
    ];
    // BENCH_RUN=apply (a substring of a run's name) runs only the matching runs.
    const only = process.env.BENCH_RUN;
    for (const run of runs.filter((r) => only === undefined || r.name.includes(only))) {
      // Unpaced, paced at 3,600 a minute, and for a run with a floor at the milder 600 a minute too.
      const rates = [0, RATE_PER_MINUTE, ...(run.planFile !== undefined ? [MILD_RATE_PER_MINUTE] : [])];
      for (const rate of rates) {
        // A fresh paced emulator per run: its buckets start full, as the client's do.
        const paced = rate ? await startEmulator({ fixture, port: 0, latencyMs: LATENCY_MS, rateLimit: rate }) : undefined;
        const r = await measure(paced ?? plain, 'scoped', configPath, { ...run, rate }).finally(() => paced?.close());
        const floor = Math.max(0, ...Object.values(r.byRoute).map((n) => Math.max(0, n - BURST) / (rate / 60)));
        const busiest = Object.entries(r.byRoute).sort((a, b) => b[1] - a[1])[0];
        console.log(
          `${run.name}${rate ? ` paced ${rate}/min` : ' unpaced'}: requests ${r.requests}, read ${(r.phases.read / 1000).toFixed(2)} s ` +
            `(last answer at ${(r.phases.lastAnswer / 1000).toFixed(2)} s, ${(r.phases.tail / 1000).toFixed(2)} s after it), ` +
            `changes ${r.changes}, writes ${r.writes}, 429s ${r.throttled}, peak RSS ${r.maxRssMB.toFixed(0)} MB; busiest ${busiest[0]} ${busiest[1]}` +
            (rate ? `; floor ${floor.toFixed(2)} s${floor > 0 ? ` (${(r.phases.read / 1000 / floor).toFixed(3)}x)` : ''}` : ''),
        );
        if (!rate) console.log(`         by route: ${JSON.stringify(r.byRoute)}`);
      }
    }
  } finally {
    await plain.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , mode, url, configPath, spec] = process.argv;
  if (mode === 'scoped') await scopedChild(JSON.parse(spec), url, configPath);
  else await child(mode, url, configPath);
} else {
  await main();
}
