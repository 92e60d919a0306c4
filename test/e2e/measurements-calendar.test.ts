// `--last` as whole calendar buckets (DESIGN.md §6.1 "Precise rules"), end to end: the real CLI
// over real HTTP against the emulator, under a fake clock. The same report run on a Thursday and
// on a Saturday of one ISO week asks for the same weeks and prints the same rows; a monthly one
// run on the first, the middle and the last day of a month prints the same months; a report's
// `last:` follows the same rules as the flag. The fixture (helpers/daily-fixture.ts) has a merged
// pull request every day in two repositories, so a window that moved by a day would change them.

import { beforeAll, describe, expect, it } from 'vitest';
import { DAILY_FIXTURE } from '../helpers/daily-fixture.js';
import { apiRequests, tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';

const WEEKLY = ['measurements', '--metric', 'pr.merged,branch.time_to_pr', '--group-by', 'repository', '--repository', 'acme/api,acme/web', '--roll-up', '1w', '--last', '4w', '--format', 'csv'];
const MONTHLY = ['measurements', '--metric', 'pr.merged', '--group-by', 'repository', '--repository', 'acme/api,acme/web', '--roll-up', '1mo', '--last', '3mo', '--format', 'csv'];

describe('--last covers whole calendar buckets, whatever the day it runs', () => {
  const emulator = fixtureEmulator(DAILY_FIXTURE);
  let dir: string;

  const emctl = (args: string[], now: string) => emctlAgainst(emulator, args, { cwd: dir, now: new Date(now) });
  /** The windows the service was asked for, in order, from the emulator's request log. */
  const askedWindows = async (from: number) =>
    (await apiRequests(emulator.url))
      .slice(from)
      .filter((r) => r.path === '/api/v2/measurements')
      .map((r) => JSON.stringify((r.body as { time_ranges: unknown }).time_ranges));

  beforeAll(async () => {
    dir = await tempDir('emctl-calendar-');
  });

  it('a weekly report run on a Thursday and on a Saturday of one week asks for the same ISO weeks and prints the same rows', async () => {
    const before = (await apiRequests(emulator.url)).length;
    const thursday = await emctl(WEEKLY, '2026-10-15T09:00:00Z');
    const saturday = await emctl(WEEKLY, '2026-10-17T21:30:00Z');
    const sunday = await emctl(WEEKLY, '2026-10-18T23:59:59Z');
    for (const r of [thursday, saturday, sunday]) {
      // CSV has no place to mark the week in progress: it is said once on stderr.
      expect(r.stderr).toBe('note: the window runs to 2026-10-19 (before), after today: its last time range has not ended, so its values are partial (csv carries no mark of it)\n');
      expect(r.code).toBe(0);
    }
    expect(saturday.stdout).toBe(thursday.stdout);
    expect(sunday.stdout).toBe(thursday.stdout);
    const lines = thursday.stdout.trim().split('\n');
    expect(lines[0]).toBe('after,before,repository_id,repository_name,pr.merged,branch.time_to_pr');
    // Four ISO weeks, Monday to Monday, the one in progress (Oct 12-18) last; every day has a merge.
    expect(lines.slice(1).map((l) => l.split(',').filter((_, i) => i !== 3 && i !== 5).join(','))).toEqual([
      '2026-09-21,2026-09-28,1234,7', '2026-09-21,2026-09-28,1235,7',
      '2026-09-28,2026-10-05,1234,7', '2026-09-28,2026-10-05,1235,7',
      '2026-10-05,2026-10-12,1234,7', '2026-10-05,2026-10-12,1235,7',
      '2026-10-12,2026-10-19,1234,7', '2026-10-12,2026-10-19,1235,7',
    ]);
    expect(await askedWindows(before)).toEqual(Array(3).fill('[{"after":"2026-09-21","before":"2026-10-19"}]'));
    // The next Monday starts the next week: the window moves by one whole week.
    const monday = await emctl(WEEKLY, '2026-10-19T00:00:00Z');
    expect(monday.stdout.split('\n')[1]).toMatch(/^2026-09-28,2026-10-05,1234,/);
  });

  it('a monthly report run on the 1st, the 15th and the last second of a month prints the same calendar months', async () => {
    const runs = await Promise.all(['2026-10-01T00:00:00Z', '2026-10-15T12:00:00Z', '2026-10-31T23:59:59Z'].map((now) => emctl(MONTHLY, now)));
    for (const r of runs) expect(r.code).toBe(0);
    expect(runs[1]?.stdout).toBe(runs[0]?.stdout);
    expect(runs[2]?.stdout).toBe(runs[0]?.stdout);
    expect(runs[0]?.stdout).toBe(
      [
        'after,before,repository_id,repository_name,pr.merged',
        '2026-08-01,2026-09-01,1234,acme/api,31', '2026-08-01,2026-09-01,1235,acme/web,31',
        '2026-09-01,2026-10-01,1234,acme/api,30', '2026-09-01,2026-10-01,1235,acme/web,30',
        '2026-10-01,2026-11-01,1234,acme/api,31', '2026-10-01,2026-11-01,1235,acme/web,31',
        '',
      ].join('\n'),
    );
    // November 30 is a month end too: the window is September to November.
    const monthEnd = await emctl(MONTHLY, '2026-11-30T23:00:00Z');
    expect(monthEnd.stdout.split('\n').slice(1, -1).map((l) => l.slice(0, 21))).toEqual([
      '2026-09-01,2026-10-01', '2026-09-01,2026-10-01', '2026-10-01,2026-11-01', '2026-10-01,2026-11-01', '2026-11-01,2026-12-01', '2026-11-01,2026-12-01',
    ]);
  });

  it("a report's last: follows the same rules as --last", async () => {
    const config = await writeConfig(
      `version: 1
reports:
  weekly:
    metrics: [pr.merged, branch.time_to_pr]
    group_by: repository
    repositories: [acme/api, acme/web]
    roll_up: 1w
    last: 4w
    format: csv
`,
      await tempDir('emctl-calendar-config-'),
    );
    const thursday = await emctl(['measurements', 'weekly', '-c', config], '2026-10-15T09:00:00Z');
    const saturday = await emctl(['measurements', 'weekly', '-c', config], '2026-10-17T09:00:00Z');
    const flags = await emctl(WEEKLY, '2026-10-16T09:00:00Z');
    expect(thursday.code).toBe(0);
    expect(saturday.stdout).toBe(thursday.stdout);
    expect(flags.stdout).toBe(thursday.stdout);
  });

  it('explicit dates are used as given: weeks from a Wednesday are weeks from that Wednesday', async () => {
    const r = await emctl(['measurements', '--metric', 'pr.merged', '--roll-up', '1w', '--after', '2026-10-07', '--before', '2026-10-21', '--format', 'csv'], '2026-10-15T09:00:00Z');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(['after,before,organization_id,pr.merged', '2026-10-07,2026-10-14,1,14', '2026-10-14,2026-10-21,1,14', ''].join('\n'));
  });
});
