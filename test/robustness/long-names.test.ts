// Names the service does not bound (DESIGN 8, 12): 303 goals over 50 teams whose names are 50 KB
// each. Every goal output cuts a name to its display length (100 characters and an ellipsis) where
// it shows it, so text and JSON stay small (they died at 2 GB: "Invalid string length") and the
// Markdown digest stays under its 60,000 characters. Bounds are counts of characters, never a clock;
// the timeout is a hang guard. The real CLI against the emulator, whose team list a proxy answers
// with the long names (the emulator's fixture bounds names itself), under a fake clock (W3 judged).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEDNESDAY } from '../helpers/goals-fixture.js';
import { tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';
import { fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';
import { runEmctl } from '../helpers/cli.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';

const TEAMS = 50;
const GOALS = 303;
const LONG = 50_000;
const ids = Array.from({ length: TEAMS }, (_, i) => i);
const name = (i: number) => `Team ${1001 + i} ${'x'.repeat(LONG)}`;

// Each team merged one pull request in W3 whose review waited two days: every goal misses for every team.
const emulator = fixtureEmulator(
  gitOrganization({
    teams: ids.map((i) => `{ id: ${1001 + i}, name: "Team ${1001 + i}" }`),
    repositories: [repository(1234, 'acme/api')],
    contributors: ids.map((i) => `{ id: ${5001 + i}, name: "Dev ${i}", team_ids: [${1001 + i}] }`),
    pullRequests: ids.map(
      (i) =>
        `{ id: ${90001 + i}, repository_id: 1234, author_id: ${5001 + i}, branch: "f/${i}", first_commit_at: "2026-11-16T07:00:00Z", opened_at: "2026-11-16T08:00:00Z", first_review_at: "2026-11-18T08:00:00Z", merged_at: "2026-11-19T08:00:00Z" }`,
    ),
  }),
);

let proxy: RecordingProxy;
beforeAll(async () => {
  proxy = await startProxy(emulator.url, async (request) => {
    if (!request.url.startsWith('/api/v2/teams')) return request.pass();
    const answer = await request.forward();
    const page = JSON.parse(answer.body.toString('utf8')) as { items: { id: number; name: string }[] };
    for (const team of page.items) if (team.id > 1000 && team.id <= 1000 + TEAMS) team.name = name(team.id - 1001);
    const body = Buffer.from(JSON.stringify(page));
    request.reply({ ...answer, headers: { ...answer.headers, 'content-length': String(body.length) }, body });
  });
});
afterAll(() => proxy.close());

const CONFIG = `version: 1
goals:
${Array.from({ length: GOALS }, (_, g) => `  goal-${g}:\n    metric: branch.time_to_review:p75\n    at_most: ${g + 1}m\n    group_by: team\n    teams: all\n`).join('')}`;

async function goals(format: string, names: string[] = []) {
  const path = await writeConfig(CONFIG, await tempDir('emctl-long-names-'));
  const r = await runEmctl(['--base-url', proxy.url, 'goals', ...names, '-c', path, '--format', format], { env: { EMCTL_API_KEY: TEST_KEY }, now: WEDNESDAY });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(2);
  return r.stdout;
}

/** What a team's name looks like once cut: its first 100 characters and an ellipsis. */
const shown = (i: number) => `${name(i).slice(0, 100)}…`;

describe('50 KB team names in goal outputs', () => {
  it('text shows each name cut, every line short', { timeout: 120_000 }, async () => {
    const text = await goals('text');
    expect(text).toContain(`${shown(0)} (1001)`);
    expect(text).not.toContain('x'.repeat(101));
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(400);
    // Each goal names its 50 teams once in its table: bounded by goals x teams x a line.
    expect(text.length).toBeLessThan(GOALS * TEAMS * 400);
  });

  it('JSON carries each name cut, beside its id', { timeout: 120_000 }, async () => {
    const json = await goals('json');
    const doc = JSON.parse(json) as { goals: { groups: { id: number; name: string; verdict: string }[] }[] };
    expect(doc.goals).toHaveLength(GOALS);
    const groups = doc.goals.flatMap((g) => g.groups);
    expect(groups).toHaveLength(GOALS * TEAMS);
    expect(groups.every((g) => g.verdict === 'missed' && g.name === shown(g.id - 1001))).toBe(true);
    expect(json.length).toBeLessThan(GOALS * TEAMS * 2_000);
  });

  it('the Markdown digest stays under 60,000 characters, names cut', { timeout: 120_000 }, async () => {
    const markdown = await goals('markdown');
    expect(markdown.length).toBeLessThanOrEqual(60_000);
    expect(markdown).not.toContain('x'.repeat(101));
    // One goal's digest has room for its table of 50 teams.
    const one = await goals('markdown', ['goal-0']);
    expect(one).toContain(`| ${shown(0)} (1001) |`);
    expect(one.length).toBeLessThan(TEAMS * 400);
  });
});
