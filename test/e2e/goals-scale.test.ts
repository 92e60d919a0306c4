// `emctl goals` on 500 teams (DESIGN.md section 12): `teams: all` is resolved by one paged read of
// the service's team list; the measurements cost one call per batch of 50 teams for all the goals
// that share the request; and the Markdown digest, every team missing, stays under 60,000
// characters with the summary whole and every omission said.

import { describe, expect, it } from 'vitest';
import { manyTeamsFixture, WEDNESDAY } from '../helpers/goals-fixture.js';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';

const TEAMS = 500;
const emulator = fixtureEmulator(manyTeamsFixture(TEAMS));

describe('emctl goals on 500 teams', () => {
  it('two goals on every team: 10 measurement calls; the Markdown digest under 60,000 characters', async () => {
    const config = await writeConfig(
      `version: 1
goals:
  review-speed:
    metric: branch.time_to_review:p75
    at_most: 1d
    group_by: team
    teams: all
  review-speed-p90:
    metric: branch.time_to_review:p90
    at_most: 1d
    group_by: team
    teams: all
`,
      await tempDir('emctl-goals-many-'),
    );
    const before = (await apiRequests(emulator.url)).length;
    const r = await emctlAgainst(emulator, ['goals', '-c', config, '--format', 'markdown'], { now: WEDNESDAY });
    expect(r.code, r.stderr).toBe(2);
    const requests = (await apiRequests(emulator.url)).slice(before);
    // The team list, 50 a page (the 500 teams and the service's own two), then one call per batch of 50 teams.
    const pages = Math.ceil((TEAMS + 2) / 50);
    expect(requests.filter((q) => q.path === '/api/v2/teams')).toHaveLength(pages);
    const calls = requests.filter((q) => q.path === '/api/v2/measurements');
    expect(calls).toHaveLength(Math.ceil(TEAMS / 50));
    expect(requests).toHaveLength(pages + calls.length);
    for (const call of calls) expect((call.body as { requested_metrics: unknown[] }).requested_metrics).toEqual([{ name: 'branch.time_to_review', agg: 'p75' }, { name: 'branch.time_to_review', agg: 'p90' }]);

    const md = r.stdout;
    expect(md.length).toBeLessThan(60_000);
    expect(md.startsWith('<!-- emctl-goals -->\n## emctl goals\n**2 goals: 2 missed (review-speed, review-speed-p90), 0 met.**\n')).toBe(true);
    expect(md).toContain('| :x: review-speed | `branch.time_to_review:p75` | at most 1d | week of Nov 16 - 22, 2026 | 500 | 0 | 0 |');
    expect(md.split('<details>').length - 1).toBe(2);
    expect(md.split('</details>').length - 1).toBe(2);
    const shown = (md.match(/^\| Platform engineering squad number \d+ \(\d+\) \| 2d\b/gm) ?? []).length;
    const left = [...md.matchAll(/_\.\.\. and (\d+) more teams not shown; run `emctl goals (review-speed|review-speed-p90)` for every one\._/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(shown).toBeGreaterThan(100);
    expect(shown + left).toBe(2 * TEAMS);
  });
});
