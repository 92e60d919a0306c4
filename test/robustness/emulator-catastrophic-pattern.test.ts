// One pattern must not freeze the emulator (issue 32 item 2, DESIGN 8): after exclude_branches
// `(.*.*)*!$`, a measurement call held the event loop for 20 s and more and no route answered.
// The pattern is evaluated under a time budget: the call is answered (500, naming the pattern),
// another route sent at the same time is answered, and later calls fail at once.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { acmeFixture, call, startTestEmulator } from '../emulator/helpers.js';

const CATASTROPHIC = '(.*.*)*!$';
const day = (offset: number) => new Date(Date.UTC(2026, 10, 27 + offset)).toISOString().slice(0, 10);
const QUERY = { requested_metrics: [{ name: 'pr.merged' }], time_ranges: [{ after: day(-3650), before: day(1) }], group_by: 'organization' };

let emulator: RunningEmulator;
beforeAll(async () => {
  // Branch names of 40 characters without a `!`: (.*.*)* tries every split of each before failing.
  const pr = (id: number, branch: string) => ({
    id, repository_id: 1201, author_id: 501, branch, first_commit_at: '2026-11-02T10:00:00Z', opened_at: '2026-11-03T10:00:00Z', merged_at: '2026-11-04T10:00:00Z',
  });
  const long = Array.from({ length: 5 }, (_, i) => pr(9001 + i, `feature/${'x'.repeat(31)}${i}`));
  const short = Array.from({ length: 3 }, (_, i) => pr(9101 + i, `fix/${i}`));
  const fixture = { ...acmeFixture(), activity: { contributors: [{ id: 501, name: 'Ana', team_ids: [42] }], pull_requests: [...long, ...short] } };
  emulator = await startTestEmulator({ fixture });
});
afterAll(async () => {
  await emulator.close();
});

describe('a catastrophic branch pattern', () => {
  test('the measurement call is answered, and so is another route sent beside it', { timeout: 120_000 }, async () => {
    const write = await call(emulator, 'PATCH', '/api/v1/git/config', { body: { exclude_branches: { patterns: [CATASTROPHIC] } } });
    expect(write.status).toBe(200);
    const [measured, listed] = await Promise.all([
      call(emulator, 'POST', '/api/v2/measurements', { body: QUERY }),
      call(emulator, 'GET', '/api/v1/integrations'),
    ]);
    expect(listed.status).toBe(200);
    expect(measured.status).toBe(500);
    expect(measured.body.detail).toContain(`the branch pattern ${JSON.stringify(CATASTROPHIC)} did not finish within the 1000 ms a measurement call has for its patterns`);
    // Remembered: the next call is refused without evaluating again.
    const again = await call(emulator, 'POST', '/api/v2/measurements', { body: { ...QUERY, group_by: 'repository', repository_ids: [1201], limit: 50 } });
    expect(again.status).toBe(500);
  });

  test('a well-behaved pattern over the same branches is evaluated and excludes what it matches', async () => {
    const before = await call(emulator, 'POST', '/api/v2/measurements', { body: { ...QUERY } });
    const write = await call(emulator, 'PATCH', '/api/v1/git/config', { body: { exclude_branches: { patterns: ['^feature/x{31}[0-4]$'] } } });
    expect(write.status).toBe(200);
    const after = await call(emulator, 'POST', '/api/v2/measurements', { body: QUERY });
    expect(after.status).toBe(200);
    expect(before.status).toBe(500);
    const merged = (r: typeof after) => (r.body as { metrics: { 'pr.merged'?: number }[] }[])[0]?.metrics[0]?.['pr.merged'] ?? 0;
    const all = await call(emulator, 'PATCH', '/api/v1/git/config', { body: { exclude_branches: { patterns: [] } } });
    expect(all.status).toBe(200);
    const none = await call(emulator, 'POST', '/api/v2/measurements', { body: QUERY });
    expect([merged(after), merged(none)]).toEqual([3, 8]);
  });
});
