// `emctl goals --from STORE` end to end (DESIGN.md section 12): goals judged on the history that
// `emctl measurements --out` stored, with no API call and no key, reach the verdicts the live
// service gives (helpers/goals-fixture.ts has them by hand); a bucket stored before it ended
// (`complete` false) is in progress: shown, never judged.

import { beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { GOALS_CONFIG, GOALS_FIXTURE, WEDNESDAY } from '../helpers/goals-fixture.js';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { describeStore, emctlAgainst, fixtureEmulator, withStore } from '../helpers/measure-e2e.js';
import { ENGINES } from '../measure/store/engines.js';

const emulator = fixtureEmulator(GOALS_FIXTURE);
let config: string;

const BY_TEAM = ['--metric', 'branch.time_to_review:p75,pr.merged', '--group-by', 'team', '--team', 'managed', '--roll-up', '1w', '--last', '8w'];
const ORGANIZATION = ['--metric', 'pr.merged', '--roll-up', '1w', '--last', '8w'];

/** Stores the goals' series as a weekly job would, at `now`. */
async function store(target: string, now: Date): Promise<void> {
  for (const request of [BY_TEAM, ORGANIZATION]) {
    const r = await emctlAgainst(emulator, ['measurements', '-c', config, ...request, '--out', target], { now });
    expect(r.code, r.stderr).toBe(0);
  }
}

beforeAll(async () => {
  config = await writeConfig(GOALS_CONFIG, await tempDir('emctl-goals-store-'));
});

describe.each(ENGINES)('emctl goals --from (%s)', (engine) => {
  const db = describeStore(engine);

  it('judges stored history as the live service: same document, no API call, no key', async () => {
    await store(db.target, WEDNESDAY);
    const live = await emctlAgainst(emulator, ['goals', '-c', config, '--format', 'json'], { now: WEDNESDAY });
    const before = (await apiRequests(emulator.url)).length;
    const stored = await runEmctl(['goals', '-c', config, '--from', db.target, '--format', 'json'], { env: {}, now: WEDNESDAY });
    expect(stored.code, stored.stderr).toBe(2);
    expect((await apiRequests(emulator.url)).length).toBe(before);
    expect(stored.stdout).toBe(live.stdout);
    // The week in progress was stored before it ended: in the history, not complete.
    const doc = JSON.parse(stored.stdout) as { goals: { groups: { name: string; history: { after: string; value: number | null; complete: boolean }[] }[] }[] };
    expect(doc.goals[0]?.groups.find((g) => g.name === 'Search')?.history.at(-1)).toEqual({ after: '2026-11-23', before: '2026-11-30', value: 2880, complete: false });
  });

  it('a judged week stored only before it ended is an error like one never stored (exit 1): the fetch after its end did not run', async () => {
    await withStore(engine, async (early) => {
      // Stored on Thursday of W3; judged the next Wednesday without storing again.
      await store(early.target, new Date('2026-11-19T12:00:00Z'));
      const r = await runEmctl(['goals', 'review-speed', '-c', config, '--from', early.target], { env: {}, now: WEDNESDAY });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(
        'Error: goal `review-speed` (branch.time_to_review:p75 by team): the week of Nov 16 - 22, 2026, the week judged, was stored only before it ended (fetched Nov 19, 2026 12:00 UTC): run the fetch that stores it (emctl measurements ... --out) and judge again\n',
      );
      // Several goals, one error naming each.
      const all = await runEmctl(['goals', '--all', '-c', config, '--from', early.target], { env: {}, now: WEDNESDAY });
      expect(all.code, all.stderr).toBe(1);
      expect(all.stderr).toContain('Error: no fetch stored the judged week after it ended for 3 goals: run the fetch that stores them (emctl measurements ... --out) and judge again\n');
      expect(all.stderr).toContain('  goal `merges` (pr.merged by team): the week of Nov 16 - 22, 2026, the week judged, was stored only before it ended (fetched Nov 19, 2026 12:00 UTC)\n');
      // Stored again after it ended: judged.
      await store(early.target, WEDNESDAY);
      const again = await runEmctl(['goals', 'review-speed', '-c', config, '--from', early.target], { env: {}, now: WEDNESDAY });
      expect(again.code, again.stderr).toBe(2);
    });
  });

  it('a store whose fetch stopped: the judged week holds no row at all, an error naming the newest stored week (exit 1), never "no data"', async () => {
    await withStore(engine, async (stale) => {
      // The weekly fetch last ran on Friday Nov 27 (W4 stored in progress), then died; the goals run on Wednesday Jan 20.
      await store(stale.target, new Date('2026-11-27T12:00:00Z'));
      const r = await runEmctl(['goals', '--all', '-c', config, '--from', stale.target], { env: {}, now: new Date('2027-01-20T12:00:00Z') });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Error: the store holds no row of the judged week for 3 goals: run the fetch that stores them (emctl measurements ... --out) and judge again\n');
      expect(r.stderr).toContain('  goal `review-speed` (branch.time_to_review:p75 by team): nothing stored for the week of Jan 11 - 17, 2027; the newest stored is the week of Nov 23 - 29, 2026 (fetched Nov 27, 2026 12:00 UTC)\n');
      expect(r.stderr).toContain('  goal `merges` (pr.merged by team): nothing stored for the week of Jan 11 - 17, 2027;');
      expect(r.stderr).toContain('  goal `org-merges` (pr.merged by organization): nothing stored for the week of Jan 11 - 17, 2027;');
      // Months later no stored week is even inside the goals' window: the same error, not "no whole bucket".
      const later = await runEmctl(['goals', 'review-speed', '-c', config, '--from', stale.target], { env: {}, now: new Date('2027-06-02T12:00:00Z') });
      expect(later.code, later.stderr).toBe(1);
      expect(later.stderr).toContain('Error: goal `review-speed` (branch.time_to_review:p75 by team): the store holds nothing for the week of May 24 - 30, 2027, the week judged; the newest stored is the week of Nov 23 - 29, 2026 (fetched Nov 27, 2026 12:00 UTC): run the fetch that stores it (emctl measurements ... --out) and judge again\n');
    });
  });

  it('a quiet judged week, fetched after it ended, is judged as the live service judges it, not refused as unfetched', async () => {
    await withStore(engine, async (quiet) => {
      // December and January have no activity: grouped by organization, the service answers no row
      // for them, so the store holds none; the fetch on Jan 20 is what says they were fetched.
      const january = new Date('2027-01-20T12:00:00Z');
      await store(quiet.target, WEDNESDAY);
      await store(quiet.target, january);
      const live = await emctlAgainst(emulator, ['goals', 'org-merges', '-c', config, '--format', 'json'], { now: january });
      const stored = await runEmctl(['goals', 'org-merges', '-c', config, '--from', quiet.target, '--format', 'json'], { env: {}, now: january });
      expect(stored.code, stored.stderr).toBe(live.code);
      expect(stored.stderr).not.toContain('holds nothing');
      // What is judged is the same: the week, and each group's value, previous value and verdict.
      // (The histories differ in `complete` only: the week in progress the Nov 25 fetch stored is
      // partial in the store, whole live.)
      type Doc = { goals: { judged: unknown; groups: { id: number; value: unknown; previous: unknown; verdict: string }[] }[] };
      const judged = (text: string) => (JSON.parse(text) as Doc).goals.map((g) => ({ judged: g.judged, groups: g.groups.map(({ id, value, previous, verdict }) => ({ id, value, previous, verdict })) }));
      expect(judged(stored.stdout)).toEqual(judged(live.stdout));
      expect(judged(stored.stdout)[0]?.judged).toEqual({ after: '2027-01-11', before: '2027-01-18' });
      expect(judged(live.stdout)[0]?.groups.map((g) => g.verdict)).toEqual(['no_data']);
    });
  });

  it('a backfill between two Wednesdays keeps the judged week: widened to whole ISO weeks, it is judged as the live service judges it', async () => {
    await withStore(engine, async (backfilled) => {
      // ISO weeks stored on Wednesday; then a backfill from Wednesday Nov 4 to Wednesday Nov 18,
      // widened to the ISO weeks Nov 2 - 22 (DESIGN 10): the judged Nov 16 - 22 is fetched again
      // whole, never dropped.
      await store(backfilled.target, WEDNESDAY);
      const backfill = await emctlAgainst(emulator, ['measurements', '-c', config, ...BY_TEAM.slice(0, BY_TEAM.indexOf('--last')), '--after', '2026-11-04', '--before', '2026-11-18', '--out', backfilled.target], { now: WEDNESDAY });
      expect(backfill.code, backfill.stderr).toBe(0);
      expect(backfill.stderr).toContain('is widened to 2026-11-02 to 2026-11-23 (before)');
      const live = await emctlAgainst(emulator, ['goals', 'merges', '-c', config, '--format', 'json'], { now: WEDNESDAY });
      const r = await runEmctl(['goals', 'merges', '-c', config, '--from', backfilled.target, '--format', 'json'], { env: {}, now: WEDNESDAY });
      expect(r.code, r.stderr).toBe(live.code);
      expect(r.stdout).toBe(live.stdout);
    });
  });

  it('groups stored with no value, or not stored while others are, in the judged week are "no data" (exit 0)', async () => {
    await withStore(engine, async (some) => {
      // Only Payments and Search fetched: Idle, NoReview and Older have no row at all; Search's W3 merges are there.
      const r0 = await emctlAgainst(emulator, ['measurements', '-c', config, '--metric', 'branch.time_to_review:p75,pr.merged', '--group-by', 'team', '--team', '42,43', '--roll-up', '1w', '--last', '8w', '--out', some.target], { now: WEDNESDAY });
      expect(r0.code, r0.stderr).toBe(0);
      const r = await runEmctl(['goals', 'merges', '-c', config, '--from', some.target, '--format', 'json'], { env: {}, now: WEDNESDAY });
      expect(r.code, r.stderr).toBe(2);
      const doc = JSON.parse(r.stdout) as { goals: { groups: { id: number; verdict: string }[] }[] };
      expect(Object.fromEntries((doc.goals[0]?.groups ?? []).map((g) => [g.id, g.verdict]))).toEqual({ 42: 'missed', 43: 'met', 44: 'no_data', 45: 'no_data', 46: 'no_data' });
    });
  });

  it('a metric the store does not hold is an error naming the goal and what it holds', async () => {
    const other = await writeConfig(`${GOALS_CONFIG}  merge-wait:\n    metric: branch.time_to_merge:p50\n    at_most: 1d\n    group_by: team\n    teams: managed\n`, await tempDir('emctl-goals-store-missing-'));
    const r = await runEmctl(['goals', 'merge-wait', '-c', other, '--from', db.target], { env: {}, now: WEDNESDAY });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('goal `merge-wait`: the store holds no branch.time_to_merge:p50 for this selection; it holds: branch.time_to_review:p75, pr.merged');
  });
});
