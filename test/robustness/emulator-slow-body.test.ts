// The emulator as a server (issue 32 item 9, DESIGN 8): a request is bounded in time, headers and
// body (a body sent a byte every 5 s held a connection 75 s and more), and a JSON body that is not
// UTF-8 is refused like the service's framework refuses it (it was decoded with U+FFFD and used).

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { KEY, call, startTestEmulator } from '../emulator/helpers.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  // A short bound so the test waits seconds, not the default 30.
  emulator = await startTestEmulator({ requestTimeoutMs: 1_500 });
});
afterAll(async () => {
  await emulator.close();
});

/** Sends the head of a PATCH promising 200 bytes, then one byte every `everyMs`; resolves with what the server answered, and after how many bytes. */
function trickle(everyMs: number): Promise<{ answer: string; sent: number }> {
  const { port } = emulator;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(`PATCH /api/v1/git/config HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n`);
      timer = setInterval(() => {
        if (socket.writable) {
          socket.write(' ');
          sent++;
        }
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
    socket.on('error', (error) => {
      clearInterval(timer);
      if (answer !== '') resolve({ answer, sent });
      else reject(error);
    });
  });
}

describe('the emulator bounds each request', () => {
  test('a body that trickles in is cut off with 408 at the request bound, long before it is complete', { timeout: 60_000 }, async () => {
    const { answer, sent } = await trickle(200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // 200 bytes at one per 200 ms would take 40 s; the bound is 1.5 s (checked at most every 375 ms).
    expect(sent).toBeLessThan(200);
    // The server still answers.
    expect((await call(emulator, 'GET', '/api/v1/integrations')).status).toBe(200);
  });

  test('a JSON body that is not UTF-8 is refused with the route\'s validation status, not read with replacement characters', async () => {
    const bytes = Buffer.concat([Buffer.from('{"exclude_branches": {"patterns": ["^caf'), Buffer.from([0xe9]), Buffer.from('"]}}')]);
    const r = await call(emulator, 'PATCH', '/api/v1/git/config', { raw: bytes });
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error: the body is not valid UTF-8' }]);
    const latin1 = Buffer.from('{"requested_metrics": [{"name": "pr.merged"}], "labels": ["caf\xe9"], "time_ranges": [{"after": "2026-11-01", "before": "2026-11-02"}]}', 'latin1');
    expect((await call(emulator, 'POST', '/api/v2/measurements', { raw: latin1 })).status).toBe(422);
    const pm = await call(emulator, 'PATCH', '/api/v1/pm/config/teams/scope', { raw: bytes });
    expect(pm.status).toBe(400);
    const config = await call(emulator, 'GET', '/api/v1/git/config');
    expect(JSON.stringify(config.body)).not.toContain('caf');
  });
});
