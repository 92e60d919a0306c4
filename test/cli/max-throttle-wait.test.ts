// --max-throttle-wait: its durations (a table), and the CLI giving up on a route that answers
// nothing but 429 (exit 1, the route named). The waiting itself is tested on a fake clock in
// test/api/throttle-wait.test.ts; here the limit is one second against an emulator that allows one
// call a minute, so the run ends after a couple of seconds of real time (nothing asserts on it).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { parseDuration } from '../../src/cli/program.js';
import { runEmctl } from '../helpers/cli.js';
import { acmeFixture, against, startTestEmulator } from '../helpers/emulator.js';

describe('--max-throttle-wait durations', () => {
  const parse = parseDuration('--max-throttle-wait');
  it.each([
    ['10m', 600_000],
    ['90s', 90_000],
    ['1m30s', 90_000],
    ['1h', 3_600_000],
    ['600', 600_000],
    ['1.5s', 1500],
    ['0', 0],
  ])('%s is %i ms', (text, ms) => expect(parse(text)).toBe(ms));

  it.each(['', 'ten', '-5m', '5 m', '1d'])('refuses "%s"', (text) => {
    expect(() => parse(text)).toThrow(/--max-throttle-wait must be a duration such as 10m, 90s or 1m30s/);
  });
});

describe('a route that answers nothing but 429', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator(await acmeFixture(), { rateLimit: 1 });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('is given up after --max-throttle-wait: exit 1 naming the route', async () => {
    const connection = against(emulator);
    const r = await runEmctl([...connection.args, '--max-throttle-wait', '1s', 'plan', '-c', 'examples/acme/emctl.yaml'], { env: connection.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/GET \/api\/v[12]\/[^ ]+ failed: 429 the service answered nothing but 429 \(too many requests\) on this route for 1s; giving up \(--max-throttle-wait 1s\)/);
  }, 30_000);
});
