// @ts-check
// Validation speed on a large organization, two configs: the one `emctl export` writes for a
// generated 10,000-repository / 500-team organization (bench/export.mjs: every monitored repository
// listed, 500 team scopes), and a synthetic ~5 MB config (10,000 repositories with settings
// overrides, 500 teams with PM and Git scopes). Times loadConfig in this process (median of runs,
// wall and CPU) and a whole `emctl validate` process (the executable, median of spawns).
// Run with `npm run bench:validate` (builds first). The first in-process run includes loading
// the schema validator, as a one-shot `emctl validate` does.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportGeneratedOrg } from './export.mjs';
import { BIN, surface } from './surface.mjs';

const { loadConfig } = await surface.config();
const { CONFIG_CHECKS } = await surface.configChecks();


const REPOSITORIES = 10_000;
const TEAMS = 500;

function generate() {
  const lines = [
    '# yaml-language-server: $schema=../schemas/emctl.schema.json',
    'version: 1',
    'integrations:',
    '  tracker: { id: 10, provider: tracker_a }',
    '  work: { name: "Acme Work", provider: tracker_b }',
    '  code: { id: 20, provider: host_a }',
    'collection:',
    '  tracker:',
    `    boards: [${Array.from({ length: TEAMS }, (_, t) => `"${1000 + t}"`).join(', ')}]`,
    '  work:',
    '    projects: ["proj-1", "proj-2"]',
    'teams:',
  ];
  for (let t = 0; t < TEAMS; t++) {
    const repos = Array.from({ length: 20 }, (_, k) => `"acme/service-${String((t * 20 + k) % REPOSITORIES).padStart(5, '0')}"`);
    lines.push(
      `  ${100 + t}:`,
      `    name: Team ${t}`,
      '    pm:',
      '      tracker:',
      `        methodology: ${t % 2 ? 'Kanban' : 'Scrum'}`,
      `        boards: ["${1000 + t}"]`,
      `        epics: ["EP-${t}", { name: "Epic ${t}" }]`,
      '        labels: [backend, frontend]',
      `        fields: [{ id: customfield_1, value: ["Squad ${t}"] }]`,
      '      work:',
      '        project_team_areas:',
      `          - { project: proj-${1 + (t % 2)}, team: team-${t}, areas: [area-${t}-a, area-${t}-b] }`,
      '    git:',
      `      repositories: [${repos.join(', ')}]`,
      `      services: [${t + 1}, ${t + 1001}]`,
    );
  }
  lines.push(
    'git:',
    '  defaults:',
    '    releases_detection: { method: tags, pattern: "^v\\\\d+\\\\.\\\\d+(\\\\.\\\\d+)?$" }',
    '    active_branches_duration: { days: 7 }',
    '    exclude_branches: { patterns: ["^dependabot/", "^renovate/"] }',
    '    include_file_extensions: { patterns: [".*$"] }',
    '    issue_start_time: { method: first_transition }',
    '  monitoring:',
    '    include: ["acme/**"]',
    '    exclude: ["acme/archive-*"]',
    '  repositories:',
  );
  for (let r = 0; r < REPOSITORIES; r++) {
    lines.push(
      `    acme/service-${String(r).padStart(5, '0')}:`,
      '      integration: code',
      '      monitored: true',
      '      settings:',
      `        default_branch: { branch_name: ${r % 3 ? 'main' : 'trunk'} }`,
      '        releases_detection:',
      '          method: pr_to_branch',
      `          pattern: "^release/(?P<version>\\\\d+\\\\.\\\\d+)$"`,
      '          backfill_days: 1',
      '        exclude_branches:',
      '          patterns: ["^tmp/", "^wip-\\\\d+$", "(?i)^experiment/"]',
      '        coding_time_strategy: { method: first_commit }',
      '        draft_pull_requests: { labels: [wip, draft], title_pattern: "(?i)^(wip|draft)\\\\b" }',
    );
  }
  lines.push('safety:', '  thresholds:', '    stop_monitoring: { percent: 10, count: 50 }', '  protected: ["team[100]", "repo[\\"acme/service-00001\\"].monitored"]');
  return lines.join('\n') + '\n';
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(label, file) {
  const mb = statSync(file).size / 1024 / 1024;
  // Wall time, and the CPU time of this process (a fairer figure when the machine is busy).
  const times = [];
  const cpu = [];
  let result;
  for (let run = 0; run < 5; run++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    result = await loadConfig(file, CONFIG_CHECKS);
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!result.config) {
    console.error(`${label}: invalid (${errors.length} errors), first: ${JSON.stringify(errors[0])}`);
    process.exitCode = 1;
    return;
  }
  const spawns = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, [BIN, 'validate', '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`emctl validate exited ${r.status}: ${r.stderr}`);
    spawns.push(performance.now() - start);
  }
  console.log(
    `${label}: ${mb.toFixed(1)} MB, ${result.config.git.repositories.length} repositories with entries, ${result.config.teams.length} teams: ` +
      `first run ${times[0].toFixed(0)} ms wall / ${cpu[0].toFixed(0)} ms CPU, then median ${median(times.slice(1)).toFixed(0)} ms wall / ${median(cpu.slice(1)).toFixed(0)} ms CPU; ` +
      `\`emctl validate\` process median ${median(spawns).toFixed(0)} ms`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-'));
try {
  const exported = await exportGeneratedOrg(dir);
  await measure('exported 10k/500', exported.path);
  const file = join(dir, 'synthetic.yaml');
  writeFileSync(file, generate());
  await measure('synthetic', file);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
