// Pacing over real HTTP: one route spaced to the rate, other routes not held by its queue,
// bursts from a full bucket, 0 = off, and the cap on requests in flight.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient, type ClientOptions } from '../../src/api/client.js';
import { json, minimalBody, startScriptedServer, type Script, type ScriptedServer } from './helpers/scripted-server.js';

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(options: Partial<ClientOptions>, script: Script = (q, res) => json(res, 200, minimalBody(q))): Promise<EmClient> {
  server = await startScriptedServer(script);
  return new EmClient({ baseUrl: server.url, apiKey: 'k', retryBaseMs: 5, ...options });
}

/**
 * Arrival times of requests whose path starts with `prefix`, in ms since `start` (taken just
 * before the calls; server and client share this process's clock). Tokens are handed out on an
 * absolute schedule from the bucket's first use, so "call k arrives no earlier than k intervals
 * after the start" holds however busy the machine is; only upper bounds need slack.
 */
function arrivals(prefix: string, start: number): number[] {
  return server!.seen.filter((r) => r.url.startsWith(prefix)).map((r) => r.at - start);
}

describe('per-route pacing', () => {
  it('spaces calls on one route to the rate while another route goes at once', async () => {
    // 600 per minute = one call per 100 ms; a bucket of one makes every call wait its turn.
    const client = await clientFor({ rateLimit: 600, burst: 1 });
    const start = performance.now();
    const slow = Array.from({ length: 5 }, (_, i) => client.getTeamGitScope(i + 1));
    const fast = Array.from({ length: 5 }, (_, i) => client.getRepositoryConfig(i + 1));
    await Promise.all([...slow, ...fast]);

    const scopeTimes = arrivals('/api/v1/git/config/teams/', start);
    expect(scopeTimes).toHaveLength(5);
    scopeTimes.forEach((t, k) => expect(t).toBeGreaterThanOrEqual(k * 100 - 3));
    expect(scopeTimes[4]).toBeLessThan(800);
    // The other route has its own bucket: its first call goes at once, not behind the queue above,
    // and its fifth goes at about 400 ms, not after the other route's five (about 900 ms).
    const configTimes = arrivals('/api/v1/git/repositories/', start);
    expect(configTimes[0]).toBeLessThan(80);
    configTimes.forEach((t, k) => expect(t).toBeGreaterThanOrEqual(k * 100 - 3));
    expect(configTimes[4]).toBeLessThan(800);
  });

  it('lets a full bucket burst, then paces', async () => {
    const client = await clientFor({ rateLimit: 600, burst: 3 });
    const start = performance.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => client.getTeamGitScope(i + 1)));
    const times = arrivals('/api/v1/git/config/teams/', start);
    expect(times[2]).toBeLessThan(80); // three at once
    expect(times[3]).toBeGreaterThanOrEqual(97); // then one per 100 ms
    expect(times[4]).toBeGreaterThanOrEqual(197);
  });

  it('has a default bucket of one minute\'s worth, so a burst up to the rate goes at once', async () => {
    const client = await clientFor({ rateLimit: 60 });
    const start = performance.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.getTeamGitScope(i + 1)));
    expect(arrivals('/api/v1/git/config/teams/', start)[19]).toBeLessThan(500);
  });

  it('does not pace at all with rate 0', async () => {
    const client = await clientFor({ rateLimit: 0 });
    const start = performance.now();
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.getTeamGitScope(i + 1)));
    expect(arrivals('/api/v1/git/config/teams/', start)[29]).toBeLessThan(500);
  });

  it('counts calls per route', async () => {
    const client = await clientFor({ rateLimit: 0 });
    await Promise.all([client.getTeamGitScope(1), client.getTeamGitScope(2), client.getOrgConfig()]);
    expect(client.stats()).toEqual({
      calls: 3,
      retries: 0,
      byRoute: { 'GET /api/v1/git/config/teams/{team_id}/scope': 2, 'GET /api/v1/git/config': 1 },
    });
  });
});

describe('concurrency', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const client = await clientFor({ rateLimit: 0, concurrency: 3 }, (q, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        json(res, 200, minimalBody(q));
      }, 30);
    });
    await Promise.all(Array.from({ length: 12 }, (_, i) => client.getRepositoryConfig(i + 1)));
    expect(most).toBe(3);
    expect(server!.seen).toHaveLength(12);
  });
});

describe('token and slot taken together', () => {
  it('does not let calls that got their tokens while the slots were busy leave in a bunch', async () => {
    // One slot, held 300 ms by a slow call on another route; meanwhile four calls on a route paced
    // at one per 100 ms queue up. Taken apart, their tokens would be handed out during the 300 ms
    // and the four would leave back to back when the slot frees; taken together, they leave 100 ms apart.
    const client = await clientFor({ rateLimit: 600, burst: 1, concurrency: 1 }, (q, res) => {
      if (q.url === '/api/v1/git/config') setTimeout(() => json(res, 200, minimalBody(q)), 300);
      else json(res, 200, minimalBody(q));
    });
    const slow = client.getOrgConfig();
    await new Promise((r) => setTimeout(r, 20));
    const start = performance.now();
    await Promise.all([slow, ...Array.from({ length: 4 }, (_, i) => client.getTeamGitScope(i + 1))]);
    const times = arrivals('/api/v1/git/config/teams/', start);
    expect(times).toHaveLength(4);
    for (let k = 1; k < 4; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(90);
  });

  it('lets another route use a free slot while a paced route waits for its token', async () => {
    const client = await clientFor({ rateLimit: 600, burst: 1, concurrency: 1 });
    await Promise.all([client.getTeamGitScope(1), client.getTeamGitScope(2), client.getOrgConfig()]);
    // The second scope read waits ~100 ms for its token; the org read, asked for after it, goes first.
    expect(server!.seen.map((r) => r.url)).toEqual(['/api/v1/git/config/teams/1/scope', '/api/v1/git/config', '/api/v1/git/config/teams/2/scope']);
  });
});
