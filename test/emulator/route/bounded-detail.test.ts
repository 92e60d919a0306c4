// A refusal lists at most 100 problems, then one item saying how many more there were: a body of
// 100,000 bad entries (10 MB allows that) must not build and send a detail list larger than the
// body. One case per place the emulator collects problems: query, PM, Git, settings, measurements.

import { describe, expect, test } from 'vitest';
import { MAX_LISTED_ISSUES, cappedIssues } from '../../../src/emulator/route/params.js';
import { call, sharedEmulator } from '../helpers.js';

const emulator = sharedEmulator();

const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
const extraFields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`bogus_${i}`, i]));

describe('a refusal lists at most 100 problems', () => {
  test.each([
    ['PM scope write: 100,000 unknown fields', 'PATCH', '/api/v1/pm/config/teams/scope', extraFields(100_000), 400, 100_001],
    ['PM selection: 1,000 entries with bad ids and states', 'PATCH', '/api/v2/pm/integrations/10/entities/boards', { entities: many(1000, () => ({ id: [], selected: 'x', bogus: 1 })) }, 400, undefined],
    ['monitoring: 100 entries, each with three problems', 'PATCH', '/api/v1/git/repositories', { repositories: many(100, () => ({ id: 'x', state: 'y', bogus: 1 })) }, 400, 300],
    ['Git settings: 100,000 unknown sections', 'PATCH', '/api/v1/git/config', extraFields(100_000), 400, 100_000],
    ['team Git scope: 100,000 unknown fields', 'PUT', '/api/v1/git/config/teams/42/scope', extraFields(100_000), 422, 100_001],
    ['measurements: 5,000 bad metrics', 'POST', '/api/v2/measurements', { requested_metrics: many(5000, () => ({ name: 1, bogus: 1 })), time_ranges: [{ after: '2024-01-01', before: '2024-02-01' }] }, 422, undefined],
    ['measurements: 100,000 unknown fields', 'POST', '/api/v2/measurements', extraFields(100_000), 422, undefined],
  ])('%s', async (_name, method, path, body, status, total) => {
    const r = await call(emulator, method, path, { body });
    expect(r.status).toBe(status);
    const detail = r.body.detail as { type: string; loc: unknown[]; msg: string }[];
    expect(detail.length).toBe(MAX_LISTED_ISSUES + 1);
    const last = detail.at(-1)!;
    expect(last.type).toBe('too_many_errors');
    const more = Number(/^(\d+) more problems not listed; the first 100 are$/.exec(last.msg)?.[1]);
    expect(more).toBeGreaterThan(0);
    if (total !== undefined) expect(more).toBe(total - MAX_LISTED_ISSUES);
    expect(detail.slice(0, -1).every((d) => d.type !== 'too_many_errors')).toBe(true);
  });

  test('query parameters: every problem listed when there are few', async () => {
    const r = await call(emulator, 'GET', '/api/v1/git/repositories?page_size=0&bogus=1');
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: { type: string }) => d.type).sort()).toEqual(['extra_forbidden', 'greater_than_equal']);
  });

  test('a team Git scope naming 10,000 unknown repositories lists 100 ids and counts the rest', async () => {
    const r = await call(emulator, 'PUT', '/api/v1/git/config/teams/42/scope', { body: { repository_ids: many(10_000, (i) => 900_000 + i) } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/^repositories not found: 900000, 900001, .*, 900099 and 9900 more$/);
  });

  test.each([
    [0, 0, 0],
    [3, 3, 3],
    [100, 100, 100],
    [100, 101, 101],
    [100, 100_000, 101],
  ])('cappedIssues: %d listed of %d -> %d items', (listed, total, length) => {
    const items = Array.from({ length: listed }, (_, i) => ({ type: 'missing', loc: ['body', i], msg: 'Field required' }));
    const out = cappedIssues(items, total);
    expect(out.length).toBe(length);
    if (total > MAX_LISTED_ISSUES) expect(out.at(-1)?.msg).toBe(`${total - 100} more problem${total - 100 === 1 ? '' : 's'} not listed; the first 100 are`);
  });
});
