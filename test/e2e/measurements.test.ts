// `emctl measurements` end to end: the real CLI over real HTTP against the real emulator, on a
// hand-written activity fixture whose numbers are computed below by hand. Four pull requests in
// two teams and two repositories, over two weeks:
//
//   PR    repo  author(team)  first commit   opened        first review  merged        released
//   9001  1234  501 Ana (42)  09-01 10:00    09-02 10:00   09-02 14:00   09-03 10:00   09-04 10:00
//   9002  1234  502 Bo  (42)  09-02 00:00    09-02 06:00   -             09-05 06:00   -
//   9003  1235  503 Cy  (43)  09-08 00:00    09-08 01:00   09-08 03:00   09-09 01:00   09-10 00:00
//   9004  1235  501 Ana (42)  09-10 00:00    09-10 04:00   -             -             -
//
// time_to_pr (opened - first commit, at opened): 1440, 360, 60, 240
// cycle_time ((released, else merged) - first commit, at that end): 4320 (09-04), 4680 (09-05), 2880 (09-10)

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator, resetEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, PAYMENTS_CHECKOUT_CONFIG, repository } from '../helpers/measure-fixture.js';

const teams = Array.from({ length: 120 }, (_, i) => i + 1);

const FIXTURE = gitOrganization({
  teams: ['{ id: 42, name: Payments }', '{ id: 43, name: Checkout }', ...teams.map((id) => `{ id: ${1000 + id}, name: T${id} }`)],
  repositories: [repository(1234, 'acme/api'), repository(1235, 'acme/web')],
  contributors: ['{ id: 501, name: Ana, team_ids: [42] }', '{ id: 502, name: Bo, team_ids: [42] }', '{ id: 503, name: Cy, team_ids: [43] }'],
  pullRequests: [
    `{ id: 9001, repository_id: 1234, author_id: 501, branch: feature/a, base_branch: main, first_commit_at: "2026-09-01T10:00:00Z",
        opened_at: "2026-09-02T10:00:00Z", first_review_at: "2026-09-02T14:00:00Z", merged_at: "2026-09-03T10:00:00Z",
        released_at: "2026-09-04T10:00:00Z", reviews: 2 }`,
    `{ id: 9002, repository_id: 1234, author_id: 502, branch: feature/b, base_branch: main, first_commit_at: "2026-09-02T00:00:00Z",
        opened_at: "2026-09-02T06:00:00Z", merged_at: "2026-09-05T06:00:00Z" }`,
    `{ id: 9003, repository_id: 1235, author_id: 503, branch: feature/c, base_branch: main, first_commit_at: "2026-09-08T00:00:00Z",
        opened_at: "2026-09-08T01:00:00Z", first_review_at: "2026-09-08T03:00:00Z", merged_at: "2026-09-09T01:00:00Z",
        released_at: "2026-09-10T00:00:00Z", reviews: 1 }`,
    `{ id: 9004, repository_id: 1235, author_id: 501, branch: feature/d, base_branch: main, first_commit_at: "2026-09-10T00:00:00Z",
        opened_at: "2026-09-10T04:00:00Z" }`,
  ],
  releases: ['{ repository_id: 1234, at: "2026-09-04T10:00:00Z" }', '{ repository_id: 1235, at: "2026-09-10T00:00:00Z" }'],
});

const CONFIG = `${PAYMENTS_CHECKOUT_CONFIG}reports:
  weekly:
    metrics: [pr.merged, branch.time_to_pr, branch.computed.cycle_time:p50]
    roll_up: 1w
    after: "2026-09-01"
    before: "2026-09-15"
    out: out/weekly.csv
  by-team:
    metrics: [pr.merged, branch.time_to_pr, branch.computed.cycle_time:p50]
    group_by: team
    teams: managed
    after: "2026-09-01"
    before: "2026-09-15"
    format: json
`;

const WINDOW = ['--after', '2026-09-01', '--before', '2026-09-15'];
const METRICS = ['--metric', 'pr.merged,branch.time_to_pr', '--metric', 'branch.computed.cycle_time:p50'];

const emulator = fixtureEmulator(FIXTURE, { reportDelayMs: 300, reset: true });
let dir: string;
let config: string;

async function emctl(args: string[]) {
  return emctlAgainst(emulator, ['measurements', ...args], { cwd: dir });
}

async function measurementCalls(path = '/api/v2/measurements') {
  return (await apiRequests(emulator.url)).filter((r) => r.path === path);
}

beforeAll(async () => {
  dir = await tempDir('emctl-measure-');
  config = await writeConfig(CONFIG, dir);
});

describe('values in every format', () => {
  // Organization, weekly: week 1 merges 9001 and 9002, opens them (1440, 360: mean 900), ends
  // their cycles (4320, 4680: median 4500); week 2 merges 9003, opens 9003 and 9004 (60, 240:
  // mean 150), ends 9003's cycle (2880).
  const WEEKLY_CSV = [
    'after,before,organization_id,pr.merged,branch.time_to_pr,branch.computed.cycle_time:p50',
    '2026-09-01,2026-09-08,1,2,900,4500',
    '2026-09-08,2026-09-15,1,1,150,2880',
    '',
  ].join('\n');

  it('csv: one row per bucket and group, minutes as the API gives them', async () => {
    const r = await emctl([...METRICS, ...WINDOW, '--roll-up', '1w', '--format', 'csv']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(WEEKLY_CSV);
  });

  // Teams, whole window: 42 = Ana and Bo: 9001, 9002, 9004: merged 2, time_to_pr mean
  // (1440 + 360 + 240) / 3 = 680, cycle median of [4320, 4680] = 4500; 43 = Cy: 9003.
  it('json: the API shape with the config names of the teams', async () => {
    const r = await emctl(['-c', config, ...METRICS, ...WINDOW, '--group-by', 'team', '--team', 'Payments,43', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      {
        after: '2026-09-01',
        before: '2026-09-15',
        metrics: [
          { team_id: 42, team_name: 'Payments', 'pr.merged': 2, 'branch.time_to_pr': 680, 'branch.computed.cycle_time:p50': 4500 },
          { team_id: 43, team_name: 'Checkout', 'pr.merged': 1, 'branch.time_to_pr': 60, 'branch.computed.cycle_time:p50': 2880 },
        ],
      },
    ]);
  });

  it('table and markdown: names next to ids, durations for people', async () => {
    for (const format of ['table', 'markdown']) {
      const r = await emctl(['-c', config, ...METRICS, ...WINDOW, '--group-by', 'team', '--team', 'managed', '--format', format]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/42.*Payments/);
      expect(r.stdout).toMatch(/43.*Checkout/);
      expect(r.stdout).toContain('11h 20m'); // 680 min
      expect(r.stdout).toContain('3d 3h'); // 4500 min
    }
  });

  it('chart and html: a chart per metric with the names in the legend, the html with its table', async () => {
    const args = ['-c', config, ...METRICS, ...WINDOW, '--group-by', 'team', '--team', 'managed', '--roll-up', '1w'];
    const chart = await emctl([...args, '--format', 'chart']);
    expect(chart.code).toBe(0);
    expect(chart.stdout).toContain('Payments (42)');
    expect(chart.stdout).toContain('Checkout (43)');
    const html = await emctl([...args, '--out', 'page.html']);
    expect(html.code).toBe(0);
    expect(html.stderr).toContain('wrote page.html (html, ');
    const page = await readFile(join(dir, 'page.html'), 'utf8');
    expect(page.match(/<svg/g)?.length).toBeGreaterThanOrEqual(3);
    expect(page).toContain('Payments');
    // Team 42 in week 1: cycle time median of [4320, 4680] = 4500 min; time to PR mean of [1440, 360] = 900 min.
    expect(page).toContain('3d 3h');
    expect(page).toContain('15h');
  });

  it('orders across batches and limits after the merge', async () => {
    const r = await emctl(['-c', config, ...METRICS, ...WINDOW, '--group-by', 'team', '--team', '43,42', '--order-by', 'branch.time_to_pr', '--desc', '--limit', '1', '--format', 'csv']);
    expect(r.stdout).toBe('after,before,team_id,team_name,pr.merged,branch.time_to_pr,branch.computed.cycle_time:p50\n2026-09-01,2026-09-15,42,Payments,2,680,4500\n');
  });

  it('repositories by name: looked up with the name filter, names in the rows', async () => {
    const r = await emctl(['--metric', 'pr.merged,releases.count', ...WINDOW, '--group-by', 'repository', '--repository', 'acme/web,acme/api', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'after,before,repository_id,repository_name,pr.merged,releases.count\n2026-09-01,2026-09-15,1234,acme/api,2,1\n2026-09-01,2026-09-15,1235,acme/web,1,1\n',
    );
    expect(r.stderr).toBe('');
    const lookups = (await apiRequests(emulator.url)).filter((q) => q.path === '/api/v1/git/repositories');
    expect(lookups.map((q) => q.query.name).sort()).toEqual(['acme/api', 'acme/web']);
  });

  it('a short last week: a note on stderr with its dates; the data as asked', async () => {
    const r = await emctl(['--metric', 'pr.merged', '--after', '2026-09-01', '--before', '2026-09-10', '--roll-up', '1w', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('after,before,organization_id,pr.merged\n2026-09-01,2026-09-08,1,2\n2026-09-08,2026-09-10,1,1\n');
    expect(r.stderr).toBe('note: the last weekly bucket, 2026-09-08 to 2026-09-10 (before), is 2 days, the others 7 days: its counts cover less time\n');
  });

  it('releases.count grouped by team: an empty column, and a note on stderr saying why', async () => {
    const r = await emctl(['-c', config, '--metric', 'pr.merged,releases.count', ...WINDOW, '--group-by', 'team', '--team', '42', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('after,before,team_id,team_name,pr.merged,releases.count\n2026-09-01,2026-09-15,42,Payments,2,\n');
    expect(r.stderr).toBe('note: releases.count has values only when grouping by organization or repository (releases belong to repositories); grouped by team, its column stays empty\n');
  });

  it('an unknown repository name is an error before any measurement call', async () => {
    const r = await emctl(['--metric', 'pr.merged', ...WINDOW, '--repository', 'acme/wbe']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no repository named `acme/wbe`');
    expect(await measurementCalls()).toEqual([]);
  });
});

describe('plan and apply ignore reports', () => {
  it('a saved plan of a config with reports carries none of them', async () => {
    const r = await emctlAgainst(emulator, ['plan', '-c', config, '--out', 'plan.json'], { cwd: dir });
    expect(r.code).toBe(0);
    const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8'));
    expect(plan.desired.teams.map((t: { id: number }) => t.id)).toEqual([42, 43]);
    expect(plan.desired).not.toHaveProperty('reports');
    expect(await measurementCalls()).toEqual([]);
  });
});

describe('batching', () => {
  it('120 team ids: 3 calls of 50, 50 and 20 ids, each with limit = its ids', async () => {
    const ids = teams.map((t) => 1000 + t).join(',');
    const r = await emctl(['--metric', 'pr.merged', ...WINDOW, '--group-by', 'team', '--team', ids, '--format', 'csv']);
    expect(r.code).toBe(0);
    const calls = await measurementCalls();
    expect(calls).toHaveLength(3);
    const bodies = calls.map((c) => c.body as { team_ids: number[]; limit: number });
    expect(bodies.map((b) => [b.team_ids.length, b.limit])).toEqual([[50, 50], [50, 50], [20, 20]]);
    expect(new Set(bodies.flatMap((b) => b.team_ids)).size).toBe(120);
  });
});

describe('no data', () => {
  it('exit 0, the header only in csv, [] in json, and a notice on stderr', async () => {
    const empty = ['--after', '2025-01-01', '--before', '2025-02-01'];
    const csv = await emctl(['--metric', 'pr.merged', ...empty, '--format', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe('after,before,organization_id,pr.merged\n');
    expect(csv.stderr).toContain('no data for these filters in [2025-01-01, 2025-02-01)');
    const json = await emctl(['--metric', 'pr.merged', ...empty, '--format', 'json']);
    expect(json.stdout).toBe('[]\n');
  });
});

describe('reports as code', () => {
  it('runs a report to its out: (relative to the config) and another to stdout', async () => {
    const r = await emctl(['-c', config, '--all']);
    expect(r.code).toBe(0);
    expect(await readFile(join(dir, 'out', 'weekly.csv'), 'utf8')).toBe(
      'after,before,organization_id,pr.merged,branch.time_to_pr,branch.computed.cycle_time:p50\n2026-09-01,2026-09-08,1,2,900,4500\n2026-09-08,2026-09-15,1,1,150,2880\n',
    );
    expect(r.stderr).toContain('report weekly: wrote out/weekly.csv (csv, 2 rows, 2026-09-01 to 2026-09-15)');
    expect(JSON.parse(r.stdout)[0].metrics.map((m: Record<string, unknown>) => [m.team_id, m.team_name])).toEqual([
      [42, 'Payments'],
      [43, 'Checkout'],
    ]);
  });

  it('--all to stdout: a heading above each report, in the form of the format', async () => {
    const md = await emctl(['-c', config, '--all', '--format', 'markdown']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout.startsWith('## Report weekly\n\n')).toBe(true);
    expect(md.stdout).toContain('\n\n## Report by-team\n\n');
    const table = await emctl(['-c', config, '--all', '--format', 'table']);
    expect(table.stdout.startsWith('== report weekly ==\n')).toBe(true);
    expect(table.stdout).toMatch(/\n\n== report by-team ==\n/);
    const csv = await emctl(['-c', config, '--all', '--format', 'csv']);
    expect(csv.stdout.split('\n').filter((l) => l.startsWith('# report '))).toEqual(['# report weekly', '# report by-team']);
  });

  it('--format overrides a named report', async () => {
    const r = await emctl(['-c', config, 'by-team', '--format', 'csv']);
    expect(r.stdout.split('\n')[1]).toBe('2026-09-01,2026-09-15,42,Payments,2,680,4500');
  });

  it('--format without --out previews a report on stdout and leaves its out: file alone', async () => {
    const preview = await tempDir();
    const cfg = await writeConfig(CONFIG, preview);
    const r = await emctl(['-c', cfg, 'weekly', '--format', 'table']);
    expect(r.code).toBe(0);
    // The table shows both days a bucket includes (the csv keeps the exclusive before).
    expect(r.stdout.split('\n')[2]).toMatch(/^2026-09-01 +2026-09-07 +1 +2 +15h +3d 3h$/);
    expect(r.stderr).toBe('');
    await expect(readFile(join(preview, 'out', 'weekly.csv'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('an invalid report is refused, located, before any request', async () => {
    const bad = await writeConfig(`${CONFIG}  broken:\n    metrics: [pr.mergd]\n    teams: [Paymants]\n`, await tempDir());
    const r = await emctl(['-c', bad, 'weekly']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('emctl.yaml:22:15: report `broken`: unknown v2 metric `pr.mergd`; did you mean `pr.merged`?');
    // A name the config does not give is the service's: only the run can check it (below).
    expect(r.stderr).not.toContain('Paymants');
    expect(await apiRequests(emulator.url)).toEqual([]);
  });

  it('a team name neither the config nor the service knows stops the run before any measurement call', async () => {
    const typo = await writeConfig(`${CONFIG}  typo:\n    metrics: [pr.merged]\n    teams: [Paymants]\n`, await tempDir());
    const r = await emctl(['-c', typo, 'weekly', 'typo']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("report `typo`: no team named `Paymants` in the config or the service's team list; did you mean `Payments`?");
    expect((await apiRequests(emulator.url)).map((q) => q.path)).toEqual(['/api/v2/teams', '/api/v2/teams', '/api/v2/teams']);
  });

  it('--all: a report that fails does not stop the others; the run exits 1 and names it', async () => {
    const cfg = await writeConfig(`${CONFIG}  gone:\n    metrics: [pr.merged]\n    group_by: repository\n    repositories: [acme/gone]\n`, await tempDir());
    const r = await emctl(['-c', cfg, '--all']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/report weekly: wrote \S+\/out\/weekly\.csv \(csv, 2 rows/);
    expect(r.stderr).toContain('report gone: failed: no repository named `acme/gone`');
    expect(r.stderr).toContain('Error: 1 of 3 reports failed');
    // Two reports were to print on stdout: the one that did has its heading.
    expect(r.stdout.startsWith('# report by-team\n')).toBe(true);
    expect(JSON.parse(r.stdout.replace(/^# report .*\n/, ''))[0].metrics).toHaveLength(2);
  });

  it('an unknown report name lists the reports', async () => {
    const r = await emctl(['-c', config, 'weeky']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no report named `weeky`');
    expect(r.stderr).toContain('reports: weekly, by-team');
  });

  it('request flags with a report are refused', async () => {
    const r = await emctl(['-c', config, 'weekly', '--metric', 'pr.new']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--metric: a report's request is in the config");
  });
});

describe('bad flags', () => {
  it('every problem at once, named by flag, no request', async () => {
    const r = await emctl(['--metric', 'pr.merged:p75,branch.cycle_tim', '--last', '3y', '--group-by', 'teams', '--label', 'a', '--label', 'b', '--label', 'c', '--label', 'd']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--metric: `pr.merged` takes no aggregation; write `pr.merged`');
    expect(r.stderr).toContain('--metric: unknown v2 metric `branch.cycle_tim`; did you mean `branch.computed.cycle_time`?');
    expect(r.stderr).toContain('--last: last must be N days, weeks or months');
    expect(r.stderr).toContain('--group-by: unknown group-by `teams`');
    expect(r.stderr).toContain('--label: at most 3 labels');
    expect(await apiRequests(emulator.url)).toEqual([]);
  });
});

describe('v1 and the server export', () => {
  it('--api v1: warns once, shows progress, downloads the report, same numbers as v2', async () => {
    const r = await emctl([...METRICS.slice(0, 2), ...WINDOW, '--roll-up', '1w', '--format', 'csv', '--api', 'v1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('after,before,organization_id,pr.merged,branch.time_to_pr\n2026-09-01,2026-09-08,1,2,900\n2026-09-08,2026-09-15,1,1,150\n');
    expect(r.stderr.match(/deprecated/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/waiting for v1 report \d+/);
    expect(r.stderr).toMatch(/v1 report \d+ ready after/);
    expect(await measurementCalls('/api/v1/exporter/measurements')).toHaveLength(1);
  });

  it('--server-export: the content of the service file; over 50 ids, the files joined under one header', async () => {
    const one = await emctl([...METRICS, ...WINDOW, '--roll-up', '1w', '--server-export', '--format', 'csv']);
    expect(one.code).toBe(0);
    expect(one.stdout.split('\n').slice(1)).toEqual(['2026-09-01,2026-09-08,1,2,900,4500', '2026-09-08,2026-09-15,1,1,150,2880', '']);
    expect(await measurementCalls('/api/v2/measurements/export')).toHaveLength(1);
    await resetEmulator(emulator);

    const ids = ['42', '43', ...teams.map((t) => String(1000 + t))].join(',');
    const many = await emctl(['--metric', 'pr.merged', ...WINDOW, '--group-by', 'team', '--team', ids, '--server-export', '--format', 'csv']);
    expect(many.code).toBe(0);
    const lines = many.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('after,'))).toHaveLength(1);
    expect(lines.slice(1).filter((l) => /^2026-09-01,2026-09-15,4[23],/.test(l))).toHaveLength(2);
    expect(await measurementCalls('/api/v2/measurements/export')).toHaveLength(3);
  });

  it('--server-export takes csv or json only', async () => {
    const r = await emctl(['--metric', 'pr.merged', '--server-export', '--format', 'html']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--format: the service's export writes csv or json, not html");
  });
});
