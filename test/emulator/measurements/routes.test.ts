// Measurement answers, export files and the v1 lifecycle over real HTTP (DESIGN.md §6.2): 200/204,
// CSV and JSON files at links served without the key that expire, v1 202 -> 200 -> 204, the
// request log, and the rate limit applying to the measurement routes but not to report files.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { call, clientFor, startTestEmulator } from '../helpers.js';

const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
};
const LAST_12_WEEKS = { after: day(-83), before: day(1) };
const BY_TEAM = {
  requested_metrics: [{ name: 'pr.merged' }, { name: 'branch.computed.cycle_time', agg: 'p75' }],
  time_ranges: [LAST_12_WEEKS],
  group_by: 'team',
  team_ids: [42, 43, 44],
  roll_up: '1w',
};
const NO_DATA = { requested_metrics: [{ name: 'pr.merged' }], time_ranges: [LAST_12_WEEKS], labels: ['no-such-label'] };

let emulator: RunningEmulator;
beforeAll(async () => {
  // Margins of hundreds of ms: the build machine may be loaded.
  emulator = await startTestEmulator({ reportDelayMs: 400, reportRetentionS: 1.5 });
});
afterAll(async () => {
  await emulator.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('v2 answers', () => {
  test('the example has data over the last 12 weeks: one element per week, a row per team', async () => {
    const r = await call(emulator, 'POST', '/api/v2/measurements', { body: BY_TEAM });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(12);
    expect(r.body[0].after).toBe(LAST_12_WEEKS.after);
    expect(r.body[11].before).toBe(LAST_12_WEEKS.before);
    const teams = new Set(r.body.flatMap((e: { metrics: { team_id: number }[] }) => e.metrics.map((m) => m.team_id)));
    expect(teams).toEqual(new Set([42, 43, 44]));
  });

  test('204 with no body when the filters match no data', async () => {
    const r = await call(emulator, 'POST', '/api/v2/measurements', { body: NO_DATA });
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect((await call(emulator, 'POST', '/api/v2/measurements/export', { body: NO_DATA })).status).toBe(204);
  });
});

describe('export files', () => {
  test('CSV: after, before, the group key, its name column, one column per metric key; a row per range and group', async () => {
    const answer = (await call(emulator, 'POST', '/api/v2/measurements', { body: BY_TEAM })).body as { after: string; before: string; metrics: Record<string, number | undefined>[] }[];
    const client = await clientFor(emulator);
    const link = await client.exportMeasurements(BY_TEAM as never, 'csv');
    expect(link?.report_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_reports\/[A-Za-z0-9_-]{32}\.csv$/);
    const csv = await client.downloadReport(link!.report_url, { maxBytes: 1_000_000 });
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('after,before,team_id,team_name,pr.merged,branch.computed.cycle_time:p75');
    const expected = answer.flatMap((e) => e.metrics.map((m) => [e.after, e.before, m.team_id, ({ 42: 'Payments', 43: 'Checkout', 44: 'Platform' } as Record<number, string>)[m.team_id!], m['pr.merged'], m['branch.computed.cycle_time:p75'] ?? ''].join(',')));
    expect(lines.slice(1)).toEqual(expected);
  });

  test('JSON: the v2 answer shape; beautified pretty-prints it', async () => {
    const answer = (await call(emulator, 'POST', '/api/v2/measurements', { body: BY_TEAM })).body;
    const client = await clientFor(emulator);
    const plain = await client.downloadReport((await client.exportMeasurements(BY_TEAM as never, 'json'))!.report_url, { maxBytes: 1_000_000 });
    expect(JSON.parse(plain)).toEqual(answer);
    const pretty = await client.downloadReport((await client.exportMeasurements({ ...BY_TEAM, beautified: true } as never, 'json'))!.report_url, { maxBytes: 1_000_000 });
    expect(pretty).toContain('\n  {');
    expect(JSON.parse(pretty)).toEqual(answer);
  });

  test('the link names the host the client used; a forged Host header falls back to the socket address', async () => {
    const { request } = await import('undici');
    const send = async (host: string) => {
      const res = await request(`${emulator.url}/api/v2/measurements/export`, { method: 'POST', headers: { host, 'x-api-key': 'dev-key', 'content-type': 'application/json' }, body: JSON.stringify(BY_TEAM) });
      return ((await res.body.json()) as { report_url: string }).report_url;
    };
    expect(await send('localhost:9999')).toMatch(/^http:\/\/localhost:9999\/_reports\//);
    expect(await send('evil.example/x?')).toMatch(new RegExp(`^${emulator.url.replace(/[.]/g, '\\.')}/_reports/`));
  });

  test('the link works without the key, only for its own name, and expires with the retention', async () => {
    const link = (await call(emulator, 'POST', '/api/v2/measurements/export?file_format=csv', { body: BY_TEAM })).body.report_url as string;
    const first = await fetch(link);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await fetch(link.replace(/\.csv$/, '.json'))).status).toBe(404);
    // Another token of the same length: the first character changed.
    const other = link.replace(/\/_reports\/(.)/, (_m, c: string) => `/_reports/${c === 'x' ? 'y' : 'x'}`);
    expect((await fetch(other)).status).toBe(404);
    await sleep(1600);
    const expired = await fetch(link);
    expect(expired.status).toBe(404);
  });
});

describe('v1 lifecycle', () => {
  const V1 = { requested_metrics: ['pr.merged', 'branch.time_to_pr'], after: `${LAST_12_WEEKS.after}T00:00:00Z`, before: `${LAST_12_WEEKS.before}T00:00:00Z`, group_by: 'repository', repository_ids: [1201, 1234] };

  test('202 until the delay, then 200 with a link to a JSON file of plain keys and duration means, then 204 after the retention', async () => {
    const created = await call(emulator, 'POST', '/api/v1/exporter/measurements', { body: V1 });
    expect(created.status).toBe(200);
    expect(created.body.request_id).toMatch(/^\d+$/);
    const path = `/api/v1/exporter/measurements/${created.body.request_id}`;
    expect((await call(emulator, 'GET', path)).status).toBe(202);
    await sleep(450);
    const ready = await call(emulator, 'GET', path);
    expect(ready.status).toBe(200);
    expect(typeof ready.body.detail).toBe('string');
    const file = JSON.parse(await (await fetch(ready.body.report_url)).text());
    const v2 = await call(emulator, 'POST', '/api/v2/measurements', {
      body: { requested_metrics: [{ name: 'pr.merged' }, { name: 'branch.time_to_pr' }], time_ranges: [LAST_12_WEEKS], group_by: 'repository', repository_ids: [1201, 1234] },
    });
    expect(file).toEqual(v2.body);
    await sleep(1600);
    expect((await call(emulator, 'GET', path)).status).toBe(204);
    expect((await fetch(ready.body.report_url)).status).toBe(404);
  });

  test('CSV on request; group_by service answers one row per service id; an unknown id is 204', async () => {
    const created = await call(emulator, 'POST', '/api/v1/exporter/measurements', { body: { requested_metrics: ['pr.merged'], time_ranges: [LAST_12_WEEKS], group_by: 'service', service_ids: [7, 8], file_format: 'csv' } });
    expect(created.status).toBe(200);
    await sleep(450);
    const ready = await call(emulator, 'GET', `/api/v1/exporter/measurements/${created.body.request_id}`);
    const csv = await (await fetch(ready.body.report_url)).text();
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('after,before,service_id,service_name,pr.merged');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 4).join(','))).toEqual(['7,billing', '8,checkout']);
    expect((await call(emulator, 'GET', '/api/v1/exporter/measurements/987654')).status).toBe(204);
  });

  test('204 at creation when the filters match no data', async () => {
    const r = await call(emulator, 'POST', '/api/v1/exporter/measurements', { body: { ...V1, repository_ids: [2110] } });
    expect(r.status).toBe(204);
  });
});

describe('traffic rules', () => {
  test('the request log keeps measurement bodies; report files are logged by route, not by token', async () => {
    await call(emulator, 'POST', '/_emulator/reset');
    const link = (await call(emulator, 'POST', '/api/v2/measurements/export', { body: BY_TEAM })).body.report_url as string;
    await fetch(link);
    const log = (await call(emulator, 'GET', '/_emulator/requests')).body.items as { method: string; path: string; body?: unknown }[];
    expect(log.find((e) => e.path === '/api/v2/measurements/export')?.body).toEqual(BY_TEAM);
    expect(log.some((e) => e.path === '/_reports/{file}')).toBe(true);
    expect(JSON.stringify(log)).not.toContain(link.split('/_reports/')[1]!.slice(0, 32));
  });

  test('fault injection applies to measurement routes and report files', async () => {
    const faulty = await startTestEmulator({ faultRate: 1, seed: 3 });
    try {
      for (const [method, path] of [['POST', '/api/v2/measurements'], ['POST', '/api/v1/exporter/measurements'], ['GET', '/_reports/abc.csv']] as const) {
        const status = await call(faulty, method, path, method === 'POST' ? { body: BY_TEAM } : {}).then(
          (r) => r.status,
          () => 0, // an injected connection reset
        );
        expect([0, 500, 502, 503, 504]).toContain(status);
      }
    } finally {
      await faulty.close();
    }
  });

  test('the rate limit applies to measurement routes, not to report files', async () => {
    const limited = await startTestEmulator({ rateLimit: 2 });
    try {
      const statuses: number[] = [];
      let link = '';
      for (let i = 0; i < 3; i++) {
        const r = await call(limited, 'POST', '/api/v2/measurements/export', { body: BY_TEAM });
        statuses.push(r.status);
        if (r.status === 200) link = r.body.report_url;
      }
      expect(statuses).toEqual([200, 200, 429]);
      const downloads = await Promise.all([1, 2, 3, 4].map(async () => (await fetch(link)).status));
      expect(downloads).toEqual([200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });
});
