// Measurement answers of the right shape that say something other than what was asked (DESIGN 6.2
// and 8): a bucket or a group row twice, rows without their group key, the judged bucket missing or
// shifted a day, `before` earlier than `after`, `[]` for a request of buckets, a group nobody asked
// for. Each was read as data (the last copy won, a verdict flipped; rows without a key became "no
// data" and the goals job stayed green): now each is a shape error naming the route and the field,
// exit 1. The real emulator's answers are spoiled by a proxy (helpers/proxy.ts) on their way to the
// real CLI, `goals` and `measurements` alike, under a fake clock (W3 judged, W4 in progress).

import { afterEach, describe, expect, it } from 'vitest';
import { GOALS_CONFIG, GOALS_FIXTURE, WEDNESDAY } from '../helpers/goals-fixture.js';
import { tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';
import { fixtureEmulator } from '../helpers/measure-e2e.js';
import { runEmctl } from '../helpers/cli.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';

interface Element {
  after: string;
  before: string;
  metrics: Record<string, unknown>[];
}

const emulator = fixtureEmulator(GOALS_FIXTURE);
let proxy: RecordingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

const ROUTE = 'POST /api/v2/measurements';
const SHAPE = `${ROUTE} failed: the 200 answer does not have the documented shape`;
const JUDGED = '2026-11-16';

/** A proxy that passes everything but the measurement answers, which `spoil` rewrites; counts what it spoiled. */
async function spoiling(spoil: (elements: Element[]) => Element[] | undefined): Promise<{ url: string; spoiled: () => number }> {
  let spoiled = 0;
  proxy = await startProxy(emulator.url, async (request) => {
    if (request.method !== 'POST' || !request.url.startsWith('/api/v2/measurements')) return request.pass();
    const answer = await request.forward();
    if (answer.status !== 200) return request.reply(answer);
    const changed = spoil(JSON.parse(answer.body.toString('utf8')) as Element[]);
    if (changed === undefined) return request.reply(answer);
    spoiled += 1;
    const body = Buffer.from(JSON.stringify(changed));
    request.reply({ status: 200, headers: { ...answer.headers, 'content-length': String(body.length) }, body });
  });
  return { url: proxy.url, spoiled: () => spoiled };
}

async function run(url: string, args: string[]) {
  const dir = await tempDir('emctl-answers-');
  const config = await writeConfig(GOALS_CONFIG, dir);
  return runEmctl(['--base-url', url, ...args.map((a) => (a === 'CONFIG' ? config : a))], { env: { EMCTL_API_KEY: TEST_KEY }, now: WEDNESDAY, cwd: dir });
}

const isTeams = (elements: Element[]) => elements.some((e) => e.metrics.some((r) => 'team_id' in r));
const judged = (elements: Element[]) => elements.find((e) => e.after === JUDGED);
const teamRow = (element: Element | undefined, team: number) => element?.metrics.find((r) => r.team_id === team);

/** Every spoil, what it does to a team answer (undefined: leave the answer alone), and the error it must give. */
const SPOILS: [string, (elements: Element[]) => Element[] | undefined, string | RegExp][] = [
  [
    // The last copy won: team 45 went from missed to met.
    'a group row twice, the copy with another value',
    (elements) => {
      if (!isTeams(elements)) return undefined;
      const row = teamRow(judged(elements), 45);
      if (row === undefined) return undefined;
      judged(elements)?.metrics.push({ ...row, 'pr.merged': 9 });
      return elements;
    },
    /field \[\d+\]\.metrics\[\d+\]\.team_id repeats team 45 of \[\d+\]\.metrics\[\d+\]/,
  ],
  [
    'a bucket twice',
    (elements) => {
      if (!isTeams(elements)) return undefined;
      const bucket = judged(elements);
      return bucket === undefined ? undefined : [...elements, { ...bucket, metrics: bucket.metrics.map((r) => ({ ...r, 'pr.merged': 254001 })) }];
    },
    `repeats the time range ${JUDGED} to 2026-11-23 of`,
  ],
  [
    'rows without their group key',
    (elements) => (isTeams(elements) ? elements.map((e) => ({ ...e, metrics: e.metrics.map(({ team_id: _, ...rest }) => rest) })) : undefined),
    /field \[\d+\]\.metrics\[0\]\.team_id is missing/,
  ],
  [
    'the judged bucket missing',
    (elements) => (isTeams(elements) ? elements.filter((e) => e.after !== JUDGED) : undefined),
    `the answer has no element for the time range ${JUDGED} to 2026-11-23, which the request asked for`,
  ],
  [
    'the judged bucket shifted a day',
    (elements) => (isTeams(elements) ? elements.map((e) => (e.after === JUDGED ? { ...e, after: '2026-11-17', before: '2026-11-24' } : e)) : undefined),
    /field \[\d+\] is the time range 2026-11-17 to 2026-11-24, which the request did not ask for/,
  ],
  [
    'before earlier than after',
    (elements) => (isTeams(elements) ? elements.map((e) => (e.after === JUDGED ? { ...e, after: e.before, before: e.after } : e)) : undefined),
    /field \[\d+\]\.before \(2026-11-16\) is not after its after \(2026-11-23\)/,
  ],
  [
    '[] for a request of buckets',
    (elements) => (isTeams(elements) ? [] : undefined),
    'the answer has no element for the time range 2026-09-28 to 2026-10-05 (and 8 more), which the request asked for',
  ],
  [
    'a group nobody asked for',
    (elements) => {
      const row = teamRow(judged(elements), 42);
      if (row === undefined) return undefined;
      judged(elements)?.metrics.push({ ...row, team_id: 999999 });
      return elements;
    },
    /field \[\d+\]\.metrics\[\d+\]\.team_id is 999999, a team the request did not ask for/,
  ],
  [
    'a team id of -42',
    (elements) => {
      const row = teamRow(judged(elements), 42);
      if (row === undefined) return undefined;
      row.team_id = -42;
      return elements;
    },
    /field \[\d+\]\.metrics\[\d+\]\.team_id is -42, not a team id/,
  ],
];

describe('measurement answers that say something other than what was asked', () => {
  it.each(SPOILS)('goals: %s is a shape error naming the route and the field, exit 1', async (_name, spoil, message) => {
    const served = await spoiling(spoil);
    const r = await run(served.url, ['goals', '-c', 'CONFIG', '--format', 'json']);
    expect(served.spoiled()).toBeGreaterThan(0);
    expect(r.stderr).toContain(SHAPE);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });

  it.each(SPOILS)('measurements: %s is the same error, exit 1', async (_name, spoil, message) => {
    const served = await spoiling(spoil);
    const r = await run(served.url, ['measurements', '--metric', 'pr.merged', '--group-by', 'team', '--team', '42,43,44,45,46', '--roll-up', '1w', '--after', '2026-09-28', '--before', '2026-11-30', '--format', 'csv']);
    expect(served.spoiled()).toBeGreaterThan(0);
    expect(r.stderr).toContain(SHAPE);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('the same answers passed as they are judge as before: exit 2, no error', async () => {
    const served = await spoiling(() => undefined);
    const r = await run(served.url, ['goals', '-c', 'CONFIG', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    expect(served.spoiled()).toBe(0);
  });
});
