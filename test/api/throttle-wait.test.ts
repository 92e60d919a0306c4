// A route that answers nothing but 429 is not waited on forever (DESIGN.md 8, --max-throttle-wait):
// after the allowed time without progress its calls fail naming the route. On a fake clock, so
// the ten minutes pass at once and the times are exact.

import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { type ClientOptions } from '../../src/api/client-options.js';
import { ApiError } from '../../src/api/errors.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { json, minimalBody, orgSettings, startScriptedServer, type Script, type ScriptedServer } from './helpers/scripted-server.js';

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SCOPES = 'GET /api/v1/git/config/teams/{team_id}/scope';

async function clientFor(script: Script, options: Partial<ClientOptions> = {}) {
  const clock = new FakeClock(0);
  server = await startScriptedServer(script, () => clock.now());
  const client = new EmClient({ baseUrl: server.url, apiKey: 'k', rateLimit: 60, maxThrottledTries: 10_000, clock, ...options });
  const run = <T>(work: Promise<T>): Promise<T> => clock.run(work, () => client.inFlight() > 0);
  return { client, clock, run };
}

/** Team scope reads answer 429 (with `retryAfter`, if any) until `until` on the fake clock; the rest 200. */
function scopesThrottled(clock: () => number, until = Number.POSITIVE_INFINITY, retryAfter?: string): Script {
  return (q, res) => {
    if (q.url.startsWith('/api/v1/git/config/teams/') && clock() < until) json(res, 429, { detail: 'Too many requests' }, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
    else json(res, 200, minimalBody(q));
  };
}

describe('--max-throttle-wait', () => {
  it.each([
    ['no Retry-After (the route slows down to a call a minute)', undefined],
    ['a Retry-After of 5 minutes (capped at the limit)', '300'],
  ])('gives up on a route after 10 minutes of nothing but 429, naming it: %s', async (_name, retryAfter) => {
    let now = () => 0;
    const { client, clock, run } = await clientFor((q, res) => scopesThrottled(now, Number.POSITIVE_INFINITY, retryAfter)(q, res, 0));
    now = () => clock.now();
    const scopes = [1, 2, 3].map((id) => client.getTeamGitScope(id).catch((e: unknown) => e));
    const other = client.getOrgConfig();
    const [errors, org] = await run(Promise.all([Promise.all(scopes), other]));
    expect(org).toEqual({ settings: orgSettings() }); // another route is not held
    const first = errors[0] as ApiError;
    expect(first).toBeInstanceOf(ApiError);
    expect(first.status).toBe(429);
    expect(first.message).toMatch(
      /^GET \/api\/v1\/git\/config\/teams\/\{team_id\}\/scope failed: 429 the service answered nothing but 429 \(too many requests\) on this route for 10m; giving up \(--max-throttle-wait 10m\) \(after \d+ tries\)$/,
    );
    // Every call of the route ends with it, the ones still waiting for a token included.
    const withoutTries = (m: string) => m.replace(/ \(after \d+ tries\)$/, '');
    for (const e of errors) expect(withoutTries((e as ApiError).message)).toBe(withoutTries(first.message));
    expect(clock.now()).toBeGreaterThanOrEqual(600_000);
    expect(clock.now()).toBeLessThanOrEqual(600_000 + 60_000); // at most one token of the slowest pace (a call a minute) after it
  });

  it('counts from the last progress: a route that answers now and then goes on', async () => {
    let now = () => 0;
    // 429 for the first 9 minutes, then answers: the 10 minutes never pass without progress.
    const { client, clock, run } = await clientFor((q, res) => scopesThrottled(now, 9 * 60_000)(q, res, 0));
    now = () => clock.now();
    await expect(run(client.getTeamGitScope(1))).resolves.toMatchObject({ team_id: 1 });
    expect(clock.now()).toBeGreaterThanOrEqual(9 * 60_000);
    expect(client.pacing().routes().find((r) => r.route === SCOPES)?.done).toBeGreaterThan(1);
  });

  it('a shorter limit, and 0 = as long as the tries allow', async () => {
    let now = () => 0;
    const short = await clientFor((q, res) => scopesThrottled(now)(q, res, 0), { maxThrottleWaitMs: 90_000 });
    now = () => short.clock.now();
    const error = (await short.run(short.client.getTeamGitScope(1).catch((e: unknown) => e))) as ApiError;
    expect(error.message).toContain('for 1m30s; giving up (--max-throttle-wait 1m30s)');
    await server!.close();

    const off = await clientFor((q, res) => scopesThrottled(now)(q, res, 0), { maxThrottleWaitMs: 0, maxThrottledTries: 20 });
    now = () => off.clock.now();
    const last = (await off.run(off.client.getTeamGitScope(1).catch((e: unknown) => e))) as ApiError;
    expect(last.message).toMatch(/failed: 429 Too many requests \(after 21 tries\)$/);
    expect(off.clock.now()).toBeGreaterThan(600_000); // 20 tries, slowed down to a call a minute, take longer than the default 10 minutes
  });
});
