// Validation speed on a large organization: generates a ~5 MB config (10,000 repositories with
// settings overrides, 500 teams with PM and Git scopes) in a temp dir, then times loadConfig.
// Run with `npm run bench:validate` (builds first). The first run includes compiling the schema,
// as a one-shot `emctl validate` does.

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../dist/config/index.js';

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

const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-'));
const file = join(dir, 'emctl.yaml');
try {
  writeFileSync(file, generate());
  const mb = statSync(file).size / 1024 / 1024;
  // Wall time, and the CPU time of this process (a fairer figure when the machine is busy).
  const times = [];
  const cpu = [];
  let result;
  for (let run = 0; run < 4; run++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    result = await loadConfig(file);
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!result.config) {
    console.error(`bench config is invalid (${errors.length} errors), first: ${JSON.stringify(errors[0])}`);
    process.exitCode = 1;
  } else {
    const median = (xs) => xs.slice(1).sort((a, b) => a - b)[1];
    console.log(
      `validate: ${mb.toFixed(1)} MB, ${result.config.git.repositories.length} repositories, ${result.config.teams.length} teams: ` +
        `first run ${times[0].toFixed(0)} ms wall / ${cpu[0].toFixed(0)} ms CPU (includes schema compile), ` +
        `then median ${median(times).toFixed(0)} ms wall / ${median(cpu).toFixed(0)} ms CPU`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
