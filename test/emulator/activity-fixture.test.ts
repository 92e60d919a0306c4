// The fixture's `activity:` section: hand-written activity as DESIGN.md §6.2 shows it loads; bad
// activity is refused with file:line:column and the field; the generator is deterministic for a
// seed and an end day, ends before that day, and makes the data the measurement rules need.

import { describe, expect, test } from 'vitest';
import { EmctlError } from '../../src/contract/errors.js';
import { generateFixture, parseFixture } from '../../src/emulator/index.js';
import { generateActivity, resolveActivity } from '../../src/emulator/fixture/generate-activity.js';
import { EmulatorStore } from '../../src/emulator/store.js';
import { acmeFixture } from './helpers.js';

const BASE = `organization: { id: 1, name: Acme }
api_keys: [dev-key]
integrations:
  - { id: 20, type: git, provider: host_a, name: C, state: ok, auth_type: app }
teams: [{ id: 42, name: Payments }]
repositories: [{ id: 1234, provider_id: R1, name: acme/api, integration_id: 20, state: monitored }]
`;

/** DESIGN.md §6.2's example, verbatim. */
const DESIGN_ACTIVITY = `activity:
  contributors: [{ id: 501, name: Ana, team_ids: [42] }]
  pull_requests:
    - { id: 9001, repository_id: 1234, author_id: 501, branch: "feature/pay-1", base_branch: main,
        labels: [backend], first_commit_at: "2026-09-01T10:00:00Z", opened_at: "2026-09-02T10:00:00Z",
        first_review_at: "2026-09-02T14:00:00Z", approved_at: "2026-09-03T09:00:00Z",
        merged_at: "2026-09-03T10:00:00Z", released_at: "2026-09-04T10:00:00Z",
        additions: 120, deletions: 30, commits: 4, reviews: 2, review_comments: 5,
        new_work_lines: 100, refactor_lines: 30, rework_lines: 20,
        coding_assistant: 3, ai_review: 17, agentic_pr: null }     # AI dev tool ids (1-92, not 44) or null
  releases: [{ repository_id: 1234, at: "2026-09-04T10:00:00Z" }]
`;

const PR = '{ id: 9001, repository_id: 1234, author_id: 501, branch: f, first_commit_at: "2026-09-01T10:00:00Z", opened_at: "2026-09-02T10:00:00Z"';

function refusal(text: string): string {
  try {
    parseFixture(text, 'f.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(EmctlError);
    return (error as Error).message;
  }
  throw new Error('fixture was accepted');
}

describe('hand-written activity', () => {
  test("DESIGN.md's example loads as written", () => {
    const fixture = parseFixture(BASE + DESIGN_ACTIVITY, 'f.yaml');
    expect(fixture.activity?.pull_requests?.[0]?.coding_assistant).toBe(3);
    expect(resolveActivity(fixture, new Date()).releases).toEqual([{ repository_id: 1234, at: '2026-09-04T10:00:00Z' }]);
  });

  test('only the required fields are needed; a contributor without team_ids has none', () => {
    const fixture = parseFixture(`${BASE}activity:\n  contributors: [{ id: 501, name: Ana }]\n  pull_requests: [${PR} }]\n`, 'f.yaml');
    expect(resolveActivity(fixture, new Date()).contributors).toEqual([{ id: 501, name: 'Ana', team_ids: [] }]);
  });

  const ANA = '  contributors: [{ id: 501, name: Ana, team_ids: [42] }]\n';
  test.each([
    ['unknown field', `activity:\n${ANA}  pull_requests: [${PR}, merged: "2026-09-03T10:00:00Z" }]\n`, 'f.yaml:9:163: activity.pull_requests[0].merged: is not a known field'],
    ['missing branch', `activity:\n${ANA}  pull_requests: [${PR.replace('branch: f, ', '')} }]\n`, 'activity.pull_requests[0].branch: is required'],
    ['timestamp without time', `activity:\n${ANA}  pull_requests: [${PR.replace('"2026-09-02T10:00:00Z"', '"2026-09-02"')} }]\n`, 'activity.pull_requests[0].opened_at: must match pattern'],
    ['timestamp that does not parse', `activity:\n${ANA}  pull_requests: [${PR.replace('"2026-09-02T10:00:00Z"', '"2026-13-45T10:00:00Z"')} }]\n`, 'f.yaml:9:131: activity.pull_requests[0].opened_at: "2026-13-45T10:00:00Z" is not a valid timestamp'],
    ['opened before the first commit', `activity:\n${ANA}  pull_requests: [${PR.replace('"2026-09-02T10:00:00Z"', '"2026-08-02T10:00:00Z"')} }]\n`, 'activity.pull_requests[0].opened_at: opened_at (2026-08-02T10:00:00Z) is before first_commit_at (2026-09-01T10:00:00Z)'],
    ['released before merged', `activity:\n${ANA}  pull_requests: [${PR}, merged_at: "2026-09-03T10:00:00Z", released_at: "2026-09-03T09:00:00Z" }]\n`, 'activity.pull_requests[0].released_at: released_at (2026-09-03T09:00:00Z) is before merged_at'],
    ['released without merge', `activity:\n${ANA}  pull_requests: [${PR}, released_at: "2026-09-03T09:00:00Z" }]\n`, 'activity.pull_requests[0].released_at: released_at needs merged_at'],
    ['dev tool 44', `activity:\n${ANA}  pull_requests: [${PR}, ai_review: 44 }]\n`, 'activity.pull_requests[0].ai_review: 44 is not an AI dev tool id (1-92, not 44)'],
    ['dev tool 93', `activity:\n${ANA}  pull_requests: [${PR}, coding_assistant: 93 }]\n`, 'activity.pull_requests[0].coding_assistant: must be <= 92'],
    ['duplicate PR id', `activity:\n${ANA}  pull_requests: [${PR} }, ${PR} }]\n`, 'activity.pull_requests[1].id: id 9001 is used twice'],
    ['unknown repository', `activity:\n${ANA}  pull_requests: [${PR.replace('repository_id: 1234', 'repository_id: 9')} }]\n`, 'f.yaml:9:46: activity.pull_requests[0].repository_id: repository 9 is not defined'],
    ['unknown author', `activity:\n${ANA}  pull_requests: [${PR.replace('author_id: 501', 'author_id: 502')} }]\n`, 'activity.pull_requests[0].author_id: contributor 502 is not in activity.contributors'],
    ['contributor of an unknown team', 'activity:\n  contributors: [{ id: 501, name: Ana, team_ids: [42, 43] }]\n', 'f.yaml:8:55: activity.contributors[0].team_ids[1]: team 43 is not defined'],
    ['duplicate contributor', 'activity:\n  contributors: [{ id: 501, name: Ana }, { id: 501, name: Bo }]\n', 'activity.contributors[1].id: id 501 is used twice'],
    ['release of an unknown repository', 'activity:\n  releases: [{ repository_id: 5, at: "2026-09-04T10:00:00Z" }]\n', 'activity.releases[0].repository_id: repository 5 is not defined'],
    ['generate and lists', 'activity:\n  generate: { seed: 1 }\n  contributors: []\n', 'activity.generate: give either generate or the lists'],
    ['generate with a bad end', 'activity:\n  generate: { end: "2026-02-30x" }\n', 'activity.generate.end: must match pattern'],
  ])('%s', (_name, activity, expected) => {
    const message = refusal(BASE + activity);
    expect(message).toContain(expected);
  });
});

describe('generated activity', () => {
  const org = { teamIds: [42, 43, 44], teamRepos: new Map([[42, [1, 2]], [43, [3]]]), repositoryIds: [1, 2, 3, 4, 5] };
  const spec = { seed: 3, months: 6, prs: 2000, end: '2026-11-01' };

  test('is deterministic for a seed and an end day, and differs for another seed', () => {
    const a = generateActivity(spec, org, new Date());
    const b = generateActivity(spec, org, new Date(0));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(generateActivity({ ...spec, seed: 4 }, org, new Date()))).not.toBe(JSON.stringify(a));
  });

  test('ends before the end day, spans the months, and passes the fixture checks', () => {
    const activity = generateActivity(spec, org, new Date());
    const prs = activity.pull_requests!;
    expect(prs).toHaveLength(2000);
    const end = Date.parse('2026-11-01T00:00:00Z');
    const events = prs.flatMap((p) => [p.opened_at, p.first_review_at, p.approved_at, p.merged_at, p.released_at].filter((t): t is string => !!t).map(Date.parse));
    expect(Math.max(...events)).toBeLessThan(end);
    expect(Math.min(...prs.map((p) => Date.parse(p.opened_at)))).toBeGreaterThanOrEqual(Date.parse('2026-05-01T00:00:00Z'));
    // A fixture holding the generated lists verbatim is accepted by the same checks as a hand-written one.
    const fixture = parseFixture(
      JSON.stringify({
        organization: { id: 1, name: 'G' },
        api_keys: ['k'],
        integrations: [{ id: 20, type: 'git', provider: 'host_a', name: 'C', state: 'ok', auth_type: 'app' }],
        teams: [42, 43, 44].map((id) => ({ id, name: `T${id}` })),
        repositories: [1, 2, 3, 4, 5].map((id) => ({ id, provider_id: `R${id}`, name: `r/${id}`, integration_id: 20, state: 'monitored' })),
        activity,
      }),
      'g.json',
    );
    expect(fixture.activity?.pull_requests).toHaveLength(2000);
  });

  test('has skewed durations, unmerged PRs, releases, AI tool ids on a share, and excludable branches', () => {
    const { pull_requests: prs = [], releases = [], contributors = [] } = generateActivity(spec, org, new Date());
    const minutes = prs.filter((p) => p.merged_at).map((p) => (Date.parse(p.merged_at!) - Date.parse(p.opened_at)) / 60_000);
    const sorted = [...minutes].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const mean = minutes.reduce((s, m) => s + m, 0) / minutes.length;
    expect(mean).toBeGreaterThan(median * 1.3); // a long right tail
    expect(prs.some((p) => !p.merged_at)).toBe(true);
    expect(releases.length).toBeGreaterThan(10);
    const assisted = prs.filter((p) => p.coding_assistant !== null).length / prs.length;
    expect(assisted).toBeGreaterThan(0.2);
    expect(assisted).toBeLessThan(0.5);
    expect(prs.some((p) => p.branch.startsWith('dependabot/'))).toBe(true);
    expect(prs.some((p) => p.base_branch?.startsWith('release/'))).toBe(true);
    expect(new Set(contributors.flatMap((c) => c.team_ids))).toEqual(new Set([42, 43, 44]));
    // Authors work mostly in their team's Git scope: team 42's contributors mostly in repositories 1 and 2.
    const team42 = new Set(contributors.filter((c) => c.team_ids[0] === 42).map((c) => c.id));
    const theirs = prs.filter((p) => team42.has(p.author_id));
    expect(theirs.filter((p) => p.repository_id <= 2).length / theirs.length).toBeGreaterThan(0.7);
  });

  test('the bundled example generates about six months ending today at load', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const opened = resolveActivity(acmeFixture(), now).pull_requests!.map((p) => Date.parse(p.opened_at));
    expect(Math.max(...opened)).toBeLessThan(Date.parse('2026-11-23T00:00:00Z'));
    expect(Math.max(...opened)).toBeGreaterThan(Date.parse('2026-11-20T00:00:00Z'));
    expect(Math.min(...opened)).toBeGreaterThanOrEqual(Date.parse('2026-05-23T00:00:00Z'));
    const store = new EmulatorStore(acmeFixture(), { clock: () => now });
    expect(store.activityIndex.size).toBe(2400);
    expect(store.toFixture().activity).toBeUndefined();
  });

  test('--generate with prs= puts a generate spec in the fixture, not the lists', () => {
    const fixture = generateFixture({ repos: 50, teams: 5, boards: 5, seed: 2, prs: 500, months: 3 });
    expect(fixture.activity).toEqual({ generate: { seed: 2, prs: 500, months: 3 } });
    expect(generateFixture({ repos: 50, teams: 5, boards: 5 }).activity).toBeUndefined();
    const store = new EmulatorStore(fixture);
    expect(store.activityIndex.size).toBe(500);
  });
});
