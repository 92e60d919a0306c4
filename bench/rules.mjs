// @ts-check
// How rule expansion (src/core/rules.ts, DESIGN 2.1) grows with the organization: 1,000 settings
// rules, half prefix globs (`team-123/*`) and half with an inner wildcard (`team-623/svc-*-api`),
// against 20,000, 60,000 and 100,000 monitored repositories named `team-K/svc-J` (every third
// `team-K/svc-J-api`), K = J mod 1,000. Prints, per size, the CPU of the expansion alone (target:
// under 2 s at 100,000) and per repository (target: flat, 100k within 1.3x of 20k); then, at the
// largest size, the CPU of the whole pure plan (buildPlanStaged: expansion, diff, operations) with
// the rules beside the same plan with each repository they write as a literal key, live state in
// sync. The pure core only: no emulator, no request (the reads are bench:plan's). Each figure is the
// least CPU of BENCH_REPEAT runs (default 3), after one warm-up run. Run with `npm run bench:rules`
// (builds first). Figures: docs/performance.md.

import { machineLine } from './helpers.mjs';
import { surface } from './surface.mjs';

const RULES = 1000;
const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const RULE_SETTINGS = { exclude_branches: { patterns: ['^dependabot/'] } };

const { expandRules } = await surface.rules();
const { buildPlanStaged } = await surface.corePlan();

function repository(id, name) {
  return {
    id,
    provider_id: `R_${id}`,
    name,
    http_url: '',
    provider: 'host_a',
    integration_id: 20,
    visibility: 'private',
    state: 'monitored',
    failing_reason: null,
    created_at: '',
    updated_at: '',
    provider_last_pushed_at: null,
    has_webhook: true,
    is_onprem: false,
    ai_tool_rules: {},
  };
}

function organization(size) {
  const repositories = [];
  for (let j = 0; j < size; j++) repositories.push(repository(100_000 + j, `team-${j % RULES}/svc-${j}${j % 3 === 0 ? '-api' : ''}`));
  return repositories;
}

function rules() {
  return Array.from({ length: RULES }, (_, k) => {
    const pattern = k < RULES / 2 ? `team-${k}/*` : `team-${k}/svc-*-api`;
    return { pattern, settings: RULE_SETTINGS, path: ['git', 'repositories', pattern] };
  });
}

/** @returns {import('./surface.mjs').DesiredConfig} */
function config(git) {
  return {
    version: 1,
    files: ['emctl.yaml'],
    integrations: [{ alias: 'code', id: 20 }],
    collection: [],
    teams: [],
    git: { defaults: {}, ...git },
    safety: { thresholds: {}, protected: [] },
    drift: { ignore: [] },
    sourceMap: { locate: () => undefined },
  };
}

/** @returns {import('./surface.mjs').LiveSnapshot} */
function snapshot(repositories, written) {
  const section = (value, source) => ({ value, source });
  const repositoryConfigs = new Map();
  for (const repo of repositories) {
    if (!written.has(repo.id)) continue;
    repositoryConfigs.set(repo.id, {
      repository_id: repo.id,
      repository_name: repo.name,
      settings: { exclude_branches: section(RULE_SETTINGS.exclude_branches, 'repository'), default_branch: section({ branch_name: null }, 'global') },
    });
  }
  return {
    integrations: [{ id: 20, type: 'git', provider: 'host_a', name: 'Code', state: 'ok', auth_type: 'app' }],
    entityLists: [],
    repositories,
    repositoriesComplete: true,
    teamPmScopes: new Map(),
    teamGitScopes: new Map(),
    repositoryConfigs,
  };
}

/**
 * The least CPU (ms) of REPEAT runs of `work`, and its last result. Each run gets the repository
 * list as a fresh array: the repository index is kept per list (core/resolve.ts), and building it
 * is part of what each run costs.
 */
function leastCpu(repositories, work) {
  let best = Infinity;
  let result;
  for (let i = 0; i < REPEAT; i++) {
    const fresh = [...repositories];
    const start = process.cpuUsage();
    result = work(fresh);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: best, result };
}

function expansionAt(size) {
    const repositories = organization(size);
  const withRules = config({ repositories: [], rules: rules() });
  const live = snapshot(repositories, new Set());
  return { repositories, withRules, ...leastCpu(repositories, (list) => expandRules(withRules, {}, { ...live, repositories: list })) };
}

console.log(machineLine());
console.log(`${RULES} rules (${RULES / 2} like team-123/*, ${RULES / 2} like team-623/svc-*-api); least CPU of ${REPEAT} runs, after a warm-up`);
expansionAt(60_000);
const sizes = SIZES.length > 0 ? SIZES : [20_000, 60_000, 100_000];
const perRepository = [];
let last;
for (const size of sizes) {
  last = expansionAt(size);
  const written = last.result.coverage.reduce((n, c) => n + c.repositories.length, 0);
  perRepository.push(last.ms / size);
  console.log(
    `${String(size).padStart(7)} repositories: expansion ${(last.ms / 1000).toFixed(3)} s CPU = ${((last.ms * 1000) / size).toFixed(2)} µs per repository; ` +
      `${written} override sets written by rules`,
  );
}
console.log(`per repository, largest / smallest size: ${(perRepository[perRepository.length - 1] / perRepository[0]).toFixed(2)}x (target <= 1.3x)`);

// The whole pure plan at the largest size, rules against the same objects as literal keys.
const { repositories, withRules, result } = last;
const writtenIds = new Set(result.coverage.flatMap((c) => c.repositories));
const live = snapshot(repositories, writtenIds);
const byId = new Map(repositories.map((r) => [r.id, r]));
const literal = config({
  repositories: [...writtenIds].map((id) => ({ ref: { name: byId.get(id).name }, settings: RULE_SETTINGS, path: ['git', 'repositories', byId.get(id).name] })),
});
const rulesPlan = leastCpu(repositories, (list) => buildPlanStaged(withRules, { ...live, repositories: list }).plan);
const literalPlan = leastCpu(repositories, (list) => buildPlanStaged(literal, { ...live, repositories: list }).plan);
if (rulesPlan.result.changes.length !== 0 || literalPlan.result.changes.length !== 0) throw new Error('the live state was meant to be in sync');
console.log(
  `plan of ${sizes[sizes.length - 1]} repositories, ${writtenIds.size} override sets (in sync): with ${RULES} rules ${(rulesPlan.ms / 1000).toFixed(3)} s CPU, ` +
    `with ${writtenIds.size} literal keys ${(literalPlan.ms / 1000).toFixed(3)} s CPU`,
);
