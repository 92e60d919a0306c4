// The client's measurement calls: against the emulator (answers, 204 as null, exports, the v1
// wait with its progress, expiry and deadline errors) and against scripted servers (answers that
// are not the documented shape, what a report download sends and refuses, retries, the size cap),
// plus the local checks made before sending.

import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { ApiError, InvalidRequestError } from '../../src/api/errors.js';
import type { MeasurementsBody } from '../../src/contract/measurement-types.js';
import * as rq from '../../src/api/requests-measurements.js';
import { reportUrlProblem } from '../../src/api/client-measurements.js';
import { isLoopback } from '../../src/api/loopback.js';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startTestEmulator } from '../emulator/helpers.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { json, startScriptedServer, type Script, type ScriptedServer } from './helpers/scripted-server.js';

const KEY = 'dev-key';
const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
};
const BODY: MeasurementsBody = { requested_metrics: [{ name: 'pr.merged' }, { name: 'branch.time_to_review', agg: 'p50' }], time_ranges: [{ after: day(-90), before: day(1) }], group_by: 'repository', repository_ids: [1201, 1234] };
const NO_DATA: MeasurementsBody = { ...BODY, labels: ['no-such-label'] };

const fastClient = (url: string, extra: Partial<ConstructorParameters<typeof EmClient>[0]> = {}) =>
  new EmClient({ baseUrl: url, apiKey: KEY, rateLimit: 0, retryBaseMs: 1, retryMaxMs: 5, ...extra });

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

/**
 * One fake clock for the emulator's reports and the client's polling: time jumps to the next poll
 * whenever nothing is on the wire, so "ready after 400 ms" and "expired 0.5 s later" hold whatever
 * the machine's speed.
 */
const clock = new FakeClock();
const onClock = <T>(client: EmClient, work: Promise<T>): Promise<T> => clock.run(work, () => client.inFlight() > 0);

describe('against the emulator', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ reportDelayMs: 400, reportRetentionS: 0.5, reportClock: () => clock.now() });
  });
  afterAll(async () => {
    await emulator.close();
  });

  test('measurements: the answer, or null for 204', async () => {
    const client = fastClient(emulator.url);
    const answer = await client.measurements(BODY);
    expect(answer?.[0]?.metrics.map((m) => m.repository_id).sort()).toEqual([1201, 1234]);
    expect(await client.measurements(NO_DATA)).toBeNull();
    expect(await client.exportMeasurements(NO_DATA, 'json')).toBeNull();
    expect(await client.createV1Report({ requested_metrics: ['pr.merged'], time_ranges: NO_DATA.time_ranges, repository_ids: [2110] })).toBeNull();
  });

  test('v1: create, wait with progress, download the file', async () => {
    const client = fastClient(emulator.url, { clock });
    const created = await client.createV1Report({ requested_metrics: ['pr.merged'], after: `${day(-30)}T00:00:00Z`, before: `${day(1)}T00:00:00Z` });
    const polls: string[] = [];
    const link = await onClock(client, client.waitForV1Report(created!.request_id, { deadlineMs: 5000, pollMs: 50, onPoll: (state) => polls.push(state) }));
    expect(polls[0]).toBe('pending');
    expect(polls[polls.length - 1]).toBe('ready');
    const file = JSON.parse(await client.downloadReport(link.report_url, { maxBytes: 100_000 }));
    expect(file[0].metrics[0]).toEqual({ organization_id: 1, 'pr.merged': expect.any(Number) });
  });

  test('v1: a report that expired between polls is a clear error; an unknown one too', async () => {
    const client = fastClient(emulator.url, { clock });
    const created = await client.createV1Report({ requested_metrics: ['pr.merged'], after: `${day(-30)}T00:00:00Z`, before: `${day(1)}T00:00:00Z` });
    // Polls 1.2 s apart: the first sees 202, the next comes after delay + retention (0.9 s), so 204.
    const error = await failure(onClock(client, client.waitForV1Report(created!.request_id, { deadlineMs: 10_000, pollMs: 1200 })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain(`report ${created!.request_id} expired before it was fetched (204 after 1 "not ready" answers)`);
    expect((await failure(onClock(client, client.waitForV1Report('999999', { deadlineMs: 1000 })))).message).toContain('report 999999 does not exist or has expired (204)');
  });

  test('v1: the deadline is an error naming the time waited', async () => {
    const slow = await startTestEmulator({ reportDelayMs: 60_000, reportClock: () => clock.now() });
    try {
      const client = fastClient(slow.url, { clock });
      const created = await client.createV1Report({ requested_metrics: ['pr.merged'], after: `${day(-30)}T00:00:00Z`, before: `${day(1)}T00:00:00Z` });
      const error = await failure(onClock(client, client.waitForV1Report(created!.request_id, { deadlineMs: 200, pollMs: 50 })));
      expect(error.message).toMatch(/report \d+ was not ready after \d+ s \(\d+ polls; deadline 0 s\)/);
    } finally {
      await slow.close();
    }
  });
});

describe('against scripted servers', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const serve = async (script: Script) => (server = await startScriptedServer(script));

  test.each<[string, (c: EmClient) => Promise<unknown>, unknown, string]>([
    ['v2 answer not an array', (c) => c.measurements(BODY), { items: [] }, 'POST /api/v2/measurements failed: the 200 answer does not have the documented shape: the body must be a list'],
    ['v2 element without metrics', (c) => c.measurements(BODY), [{ after: '2026-01-01', before: '2026-02-01' }], 'field [0].metrics is missing'],
    ['v2 row value that is an object', (c) => c.measurements(BODY), [{ after: '2026-01-01', before: '2026-02-01', metrics: [{ team_id: 1, 'pr.merged': {} }] }], '[0].metrics[0].pr.merged must be'],
    ['export without report_url', (c) => c.exportMeasurements(BODY), { detail: 'ok' }, 'POST /api/v2/measurements/export failed: the 200 answer does not have the documented shape: field report_url is missing'],
    ['v1 request_id as a number', (c) => c.createV1Report({ requested_metrics: ['pr.merged'], time_ranges: BODY.time_ranges }), { request_id: 5 }, 'field request_id must be a string'],
    ['v1 fetch without report_url', (c) => c.getV1Report(5), { url: 'x' }, 'GET /api/v1/exporter/measurements/{request_id} failed: the 200 answer does not have the documented shape: field report_url is missing'],
  ])('%s is an ApiError naming the route and the field', async (_name, run, answer, message) => {
    const s = await serve((_req, res) => json(res, 200, answer));
    const error = await failure(run(fastClient(s.url)));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain(message);
  });

  test('an undocumented 2xx status is an error', async () => {
    const s = await serve((_req, res) => json(res, 201, []));
    expect((await failure(fastClient(s.url).measurements(BODY))).message).toContain('the status should be 200 or 204');
  });

  test('a download sends no key, is paced and retried like any call, and follows a redirect on loopback', async () => {
    const s = await serve((req, res, n) => {
      if (n === 1) return json(res, 503, { detail: 'busy' });
      if (req.url === '/first') {
        res.writeHead(302, { location: '/second.csv' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('after,before\n');
    });
    const text = await fastClient(s.url).downloadReport(`${s.url}/first`, { maxBytes: 100 });
    expect(text).toBe('after,before\n');
    expect(s.seen.map((r) => r.url)).toEqual(['/first', '/first', '/second.csv']);
    for (const r of s.seen) expect(r.headers['x-api-key']).toBeUndefined();
  });

  test('a redirect to plain http off loopback is refused, and so is such a link', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://reports.example.com/file.csv' });
      res.end();
    });
    const error = await failure(fastClient(s.url).downloadReport(`${s.url}/r`, { maxBytes: 100 }));
    expect(error.message).toContain('redirect refused: only https links (or http on a loopback address) are fetched, not http://reports.example.com');
    expect(error.message).not.toContain(`${s.url}/r`);
    expect((await failure(fastClient(s.url).downloadReport('http://reports.example.com/x.csv', { maxBytes: 100 }))).message).toContain('report link refused');
    expect(s.seen).toHaveLength(1);
  });

  test('with insecure http allowed, a link at the base URL\'s own http origin off loopback is fetched; others are not', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('after,before\n');
    });
    const port = new URL(s.url).port;
    // A host name that is not loopback by name, resolved to the scripted server: real HTTP, a remote-looking origin.
    const agent = new Agent({
      connect: {
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as unknown as LookupFunction,
      },
    });
    const base = `http://emulator.internal:${port}`;
    try {
      const allowed = fastClient(base, { dispatcher: agent, insecureHttp: true });
      expect(await allowed.downloadReport(`${base}/_reports/a.csv`, { maxBytes: 100 })).toBe('after,before\n');
      const other = await failure(allowed.downloadReport(`http://other.internal:${port}/_reports/a.csv`, { maxBytes: 100 }));
      expect(other.message).toContain(`report link refused: only https links (or http on a loopback address or at ${base}) are fetched, not http://other.internal:${port}`);
      const refused = await failure(fastClient(base, { dispatcher: agent }).downloadReport(`${base}/_reports/a.csv`, { maxBytes: 100 }));
      expect(refused.message).toContain('report link refused: only https links (or http on a loopback address) are fetched');
      expect(s.seen).toHaveLength(1);
    } finally {
      await agent.close();
    }
    expect(reportUrlProblem(new URL('http://em.internal:8080/x'), 'http://em.internal:8080')).toBeUndefined();
    expect(reportUrlProblem(new URL('http://em.internal:8081/x'), 'http://em.internal:8080')).toContain('not http://em.internal:8081');
  });

  test('a file over the size cap is refused, not retried', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('x'.repeat(5000));
    });
    const error = await failure(fastClient(s.url).downloadReport(`${s.url}/big.csv`, { maxBytes: 1000 }));
    expect(error.message).toContain('response body over the 1000-byte limit');
    expect(s.seen).toHaveLength(1);
  });
});

describe('local checks before sending', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  test.each<[string, () => unknown, string]>([
    ['no metric', () => rq.measurements({ ...BODY, requested_metrics: [] }), 'requested_metrics needs at least one metric'],
    ['no time range', () => rq.measurements({ ...BODY, time_ranges: [] }), 'time_ranges needs at least one'],
    ['a date with a time', () => rq.measurements({ ...BODY, time_ranges: [{ after: '2026-01-01T00:00:00Z', before: '2026-02-01' }] }), 'time_ranges[0].after must be a date yyyy-mm-dd'],
    ['before not after after', () => rq.measurements({ ...BODY, time_ranges: [{ after: '2026-02-01', before: '2026-01-01' }] }), 'before (2026-01-01) must be after after (2026-02-01)'],
    ['several ranges with 1w', () => rq.measurements({ ...BODY, roll_up: '1w', time_ranges: [{ after: '2026-01-01', before: '2026-02-01' }, { after: '2026-02-01', before: '2026-03-01' }] }), 'several time ranges need roll_up custom'],
    ['51 ids', () => rq.measurements({ ...BODY, repository_ids: ids(51) }), 'repository_ids takes 1 to 50 ids, got 51'],
    ['4 labels', () => rq.measurements({ ...BODY, labels: ['a', 'b', 'c', 'd'] }), 'labels takes at most 3'],
    ['team without team_ids', () => rq.measurements({ ...BODY, group_by: 'team', repository_ids: undefined }), 'group_by team needs team_ids'],
    ['order_by not requested', () => rq.measurements({ ...BODY, order_by: 'pr.new' }), 'order_by must be one of the requested metrics'],
    ['limit 0', () => rq.measurements({ ...BODY, limit: 0 }), 'limit must be an integer > 0'],
    ['export format', () => rq.exportMeasurements(BODY, 'xlsx' as never), 'file_format must be csv or json'],
    ['v1 pair and ranges', () => rq.createV1Report({ requested_metrics: ['pr.merged'], after: '2026-01-01T00:00:00Z', before: '2026-02-01T00:00:00Z', time_ranges: BODY.time_ranges }), 'give before/after or time_ranges, not both'],
    ['v1 after alone', () => rq.createV1Report({ requested_metrics: ['pr.merged'], after: '2026-01-01T00:00:00Z' }), 'before and after go together'],
    ['v1 id not digits', () => rq.getV1Report('12a'), 'request_id must be digits'],
  ])('%s', (_name, describeCall, message) => {
    expect(describeCall).toThrow(InvalidRequestError);
    expect(describeCall).toThrow(message);
  });

  test('descriptions: method, route (the pacing key) and path', () => {
    expect(rq.exportMeasurements(BODY, 'json')).toMatchObject({ method: 'POST', route: 'POST /api/v2/measurements/export', path: '/api/v2/measurements/export?file_format=json' });
    expect(rq.getV1Report(42)).toEqual({ method: 'GET', route: 'GET /api/v1/exporter/measurements/{request_id}', path: '/api/v1/exporter/measurements/42' });
  });

  test.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['localhost', true],
    [new URL('http://[::ffff:127.0.0.1]/').hostname, true],
    [new URL('http://[::ffff:10.0.0.1]/').hostname, false],
    ['10.0.0.1', false],
    ['127.0.0.1.example.com', false],
  ])('loopback %s: %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});
