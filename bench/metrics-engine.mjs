// @ts-check
// Metric engine micro-benchmark (runs against dist/: `npm run build` first, then
// `node --expose-gc bench/metrics-engine.mjs`). Generates, in memory, an organization of 10,000
// repositories, 500 teams, 5,000 contributors and 500,000 pull requests over a year (a simple
// deterministic loop), indexes it, and times measure() for (a) group_by team, 50 team ids,
// roll_up 1w over 12 weeks (also with with_direct_children), (b) group_by repository over 50 ids,
// and the whole organization over the year. Prints the median of each (wall clock and CPU time,
// since a busy machine inflates the first) and the memory used. Target: (a) and (b) under 200 ms
// per call, under 1 GB. Env: BENCH_PRS, BENCH_RUNS, BENCH_ONLY (a case name prefix).

import { cpus, loadavg } from 'node:os';
import { surface } from './surface.mjs';
// The query defaults the metric tests use too (one list; plain .mjs, so it runs without a build).
import { queryDefaults } from '../test/emulator/metrics/query-defaults.mjs';

const { indexActivity, measure } = await surface.emulatorMetrics();
const { buildState } = await surface.emulatorState();

const PRS = Number(process.env.BENCH_PRS ?? 500_000);
const REPOS = 10_000;
const TEAMS = 500;
const CONTRIBUTORS = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 1);
const START = END - 365 * DAY;

// mulberry32: a small seeded generator, the same data on every run.
let seed = 12345;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const iso = (ms) => new Date(ms).toISOString();
const hours = (max) => Math.floor(rand() * max) * 3_600_000;

// JS heap plus typed-array storage (which lives outside the heap).
const gcHeap = () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

const heapBefore = gcHeap();
/** @type {import('./surface.mjs').Fixture['repositories']} */
const repositories = [];
for (let r = 1; r <= REPOS; r++) repositories.push({ id: r, provider_id: `R_${r}`, name: `acme/repo-${r}`, integration_id: 20, state: 'monitored' });
const teams = [];
const team_git_scopes = [];
for (let t = 1; t <= TEAMS; t++) {
  teams.push({ id: t, name: `team-${t}`, ...(t > 50 ? { parent_id: ((t - 1) % 50) + 1 } : {}) });
  // Every team's Git scope lists the 20 repositories it works in.
  team_git_scopes.push({ team_id: t, repository_ids: Array.from({ length: 20 }, (_, k) => ((t * 20 + k) % REPOS) + 1) });
}
const state = buildState({
  organization: { id: 1, name: 'Acme' },
  api_keys: ['k'],
  integrations: [{ id: 20, type: 'git', provider: 'host_a', name: 'Code', state: 'ok', auth_type: 'app' }],
  teams,
  repositories,
  team_git_scopes,
  git_config: { exclude_branches: { patterns: ['^dependabot/', '^renovate/'] } },
});
const contributors = [];
for (let c = 1; c <= CONTRIBUTORS; c++) contributors.push({ id: 100_000 + c, name: `dev-${c}`, team_ids: [((c - 1) % TEAMS) + 1] });
const pull_requests = [];
for (let i = 0; i < PRS; i++) {
  const c = Math.floor(rand() * CONTRIBUTORS);
  const team = (c % TEAMS) + 1;
  // Mostly the team's own repositories, sometimes any.
  const repo = rand() < 0.8 ? ((team * 20 + Math.floor(rand() * 20)) % REPOS) + 1 : Math.floor(rand() * REPOS) + 1;
  const firstCommit = START + Math.floor(rand() * 360 * DAY);
  const opened = firstCommit + hours(72);
  const reviewed = rand() < 0.85 ? opened + hours(48) : null;
  const merged = rand() < 0.9 ? (reviewed ?? opened) + hours(72) : null;
  const released = merged !== null && rand() < 0.7 ? merged + hours(96) : null;
  const tool = rand();
  pull_requests.push({
    id: i + 1,
    repository_id: repo,
    author_id: 100_001 + c,
    branch: rand() < 0.05 ? `dependabot/pkg-${i}` : `feature/${i}`,
    base_branch: 'main',
    labels: rand() < 0.3 ? ['backend'] : [],
    first_commit_at: iso(firstCommit),
    opened_at: iso(opened),
    first_review_at: reviewed === null ? null : iso(reviewed),
    approved_at: reviewed === null ? null : iso(reviewed + hours(12)),
    merged_at: merged === null ? null : iso(merged),
    released_at: released === null ? null : iso(released),
    additions: Math.floor(rand() * 400),
    deletions: Math.floor(rand() * 200),
    commits: 1 + Math.floor(rand() * 8),
    reviews: Math.floor(rand() * 4),
    review_comments: Math.floor(rand() * 10),
    coding_assistant: tool < 0.3 ? 1 + Math.floor(rand() * 5) : null,
    ai_review: tool < 0.2 ? 17 : null,
    agentic_pr: null,
  });
}
const releases = [];
for (let k = 0; k < 50_000; k++) releases.push({ repository_id: Math.floor(rand() * REPOS) + 1, at: iso(START + Math.floor(rand() * 365 * DAY)) });
const activity = { contributors, pull_requests, releases };
const heapFixture = gcHeap();

let t0 = performance.now();
const indexCpu0 = process.cpuUsage();
const index = indexActivity(activity);
const indexMs = performance.now() - t0;
const indexCpu = process.cpuUsage(indexCpu0);
const heapIndexed = gcHeap();

const isoDay = (ms) => iso(ms).slice(0, 10);
const base = {
  ...queryDefaults(),
  /** @type {import('./surface.mjs').MeasurementQuery['metrics']} */
  metrics: [
    { name: 'branch.computed.cycle_time', agg: 'p75', key: 'branch.computed.cycle_time:p75' },
    { name: 'branch.computed.cycle_time', agg: 'p50', key: 'branch.computed.cycle_time:p50' },
    { name: 'pr.merged', agg: undefined, key: 'pr.merged' },
    { name: 'releases.count', agg: undefined, key: 'releases.count' },
  ],
};
const twelveWeeks = [{ after: isoDay(END - 84 * DAY), before: isoDay(END) }];
const ONLY = process.env.BENCH_ONLY;
/** @type {Record<string, import('./surface.mjs').MeasurementQuery>} */
const allCases = {
  'team, 50 ids, 1w x 12 weeks': { ...base, groupBy: 'team', teamIds: Array.from({ length: 50 }, (_, k) => k + 1), rollUp: '1w', timeRanges: twelveWeeks },
  'team, 50 ids, 1w x 52 weeks': { ...base, groupBy: 'team', teamIds: Array.from({ length: 50 }, (_, k) => k + 1), rollUp: '1w', timeRanges: [{ after: isoDay(END - 364 * DAY), before: isoDay(END) }] },
  'team, 50 ids, with_direct_children, 1w x 12 weeks': { ...base, groupBy: 'team', teamIds: Array.from({ length: 50 }, (_, k) => k + 1), withDirectChildren: true, rollUp: '1w', timeRanges: twelveWeeks },
  'repository, 50 ids, one year': { ...base, groupBy: 'repository', repositoryIds: Array.from({ length: 50 }, (_, k) => k * 200 + 1), timeRanges: [{ after: isoDay(START), before: isoDay(END) }] },
  'organization, whole year, 1mo (every PR)': { ...base, groupBy: 'organization', rollUp: '1mo', timeRanges: [{ after: isoDay(START), before: isoDay(END) }] },
};

const cases = Object.fromEntries(Object.entries(allCases).filter(([name]) => !ONLY || name.startsWith(ONLY)));
console.log(`${PRS} pull requests, ${REPOS} repositories, ${TEAMS} teams, ${CONTRIBUTORS} contributors; index built in ${indexMs.toFixed(0)} ms wall, ${((indexCpu.user + indexCpu.system) / 1000).toFixed(0)} ms CPU`);
console.log(`heap + array buffers: ${mb(heapBefore)} empty, ${mb(heapFixture)} with the activity as objects, ${mb(heapIndexed)} indexed (index ${mb(heapIndexed - heapFixture)})`);
for (const [name, q] of Object.entries(cases)) {
  const times = [];
  const cpu = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    t0 = performance.now();
    const c0 = process.cpuUsage();
    const answer = measure(index, state, q);
    const used = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
    rows = answer.reduce((n, e) => n + e.metrics.length, 0);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
  console.log(`${name}: median ${median(times)} ms wall, ${median(cpu)} ms CPU (min wall ${Math.min(...times).toFixed(1)}; ${rows} rows)`);
}
console.log(`heap + array buffers after the calls: ${mb(gcHeap())}; rss ${mb(process.memoryUsage().rss)}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`);
