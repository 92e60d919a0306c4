// A route slowed down by 429s climbs back toward --rate-limit (additive increase after a quiet
// spell), over real HTTP against the emulator's --rate-limit. Asserted on the sequence of slow-downs,
// not on time: halvings alone take 1,000 a minute to 500, then 250, under the emulator's 300, where
// no 429 comes again, and every slow-down reports 1,000 halved some number of times; only after a
// climb (by 100 a minute per quiet spell) does a 429 halve a pace that no halving of 1,000 gives
// (350 / 2 = 175, ...). The rates are low so that a loaded machine still sends faster than the
// emulator allows: the test needs about 6 calls a second, not the 20 a higher limit would.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { acmeFixture, startTestEmulator, TEST_KEY } from '../helpers/emulator.js';

const SERVICE_PER_MINUTE = 300;
const CLIENT_PER_MINUTE = 1000;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture(), { rateLimit: SERVICE_PER_MINUTE });
  // Empty the service's bucket for the route (it starts with a minute's worth), so its limit
  // shows at once: plain requests until the first 429.
  let throttled = false;
  for (let sent = 0; !throttled && sent < 3 * SERVICE_PER_MINUTE; sent += 50) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${emulator.url}/api/v1/integrations`, { headers: { 'x-api-key': TEST_KEY } }).then(async (r) => (await r.arrayBuffer(), r.status))),
    );
    throttled = answers.includes(429);
  }
  expect(throttled).toBe(true);
});
afterAll(async () => {
  await emulator.close();
});

/** Whether `rate` is the start pace halved some number of times. */
function halvingOfStart(rate: number): boolean {
  for (let r = CLIENT_PER_MINUTE; r >= 1; r /= 2) if (Math.abs(r - rate) < 1e-6) return true;
  return false;
}

describe('a route slowed down by 429s', () => {
  it('climbs back after a quiet spell, past the service limit, and is slowed again from there', async () => {
    const slowDowns: number[] = [];
    // A bucket of 10: the quiet spell is 10 calls without a 429 (a minute's worth of calls with the
    // default bucket, too long for a test).
    const client = new EmClient({
      baseUrl: emulator.url,
      apiKey: TEST_KEY,
      rateLimit: CLIENT_PER_MINUTE,
      burst: 10,
      concurrency: 4,
      onThrottle: (e) => slowDowns.push(e.ratePerMinute),
    });
    let calls = 0;
    while (calls < 400 && !slowDowns.some((r) => !halvingOfStart(r))) {
      await Promise.all(Array.from({ length: 10 }, () => client.listIntegrations()));
      calls += 10;
    }
    // First a halving of the set pace; later a slow-down from a climbed pace.
    expect(slowDowns[0]).toBe(CLIENT_PER_MINUTE / 2);
    const climbed = slowDowns.find((r) => !halvingOfStart(r));
    expect(climbed, `slow-downs: ${slowDowns.join(', ')} after ${calls} calls`).toBeDefined();
    // From a pace above the service's limit (it met a 429 there), never above the set pace.
    expect((climbed as number) * 2).toBeGreaterThan(SERVICE_PER_MINUTE);
    expect((climbed as number) * 2).toBeLessThanOrEqual(CLIENT_PER_MINUTE);
    // Every call succeeded in the end: none was given up.
    expect(client.stats().calls).toBeGreaterThanOrEqual(calls);
  }, 240_000);
});
