// The proxy the robustness tests put between emctl and the emulator: it must pass requests and
// bodies through unchanged, and record truthfully what it did, or those tests prove nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { acmeFixture, apiRequests, startTestEmulator, TEST_KEY } from './emulator.js';
import { startProxy } from './proxy.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator?.close();
});

const headers = { 'x-api-key': TEST_KEY, 'content-type': 'application/json' };

describe('startProxy', () => {
  it('passes requests, bodies and answers through, and records each with its status', async () => {
    const proxy = await startProxy(emulator.url);
    try {
      const direct = await (await fetch(`${emulator.url}/api/v1/integrations`, { headers })).json();
      const read = await fetch(`${proxy.url}/api/v1/integrations`, { headers });
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual(direct);
      const write = await fetch(`${proxy.url}/api/v1/git/config`, { method: 'PATCH', headers, body: JSON.stringify({ active_branches_duration: { days: 3 } }) });
      expect(write.status).toBe(200);
      expect(await write.json()).toMatchObject({ settings: { active_branches_duration: { days: 3 } } });
      const unknown = await fetch(`${proxy.url}/api/v1/nowhere`, { headers });
      expect(unknown.status).toBe(404);
      expect(proxy.requests).toEqual([
        { method: 'GET', url: '/api/v1/integrations', outcome: 200 },
        { method: 'PATCH', url: '/api/v1/git/config', outcome: 200 },
        { method: 'GET', url: '/api/v1/nowhere', outcome: 404 },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('cuts a request its handler cuts (after the service answered it) or fails on, and records the cut', async () => {
    const proxy = await startProxy(emulator.url, async (request) => {
      if (request.url.startsWith('/api/v1/teams-fail')) throw new Error('handler failed');
      const answer = await request.forward();
      if (request.method === 'PATCH') request.cut();
      else request.reply(answer);
    });
    try {
      const before = (await apiRequests(emulator.url)).length;
      await expect(fetch(`${proxy.url}/api/v1/git/config`, { method: 'PATCH', headers, body: JSON.stringify({ active_branches_duration: { days: 7 } }) })).rejects.toThrow();
      await expect(fetch(`${proxy.url}/api/v1/teams-fail`, { headers })).rejects.toThrow();
      // The cut write reached the service: only its answer was lost.
      expect((await apiRequests(emulator.url)).slice(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['PATCH /api/v1/git/config 200']);
      expect(proxy.requests.map((r) => r.outcome)).toEqual(['cut', 'cut']);
    } finally {
      await proxy.close();
    }
  });
});
