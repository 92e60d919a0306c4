// `emctl goals` end to end (DESIGN.md section 12): the real CLI over real HTTP against the emulator,
// under a fake clock, on the hand-written organization of helpers/goals-fixture.ts, whose values
// are computed by hand there. Judged on the latest complete ISO week (W3, Nov 16-22) on any day of
// W4; the week in progress is shown, never judged; a group with no value in W3 is "no data".

import { beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { GOALS_CONFIG, GOALS_FIXTURE, WEDNESDAY } from '../helpers/goals-fixture.js';
import { against, apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';

interface GoalsJson {
  format_version: number;
  generated_at: string;
  goals: {
    name: string;
    metric: string;
    group_by: string;
    roll_up: string;
    at_most?: number;
    at_least?: number;
    judged: { after: string; before: string };
    groups: { id: number; name: string | null; value: number | null; verdict: string; previous: number | null; change_pct: number | null; history: { after: string; before: string; value: number | null; complete: boolean }[] }[];
  }[];
}

const emulator = fixtureEmulator(GOALS_FIXTURE);
let config: string;

const emctl = (args: string[], now: Date, env: Record<string, string> = against(emulator).env) => emctlAgainst(emulator, args, { env, now });
const verdicts = (doc: GoalsJson, goal: string) =>
  Object.fromEntries((doc.goals.find((g) => g.name === goal)?.groups ?? []).map((g) => [g.name ?? g.id, [g.verdict, g.value, g.previous, g.change_pct]]));

beforeAll(async () => {
  config = await writeConfig(GOALS_CONFIG, await tempDir('emctl-goals-'));
});

describe('emctl goals against the emulator', () => {
  it('judges each team on the latest complete week: met, missed, no data, at_least; exit 2', async () => {
    const r = await emctl(['goals', '-c', config, '--format', 'json'], WEDNESDAY);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout) as GoalsJson;
    expect(doc.format_version).toBe(1);
    expect(doc.generated_at).toBe('2026-11-25T12:00:00Z');
    expect(doc.goals.map((g) => [g.name, g.metric, g.group_by, g.roll_up, g.at_most ?? g.at_least, g.judged])).toEqual([
      ['review-speed', 'branch.time_to_review:p75', 'team', '1w', 1440, { after: '2026-11-16', before: '2026-11-23' }],
      ['merges', 'pr.merged', 'team', '1w', 2, { after: '2026-11-16', before: '2026-11-23' }],
      ['org-merges', 'pr.merged', 'organization', '1w', 3, { after: '2026-11-16', before: '2026-11-23' }],
    ]);
    // Review wait at most 1 day (1440 minutes): Payments 30h (1800) misses it, up 50% from 20h;
    // Search's two reviews of exactly 24h meet it (equal meets), up 140% from 10h. Idle has no pull
    // request, Older none since W2 (never judged on an older week), NoReview's only one was never
    // reviewed: its row holds pr.merged but no review wait, so it has no data, never "met".
    expect(verdicts(doc, 'review-speed')).toEqual({
      Payments: ['missed', 1800, 1200, 50],
      Search: ['met', 1440, 600, 140],
      Idle: ['no_data', null, null, null],
      NoReview: ['no_data', null, null, null],
      Older: ['no_data', null, 240, null],
    });
    // At least 2 merged a week: Search merged 2 (equal meets), Payments and NoReview 1 each.
    expect(verdicts(doc, 'merges')).toEqual({
      NoReview: ['missed', 1, null, null],
      Payments: ['missed', 1, 1, 0],
      Search: ['met', 2, 1, 100],
      Idle: ['no_data', null, null, null],
      Older: ['no_data', null, 1, null],
    });
    // The organization merged 4 in W3 and 3 in W2: at least 3 is met, up 33.3%.
    expect(verdicts(doc, 'org-merges')).toEqual({ 1: ['met', 4, 3, 33.3] });
    // The history: 8 complete weeks ending with W3, then W4 in progress. Search's 48h review in W4
    // would miss, but W4 is not judged.
    const search = doc.goals[0]?.groups.find((g) => g.name === 'Search');
    expect(search?.history.map((p) => [p.after, p.value, p.complete])).toEqual([
      ['2026-09-28', null, true], ['2026-10-05', null, true], ['2026-10-12', null, true], ['2026-10-19', null, true],
      ['2026-10-26', null, true], ['2026-11-02', null, true], ['2026-11-09', 600, true], ['2026-11-16', 1440, true],
      ['2026-11-23', 2880, false],
    ]);
  });

  it('the text digest: the teams that miss first, with value, threshold, change, sparkline and the week so far', async () => {
    const r = await emctl(['goals', 'review-speed', '-c', config], WEDNESDAY);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(
      [
        'review-speed: MISSED. branch.time_to_review:p75 at most 1d, by team, judged on the week of Nov 16 - 22, 2026 (Nov 23 - 29 in progress, not judged)',
        '  1 of 5 teams misses it:',
        '    team           value       change  last 8 weeks  so far',
        '    Payments (42)  1d 6h > 1d  ↑ 50%   ······▁█      2h',
        '  1 of 5 teams meets it; no data for Idle (44), NoReview (45), Older (46).',
        '',
        '1 goal: 1 missed (review-speed), 0 met.',
        '',
      ].join('\n'),
    );
  });

  it('the same verdicts on every day of the week (Monday 00:00 to Sunday 23:59); the next Monday judges the next week', async () => {
    const days = ['2026-11-23T00:00:00Z', '2026-11-26T18:30:00Z', '2026-11-29T23:59:59Z'];
    const docs = await Promise.all(days.map(async (day) => JSON.parse((await emctl(['goals', '-c', config, '--format', 'json'], new Date(day))).stdout) as GoalsJson));
    for (const doc of docs) expect({ ...doc, generated_at: '' }).toEqual({ ...docs[0], generated_at: '' });
    const monday = await emctl(['goals', 'review-speed', '-c', config, '--format', 'json'], new Date('2026-11-30T00:00:00Z'));
    const doc = JSON.parse(monday.stdout) as GoalsJson;
    expect(doc.goals[0]?.judged).toEqual({ after: '2026-11-23', before: '2026-11-30' });
    // W4 is complete now: Payments' 2h meets it (down from 30h), Search's 48h misses it.
    expect(verdicts(doc, 'review-speed')).toMatchObject({ Payments: ['met', 120, 1800, -93.3], Search: ['missed', 2880, 1440, 100] });
  });

  it('exit 0 when every judged group meets its goal', async () => {
    const r = await emctl(['goals', 'org-merges', '-c', config], WEDNESDAY);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'org-merges: met. pr.merged at least 3, for the organization, judged on the week of Nov 16 - 22, 2026 (Nov 23 - 29 in progress, not judged)\n  1 organization meets it: 4 (↑ 33.3%).\n\n1 goal: 0 missed, 1 met.\n',
    );
  });

  it('six goals over two groupings cost one request per grouping, all their metrics in one body', async () => {
    const six = await writeConfig(
      `${GOALS_CONFIG.split('goals:')[0]}goals:
  t1: { metric: branch.time_to_review:p75, at_most: 1d, group_by: team, teams: managed }
  t2: { metric: pr.merged, at_least: 2, group_by: team, teams: [42, 43, 44, 45, 46] }
  t3: { metric: branch.time_to_merge:p50, at_most: 2d, group_by: team, teams: [Payments, Search, Idle, NoReview, Older] }
  o1: { metric: pr.merged, at_least: 3 }
  o2: { metric: branch.time_to_review:p75, at_most: 12h }
  o3: { metric: pr.merged, at_most: 50, last: 8w }
`,
      await tempDir('emctl-goals-six-'),
    );
    const before = (await apiRequests(emulator.url)).length;
    const r = await emctl(['goals', '--all', '-c', six, '--format', 'json'], WEDNESDAY);
    expect(r.code, r.stderr).toBe(2);
    const requests = (await apiRequests(emulator.url)).slice(before);
    // The bound, computed from the config: its distinct (grouping, roll-up, window, selection) are
    // the five teams by team (three spellings of one selection) and the organization; five teams
    // make one batch of at most 50.
    const distinct = new Set([JSON.stringify(['team', '1w', '8w', [42, 43, 44, 45, 46]]), JSON.stringify(['organization', '1w', '8w', []])]);
    expect(requests.map((q) => `${q.method} ${q.path}`)).toEqual(Array(distinct.size * Math.ceil(5 / 50)).fill('POST /api/v2/measurements'));
    const bodies = requests.map((q) => q.body as { group_by: string; team_ids?: number[]; requested_metrics: unknown[]; time_ranges: unknown[] });
    expect(bodies.map((b) => [b.group_by, b.team_ids ?? [], b.requested_metrics, b.time_ranges]).sort()).toEqual([
      ['organization', [], [{ name: 'pr.merged' }, { name: 'branch.time_to_review', agg: 'p75' }], [{ after: '2026-09-28', before: '2026-11-30' }]],
      ['team', [42, 43, 44, 45, 46], [{ name: 'branch.time_to_review', agg: 'p75' }, { name: 'pr.merged' }, { name: 'branch.time_to_merge', agg: 'p50' }], [{ after: '2026-09-28', before: '2026-11-30' }]],
    ]);
  });

  it('a team name only the service knows is found in its team list, before the one measurement call', async () => {
    // No `teams:` in this config: Search (43) is a name of the service's list alone.
    const only = await writeConfig('version: 1\ngoals:\n  search-merges:\n    metric: pr.merged\n    at_least: 2\n    group_by: team\n    teams: [Search]\n', await tempDir('emctl-goals-service-name-'));
    const before = (await apiRequests(emulator.url)).length;
    const r = await emctl(['goals', 'search-merges', '-c', only, '--format', 'json'], WEDNESDAY);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { goals: { groups: { id: number; name: string | null; value: number; verdict: string }[] }[] };
    // Search merged 2 in the week of Nov 16 - 22 (fixture: pull requests 9202 and 9203).
    expect(doc.goals[0]?.groups.map(({ id, name, value, verdict }) => ({ id, name, value, verdict }))).toEqual([{ id: 43, name: 'Search', value: 2, verdict: 'met' }]);
    const requests = (await apiRequests(emulator.url)).slice(before);
    expect(requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/v2/teams', 'POST /api/v2/measurements']);
    expect((requests[1]?.body as { team_ids?: number[] }).team_ids).toEqual([43]);
  });

  it('a team name neither the config nor the service knows: exit 1 naming it, before any measurement call', async () => {
    const bad = await writeConfig(`${GOALS_CONFIG}  named:\n    metric: pr.merged\n    at_least: 1\n    group_by: team\n    teams: [Payments, Serch]\n`, await tempDir('emctl-goals-bad-team-'));
    const before = (await apiRequests(emulator.url)).length;
    const r = await emctl(['goals', '--all', '-c', bad], WEDNESDAY);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("goal `named`: no team named `Serch` in the config or the service's team list; did you mean `Search`?");
    expect(r.stdout).toBe('');
    const requests = (await apiRequests(emulator.url)).slice(before);
    expect(requests.map((q) => q.path)).toEqual(['/api/v2/teams']);
  });

  it('bad goals: every problem located, exit 1, nothing sent (no key needed to find them)', async () => {
    const bad = await writeConfig(
      `version: 1
goals:
  unknown-metric:
    metric: branch.time_to_reviw:p75
    at_most: 1d
  both:
    metric: pr.merged
    at_most: 10
    at_least: 2
  bare-number:
    metric: branch.computed.cycle_time:p75
    at_most: 3
  no-history:
    metric: pr.merged
    at_least: 1
    last: 0w
`,
      await tempDir('emctl-goals-bad-'),
    );
    const before = (await apiRequests(emulator.url)).length;
    const r = await emctl(['goals', '-c', bad], WEDNESDAY, {});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('emctl.yaml:4:13: goal `unknown-metric`: unknown v2 metric `branch.time_to_reviw`; did you mean `branch.time_to_review`?');
    expect(r.stderr).toContain('emctl.yaml:9:15: goal `both`: at_most and at_least exclude each other');
    expect(r.stderr).toContain('emctl.yaml:12:14: goal `bare-number`: at_most: `branch.computed.cycle_time:p75` is a duration: write the threshold with its unit (90m, 12h, 1d or 2d 4h), not the bare number 3');
    expect(r.stderr).toContain('emctl.yaml:16:11: goal `no-history`: last `0w` shows no history');
    expect((await apiRequests(emulator.url)).length).toBe(before);
    const validate = await runEmctl(['validate', '-c', bad]);
    expect(validate.code).toBe(1);
    expect(`${validate.stdout}${validate.stderr}`).toContain('4 errors');
  });

  it('unknown goal names are an error listing the goals', async () => {
    const r = await emctl(['goals', 'review-sped', '-c', config], WEDNESDAY);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no goal named `review-sped`');
    expect(r.stderr).toContain('did you mean `review-speed`?');
  });

  it("a report of a goal's metric, grouping and roll-up draws the goal as a labelled line, in the terminal chart and in html", async () => {
    const withReport = await writeConfig(
      `${GOALS_CONFIG}reports:
  review:
    metrics: [branch.time_to_review:p75]
    group_by: team
    teams: [42, 43]
    roll_up: 1w
    last: 4w
`,
      await tempDir('emctl-goals-report-'),
    );
    const chart = await emctl(['measurements', 'review', '-c', withReport, '--format', 'chart'], WEDNESDAY);
    expect(chart.code, chart.stderr).toBe(0);
    // The line at 1d (its label sits on it where the groups' lines leave room: here they leave none, and the legend names it).
    expect(chart.stdout).toMatch(/^ *1d ┤┄{10}/m);
    expect(chart.stdout).toContain('\n  ┄┄ goal review-speed: at most 1d\n');
    const html = await emctl(['measurements', 'review', '-c', withReport, '--format', 'html'], WEDNESDAY);
    expect(html.stdout).toContain('class="goal-line"');
    expect(html.stdout).toContain('>goal review-speed: at most 1d</text>');
    // The same metric by month: the weekly goal is not drawn on it.
    const monthly = await emctl(['measurements', '-c', withReport, '--metric', 'branch.time_to_review:p75', '--group-by', 'team', '--team', '42', '--roll-up', '1mo', '--last', '3mo', '--format', 'chart'], WEDNESDAY);
    expect(monthly.code).toBe(0);
    expect(monthly.stdout).not.toContain('goal');
  });

  it('a goal by repository, named: its name resolved once before the measurement call, the value judged', async () => {
    const repo = await writeConfig(`version: 1\ngoals:\n  api-merges:\n    metric: pr.merged\n    at_least: 4\n    group_by: repository\n    repositories: [acme/api]\n`, await tempDir('emctl-goals-repo-'));
    const before = (await apiRequests(emulator.url)).length;
    const r = await emctl(['goals', '-c', repo, '--format', 'json'], WEDNESDAY);
    expect(r.code, r.stderr).toBe(0);
    // acme/api merged 4 in W3 (every pull request of the fixture is there) and 3 in W2.
    expect(verdicts(JSON.parse(r.stdout) as GoalsJson, 'api-merges')).toEqual({ 'acme/api': ['met', 4, 3, 33.3] });
    const requests = (await apiRequests(emulator.url)).slice(before);
    expect(requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/v1/git/repositories', 'POST /api/v2/measurements']);
  });
});

