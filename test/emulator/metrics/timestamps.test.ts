// The index's timestamp reader agrees with Date.parse on every shape, fast path or not.

import { describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../../src/emulator/metrics/activity-index.js';

describe('parseTimestamp', () => {
  it.each([
    '2026-09-01T10:00:00Z',
    '2026-09-01T10:00:00.5Z',
    '2026-09-01T10:00:00.123Z',
    '2026-09-01T10:00:00.123456Z',
    '2026-12-31T23:59:59Z',
    '2028-02-29T12:30:45Z',
    '2026-09-30T00:00:00Z',
    '2026-09-01T10:00:00+02:00',
    '2026-09-01',
    '2026-09-01T10:00:00.Z',
    '2026-13-01T10:00:00Z',
    '2026-02-31T10:00:00Z',
    '2026-09-01T24:00:00Z',
    'not a date',
  ])('%s', (text) => {
    expect(parseTimestamp(text)).toEqual(Date.parse(text));
  });
});

describe('index order', () => {
  it('numbers PRs by earliest event, whatever the input order and time precision', async () => {
    const { indexActivity } = await import('../../../src/emulator/metrics/activity-index.js');
    const pr = (id: number, opened: string) => ({ id, repository_id: 1, author_id: 1, branch: `b${id}`, first_commit_at: opened, opened_at: opened });
    for (const ms of ['', '.250']) {
      const index = indexActivity({
        pull_requests: [pr(1, `2026-09-03T00:00:00${ms}Z`), pr(2, `2026-09-01T00:00:00${ms}Z`), pr(3, `2026-09-02T00:00:00${ms}Z`), pr(4, `2026-09-01T00:00:00${ms}Z`)],
      });
      expect([...index.lo]).toEqual([`2026-09-01T00:00:00${ms}Z`, `2026-09-01T00:00:00${ms}Z`, `2026-09-02T00:00:00${ms}Z`, `2026-09-03T00:00:00${ms}Z`].map(Date.parse));
      expect(index.branch).toEqual(['b2', 'b4', 'b3', 'b1']);
    }
  });
});
