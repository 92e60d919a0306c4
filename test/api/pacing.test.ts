// Pacing over real HTTP on a fake clock: one route spaced to the rate, other routes not held by
// its queue, bursts from a full bucket (a margin kept in hand), 0 = off, the cap on requests in
// flight, and what the pacing tells a progress line. Arrival times are the fake clock's, so they
// are exact: no test here waits for real time or bounds it.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { type ClientOptions } from '../../src/api/client-options.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { json, minimalBody, startScriptedServer, type Script, type ScriptedServer } from './helpers/scripted-server.js';

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(options: Partial<ClientOptions>, script: Script = (q, res) => json(res, 200, minimalBody(q))) {
  const clock = new FakeClock(0);
  server = await startScriptedServer(script, () => clock.now());
  const client = new EmClient({ baseUrl: server.url, apiKey: 'k', retryBaseMs: 5, clock, ...options });
  const run = <T>(work: Promise<T>): Promise<T> => clock.run(work, () => client.inFlight() > 0);
  return { client, clock, run };
}

/** Fake-clock arrival times of requests whose path starts with `prefix`. */
function arrivals(prefix: string): number[] {
  return server!.seen.filter((r) => r.url.startsWith(prefix)).map((r) => r.at);
}

describe('per-route pacing', () => {
  it('spaces calls on one route to the rate while another route goes at once', async () => {
    // 600 per minute = one call per 100 ms; a bucket of one makes every call wait its turn.
    const { client, run } = await clientFor({ rateLimit: 600, burst: 1 });
    const slow = Array.from({ length: 5 }, (_, i) => client.getTeamGitScope(i + 1));
    const fast = Array.from({ length: 5 }, (_, i) => client.getRepositoryConfig(i + 1));
    await run(Promise.all([...slow, ...fast]));
    // The other route has its own bucket: its first call goes at once, not behind the queue above,
    // and its fifth at 400 ms, not after the other route's five.
    expect(arrivals('/api/v1/git/config/teams/')).toEqual([0, 100, 200, 300, 400]);
    expect(arrivals('/api/v1/git/repositories/')).toEqual([0, 100, 200, 300, 400]);
  });

  it("lets a full bucket burst but for the margin kept in hand (half a second's worth, 5 tokens at 600 a minute), then paces", async () => {
    const { client, run } = await clientFor({ rateLimit: 600, burst: 8 });
    await run(Promise.all(Array.from({ length: 6 }, (_, i) => client.getTeamGitScope(i + 1))));
    expect(arrivals('/api/v1/git/config/teams/')).toEqual([0, 0, 0, 100, 200, 300]);
  });

  it("has a default bucket of one minute's worth, so a burst up to the rate (less the margin) goes at once", async () => {
    const { client, run } = await clientFor({ rateLimit: 60 });
    await run(Promise.all(Array.from({ length: 61 }, (_, i) => client.getTeamGitScope(i + 1))));
    const times = arrivals('/api/v1/git/config/teams/');
    expect(times.slice(0, 59).every((t) => t === 0)).toBe(true);
    expect(times.slice(59)).toEqual([1000, 2000]);
  });

  it('does not pace at all with rate 0', async () => {
    const { client, run } = await clientFor({ rateLimit: 0 });
    await run(Promise.all(Array.from({ length: 30 }, (_, i) => client.getTeamGitScope(i + 1))));
    expect(arrivals('/api/v1/git/config/teams/').every((t) => t === 0)).toBe(true);
  });

  it('counts calls per route', async () => {
    const { client, run } = await clientFor({ rateLimit: 0 });
    await run(Promise.all([client.getTeamGitScope(1), client.getTeamGitScope(2), client.getOrgConfig()]));
    expect(client.stats()).toEqual({
      calls: 3,
      retries: 0,
      byRoute: { 'GET /api/v1/git/config/teams/{team_id}/scope': 2, 'GET /api/v1/git/config': 1 },
    });
  });
});

describe('what the pacing tells a progress line (PacingView)', () => {
  it('per route: calls done, waiting and in flight, its pace, and when its waiting calls will have their tokens', async () => {
    const { client, clock, run } = await clientFor({ rateLimit: 600, burst: 1 });
    const calls = Promise.all(Array.from({ length: 5 }, (_, i) => client.getTeamGitScope(i + 1)));
    await run(new Promise((resolve) => setImmediate(resolve)));
    const route = 'GET /api/v1/git/config/teams/{team_id}/scope';
    expect(client.pacing().routes()).toEqual([{ route, done: 0, waiting: 4, inFlight: 1, ratePerMinute: 600, etaMs: 400 }]);
    await run(calls);
    expect(clock.now()).toBe(400);
    expect(client.pacing().routes()).toEqual([{ route, done: 5, waiting: 0, inFlight: 0, ratePerMinute: 600, etaMs: 0 }]);
  });
});

describe('concurrency', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const { client, run } = await clientFor({ rateLimit: 0, concurrency: 3 }, (q, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        json(res, 200, minimalBody(q));
      }, 5);
    });
    await run(Promise.all(Array.from({ length: 12 }, (_, i) => client.getRepositoryConfig(i + 1))));
    expect(most).toBe(3);
    expect(server!.seen).toHaveLength(12);
  });
});

describe('token and slot taken together', () => {
  it('does not let calls that got their tokens while the slots were busy leave in a bunch', async () => {
    // One slot, held by a call on another route until the fake clock reaches 300 ms; meanwhile four
    // calls on a route paced at one per 100 ms queue up. Taken apart, their tokens would be handed
    // out during those 300 ms and the four would leave back to back when the slot frees; taken
    // together, they leave 100 ms apart.
    let release: (() => void) | undefined;
    const { client, clock, run } = await clientFor({ rateLimit: 600, burst: 1, concurrency: 1 }, (q, res) => {
      if (q.url === '/api/v1/git/config') release = () => json(res, 200, minimalBody(q));
      else json(res, 200, minimalBody(q));
    });
    const slow = client.getOrgConfig();
    await server!.waitFor(1);
    const scopes = Array.from({ length: 4 }, (_, i) => client.getTeamGitScope(i + 1));
    clock.advance(300);
    release!();
    await run(Promise.all([slow, ...scopes]));
    const times = arrivals('/api/v1/git/config/teams/');
    expect(times).toEqual([300, 400, 500, 600]);
  });

  it('lets another route use a free slot while a paced route waits for its token', async () => {
    const { client, run } = await clientFor({ rateLimit: 600, burst: 1, concurrency: 1 });
    await run(Promise.all([client.getTeamGitScope(1), client.getTeamGitScope(2), client.getOrgConfig()]));
    // The second scope read waits 100 ms for its token; the org read, asked for after it, goes first.
    expect(server!.seen.map((r) => r.url)).toEqual(['/api/v1/git/config/teams/1/scope', '/api/v1/git/config', '/api/v1/git/config/teams/2/scope']);
  });
});
