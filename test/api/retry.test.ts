// Retries over real HTTP: what is retried, how long the client waits, and when it gives up.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { type ClientOptions, type ThrottleEvent } from '../../src/api/client-options.js';
import { ApiError } from '../../src/api/errors.js';
import { backoffMs, parseRetryAfter } from '../../src/api/retry.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { unusedPort } from '../helpers/unused-port.js';
import { json, minimalBody, startScriptedServer, type Script, type ScriptedServer } from './helpers/scripted-server.js';

const OK = { items: [] };
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(script: Script, options: Partial<ClientOptions> = {}): Promise<{ client: EmClient; server: ScriptedServer }> {
  server = await startScriptedServer(script);
  const client = new EmClient({ baseUrl: server.url, apiKey: 'secret-key', rateLimit: 0, retryBaseMs: 5, retryMaxMs: 20, timeoutMs: 2000, ...options });
  return { client, server };
}

/**
 * The same on a fake clock, for the tests about waiting: the server stamps arrivals with the fake
 * time, and run() lets time jump whenever nothing is on the wire, so waits are exact and instant.
 */
async function fakeTimeClientFor(script: Script, options: Partial<ClientOptions> = {}) {
  const clock = new FakeClock();
  server = await startScriptedServer(script, () => clock.now());
  const client = new EmClient({ baseUrl: server.url, apiKey: 'secret-key', rateLimit: 0, retryBaseMs: 5, retryMaxMs: 20, timeoutMs: 2000, clock, ...options });
  const run = <T>(work: Promise<T>): Promise<T> => clock.run(work, () => client.inFlight() > 0);
  return { client, server, clock, run };
}

/** Fails the first `failures` requests with `fail`, then answers 200. */
function failFirst(failures: number, fail: Script): Script {
  return (req, res, n) => (n <= failures ? fail(req, res, n) : json(res, 200, minimalBody(req)));
}

const failures: Array<[string, Script]> = [
  ['500', (_q, res) => json(res, 500, { detail: 'boom' })],
  ['502', (_q, res) => void res.writeHead(502).end('<html>bad gateway</html>')],
  ['503', (_q, res) => json(res, 503, { detail: 'unavailable' })],
  ['504', (_q, res) => json(res, 504, { detail: 'gateway timeout' })],
  ['a destroyed socket', (_q, res) => void res.socket?.destroy()],
  // Never answered: slower than any timeoutMs, however loaded the machine.
  ['a response slower than timeoutMs', () => undefined],
];

describe('retries', () => {
  it.each(failures)('recovers from %s within maxTries', async (_name, fail) => {
    // A generous timeout: only the never-answered case may reach it, not a slow answer on a loaded machine.
    const { client, server } = await clientFor(failFirst(4, fail), { maxTries: 5, timeoutMs: 500 });
    await expect(client.listIntegrations()).resolves.toEqual(OK);
    expect(server.seen).toHaveLength(5);
    expect(client.stats()).toEqual({ calls: 5, retries: 4, byRoute: { 'GET /api/v1/integrations': 5 } });
  });

  it.each(failures)('gives up on %s after maxTries with ApiError', async (_name, fail) => {
    const { client, server } = await clientFor(fail, { maxTries: 3, timeoutMs: 500 });
    const error = await client.listIntegrations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).tries).toBe(3);
    expect((error as ApiError).message).toMatch(/^GET \/api\/v1\/integrations failed: .*\(after 3 tries\)$/);
    // Every try reached the server except ones the slow server is still sitting on.
    expect(server.seen).toHaveLength(3);
  });

  it('reports a transport failure without a status, in words', async () => {
    const { client } = await clientFor((_q, res) => void res.socket?.destroy(), { maxTries: 2 });
    const error = (await client.getOrgConfig().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^GET \/api\/v1\/git\/config failed: (connection reset|connection closed by the server|other side closed).*\(after 2 tries\)$/);
  });

  it('says "timed out" when every try is too slow', async () => {
    const { client } = await clientFor((_q, res) => void setTimeout(() => json(res, 200, OK), 300), { maxTries: 2, timeoutMs: 50 });
    await expect(client.getOrgConfig()).rejects.toThrow('GET /api/v1/git/config failed: timed out after 50 ms (after 2 tries)');
  });

  it('retries a refused connection, then gives up', async () => {
    const { client, server } = await clientFor((_q, res) => json(res, 200, OK), { maxTries: 2 });
    await server.close();
    const error = (await client.getOrgConfig().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('connection refused');
    expect(client.stats().calls).toBe(2);
  });

  it.each([400, 401, 403, 404, 405, 409, 422])('does not retry %i', async (status) => {
    const { client, server } = await clientFor((_q, res) => json(res, status, { detail: `refused with ${status}` }));
    const error = (await client.listIntegrations().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(status);
    expect(error.message).toBe(`GET /api/v1/integrations failed: ${status} refused with ${status}`);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a write with the same body (writes set absolute values, so a repeat is safe)', async () => {
    const { client, server } = await clientFor(failFirst(1, (_q, res) => json(res, 503, {})));
    const entries = [{ id: 7, state: 'monitored' as const }];
    await client.setMonitoring(entries);
    expect(server.seen.map((r) => [r.method, r.body])).toEqual([
      ['PATCH', '{"repositories":[{"id":7,"state":"monitored"}]}'],
      ['PATCH', '{"repositories":[{"id":7,"state":"monitored"}]}'],
    ]);
  });

  it('honours Retry-After in seconds over its own short backoff', async () => {
    const { client, server, run } = await fakeTimeClientFor(failFirst(1, (_q, res) => json(res, 429, { detail: 'slow down' }, { 'retry-after': '5' })));
    await run(client.listIntegrations());
    expect(server.seen[1]!.at - server.seen[0]!.at).toBe(5000);
  });

  it('holds the other calls of a route that got a 429 until Retry-After has passed', async () => {
    const { client, server, clock, run } = await fakeTimeClientFor(failFirst(1, (_q, res) => json(res, 429, { detail: 'slow down' }, { 'retry-after': '5' })));
    const start = clock.now();
    const first = client.getTeamGitScope(1);
    // Let the 429 reach the client, the fake clock standing still.
    while (server.seen.length < 1 || client.inFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const second = client.getTeamGitScope(2); // same route, other path
    const other = client.getOrgConfig(); // another route is not held
    await run(Promise.all([first, second, other]));
    const at = (url: string) => server.seen.filter((r) => r.url === url).map((r) => r.at - start);
    expect(at('/api/v1/git/config')).toEqual([0]);
    expect(at('/api/v1/git/config/teams/2/scope')).toEqual([5000]);
  });

  it('paces retries too: every try takes a token of its route', async () => {
    // 600 per minute with a bucket of one = one call per 100 ms, whatever the backoff says.
    const { client, server, clock, run } = await fakeTimeClientFor(failFirst(3, (_q, res) => json(res, 500, {})), { rateLimit: 600, burst: 1 });
    const start = clock.now();
    await run(client.listIntegrations());
    expect(server.seen.map((r) => r.at - start)).toEqual([0, 100, 200, 300]);
  });
});

describe('a service whose limit is below our pace (429)', () => {
  const tooMany: Script = (_q, res) => json(res, 429, { detail: 'Too many requests' });

  it('takes the first 429 at the set pace as out of step (the bucket emptied), then halves at each 429, without using up the retries for failures', async () => {
    const events: ThrottleEvent[] = [];
    // 6000 a minute with a bucket of one: a call every 10 ms; after the first 429 the same pace
    // from an empty bucket (10 ms), then 20 and 40 ms after the next two, each halving.
    const { client, server, run } = await fakeTimeClientFor(failFirst(3, tooMany), { rateLimit: 6000, burst: 1, maxTries: 2, onThrottle: (e) => events.push(e) });
    await expect(run(client.listIntegrations())).resolves.toEqual(OK);
    expect(server.seen).toHaveLength(4);
    expect(events.map((e) => e.ratePerMinute)).toEqual([3000, 1500]);
    expect(server.seen.slice(1).map((r, i) => r.at - server.seen[i]!.at)).toEqual([10, 20, 40]);
  });

  it("slows a route with pacing off to the service's 60 a minute, and honours Retry-After", async () => {
    const events: ThrottleEvent[] = [];
    const { client, server, run } = await fakeTimeClientFor(failFirst(1, (_q, res) => json(res, 429, { detail: 'slow down' }, { 'retry-after': '1' })), { onThrottle: (e) => events.push(e) });
    await run(client.listIntegrations());
    expect(events).toEqual([{ route: 'GET /api/v1/integrations', ratePerMinute: 60, retryAfterMs: 1000 }]);
    // Retry-After, or the two tokens of 60 a minute (the one it takes and the one in hand): the longer.
    expect(server.seen[1]!.at - server.seen[0]!.at).toBe(2000);
  });

  it('slows down once for the 429s of calls that were in flight together', async () => {
    const events: ThrottleEvent[] = [];
    let n = 0;
    // The four 429s are held until all four calls have arrived, so they were in flight together
    // whatever the machine's load (a cold run could otherwise answer the first before the fourth left).
    const held: Array<() => void> = [];
    const { client } = await clientFor((q, res) => {
      if (++n > 4) return json(res, 200, minimalBody(q));
      held.push(() => json(res, 429, {}));
      if (held.length === 4) for (const answer of held) answer();
    }, {
      rateLimit: 60_000,
      burst: 5,
      onThrottle: (e) => events.push(e),
    });
    // The first episode is taken as out of step (no halving); the second halves, once.
    await Promise.all([1, 2, 3, 4].map((id) => client.getTeamGitScope(id)));
    n = 0;
    held.length = 0;
    await Promise.all([5, 6, 7, 8].map((id) => client.getTeamGitScope(id)));
    expect(events.map((e) => e.ratePerMinute)).toEqual([30_000]);
  });

  it('gives up after maxThrottledTries answers of 429', async () => {
    const { client, server } = await clientFor(tooMany, { rateLimit: 6000, burst: 1, maxThrottledTries: 3 });
    const error = (await client.listIntegrations().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.tries).toBe(4);
    expect(server.seen).toHaveLength(4);
  });
});

describe('a service that cannot be reached', () => {
  const HINT = 'is it running? check --base-url or EMCTL_BASE_URL';

  it('names the address when the connection is refused, and keeps the key out', async () => {
    const port = await unusedPort();
    const client = new EmClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'secret-key', rateLimit: 0, retryBaseMs: 5, retryMaxMs: 20, maxTries: 3 });
    const error = (await client.getOrgConfig().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBeUndefined();
    expect(error.tries).toBe(3);
    expect(error.message).toBe(`GET /api/v1/git/config failed: could not reach the service at http://127.0.0.1:${port}/ (connection refused, after 3 tries); ${HINT}`);
  });

  it('shows the address without user info, query or fragment (a key put there never shows)', async () => {
    const port = await unusedPort();
    const baseUrl = `http://me:secret-key@127.0.0.1:${port}/emsvc?token=secret-key#secret-key`;
    const client = new EmClient({ baseUrl, apiKey: 'secret-key', rateLimit: 0, maxTries: 1 });
    const error = (await client.getOrgConfig().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toContain(`could not reach the service at http://127.0.0.1:${port}/emsvc (connection refused); ${HINT}`);
    expect(error.message).not.toContain('secret-key');
    expect(error.message).not.toContain('me:');
  });

  it('does not call a connection reset "could not reach": the service was reached', async () => {
    const { client } = await clientFor((_q, res) => void res.socket?.destroy(), { maxTries: 1 });
    const error = (await client.getOrgConfig().catch((e: unknown) => e)) as ApiError;
    expect(error.message).not.toContain('could not reach');
    expect(error.message).toMatch(/^GET \/api\/v1\/git\/config failed: (connection reset|connection closed by the server|other side closed)/);
  });

  it('names the host that does not resolve, and does not retry it', async () => {
    const client = new EmClient({ baseUrl: 'https://emctl-test.invalid/api', apiKey: 'secret-key', rateLimit: 0, retryBaseMs: 5, retryMaxMs: 20 });
    const error = (await client.listIntegrations().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(
      'GET /api/v1/integrations failed: could not reach the service at https://emctl-test.invalid/api (host not found: emctl-test.invalid); check --base-url or EMCTL_BASE_URL',
    );
    expect(client.stats().calls).toBe(1);
  });

  it('refused before any answer: all the tries, with short waits (at most 1.5 s in all with the defaults)', async () => {
    const port = await unusedPort();
    // Default backoff (1 s base, 30 s ceiling), every draw at its ceiling: 100 + 200 + 400 + 800 ms.
    const clock = new FakeClock();
    const client = new EmClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'secret-key', rateLimit: 0, random: () => 1, clock });
    const start = clock.now();
    const error = (await clock.run(client.getOrgConfig(), () => client.inFlight() > 0).catch((e: unknown) => e)) as ApiError;
    expect(error.tries).toBe(5);
    expect(client.stats()).toEqual({ calls: 5, retries: 4, byRoute: { 'GET /api/v1/git/config': 5 } });
    expect(clock.now() - start).toBe(1500);
  });

  it('refused after the service has answered (a restart): the normal backoff', async () => {
    const { client, server, clock, run } = await fakeTimeClientFor((q, res) => json(res, 200, minimalBody(q)), { retryBaseMs: 1000, retryMaxMs: 30_000, maxTries: 2, random: () => 1 });
    await run(client.getOrgConfig());
    await server.close();
    const start = clock.now();
    const error = (await run(client.getOrgConfig()).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.tries).toBe(2);
    expect(clock.now() - start).toBe(1000);
  });
});

describe('retry timing rules', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    ['absent', undefined, undefined],
    ['empty', '', undefined],
    ['seconds', '3', 3000],
    ['zero', '0', 0],
    ['HTTP-date 5 s ahead', 'Sun, 01 Mar 2026 12:00:05 GMT', 5000],
    ['HTTP-date in the past', 'Sun, 01 Mar 2026 11:59:00 GMT', 0],
    ['garbage', 'soon', undefined],
    ['an hour, cut to the 5 minute ceiling', '3600', 300_000],
  ])('Retry-After %s', (_name, header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  const policy = { maxTries: 5, baseMs: 1000, maxMs: 30_000 };
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [5, 16_000],
    [6, 30_000],
    [10, 30_000],
  ])('backoff ceiling after try %i is %i ms (full jitter draws below it)', (failedTry, ceiling) => {
    expect(backoffMs(failedTry, policy, () => 0.999999)).toBe(ceiling - 1);
    expect(backoffMs(failedTry, policy, () => 0.5)).toBe(ceiling / 2);
    expect(backoffMs(failedTry, policy, () => 0)).toBe(0);
  });
});
