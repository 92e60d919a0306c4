// `emctl emulator` run in-process through the real CLI: one line on stdout, serves real HTTP with
// the options given, stops on Ctrl-C; bad options are refused before anything starts.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { unusedPort } from '../helpers/unused-port.js';
import { parseGenerateSpec } from '../../src/workflows/serve-emulator.js';

/** Runs `emctl emulator ARGS`, lets `during` talk to it, then interrupts it. */
async function serve(args: string[], during: (url: string) => Promise<void>, env: Record<string, string> = {}) {
  const port = await unusedPort();
  // The emulator registers its Ctrl-C handler once it listens: that, not a time limit, says it started.
  let interrupt: () => void = () => {};
  let listening: () => void = () => {};
  const started = new Promise<void>((resolve) => (listening = resolve));
  const run = runEmctl(['emulator', '--port', String(port), ...args], {
    env,
    onInterruptRegistered: (fire) => {
      interrupt = fire;
      listening();
    },
  });
  await Promise.race([started, run.then((r) => Promise.reject(new Error(`emulator exited before it listened: ${r.stderr}`)))]);
  try {
    await during(`http://127.0.0.1:${port}`);
  } finally {
    interrupt();
  }
  return run;
}

const get = (url: string, key = 'dev-key') => fetch(url, { headers: { 'x-api-key': key } });

describe('emctl emulator', () => {
  test('serves the bundled example, prints exactly one line (the key on stderr), stops on interrupt', async () => {
    const result = await serve([], async (url) => {
      const r = await get(`${url}/api/v1/integrations`);
      expect(r.status).toBe(200);
      expect(((await r.json()) as { items: unknown[] }).items).toHaveLength(5);
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(result.stderr).toMatch(/^API key: dev-key \(export EMCTL_API_KEY=dev-key EMCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+\)\n$/);
  });

  test('its own key is printed as it is when EMCTL_API_KEY already holds it: fixture data, not a secret (issue 31 item 7)', async () => {
    const result = await serve([], async () => {}, { EMCTL_API_KEY: 'dev-key' });
    expect(result.stderr).toMatch(/^API key: dev-key \(export EMCTL_API_KEY=dev-key EMCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+\)\n$/);
    expect(result.stderr).not.toContain('[REDACTED]');
  });

  test('a fixture that does not exist is named, with what to use instead (issue 31 item 6)', async () => {
    const missing = await runEmctl(['emulator', '--fixture', 'missing.yaml']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--fixture missing.yaml: no such fixture file');
    expect(missing.stderr).toContain('without --fixture the emulator serves the bundled example organization');
    const global = await runEmctl(['--emulator', 'missing.yaml', 'plan', '-c', 'examples/acme/emctl.yaml']);
    expect(global.code).toBe(1);
    expect(global.stderr).toContain('--emulator missing.yaml: no such fixture file');
    expect(global.stderr).toContain('--emulator default runs the bundled example organization');
  });

  test('--generate and --rate-limit (the emulated service limit, not the client pacing)', async () => {
    await serve(['--generate', 'repos=300,teams=10,boards=20,seed=2', '--rate-limit', '2'], async (url) => {
      const r = await get(`${url}/api/v1/git/repositories?page_size=1`);
      expect(((await r.json()) as { total: number }).total).toBe(300);
      expect((await get(`${url}/api/v1/git/repositories?page_size=1`)).status).toBe(200);
      expect((await get(`${url}/api/v1/git/repositories?page_size=1`)).status).toBe(429);
    });
  });

  test('--generate with prs= serves activity; --report-delay and --report-retention shape the v1 lifecycle', async () => {
    await serve(['--generate', 'repos=40,teams=4,boards=4,seed=2,prs=400,months=2', '--report-delay', '400', '--report-retention', '1'], async (url) => {
      const body = { requested_metrics: ['pr.new'], after: new Date(Date.now() - 30 * 86_400_000).toISOString(), before: new Date().toISOString() };
      const created = await fetch(`${url}/api/v1/exporter/measurements`, { method: 'POST', headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as { request_id: string }).request_id;
      const states: number[] = [];
      for (const wait of [0, 700, 1100]) {
        await new Promise((r) => setTimeout(r, wait));
        states.push((await get(`${url}/api/v1/exporter/measurements/${id}`)).status);
      }
      expect(states).toEqual([202, 200, 204]);
    });
  });

  test('--fixture FILE and --state FILE', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-cmd-'));
    try {
      const fixture = join(dir, 'org.yaml');
      await writeFile(fixture, 'organization: { id: 1, name: Tiny }\napi_keys: [k1]\nintegrations: []\n');
      await serve(['--fixture', fixture, '--state', join(dir, 'state.json')], async (url) => {
        expect((await get(`${url}/api/v1/integrations`, 'k1')).status).toBe(200);
        expect((await get(`${url}/api/v1/integrations`)).status).toBe(403);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test.each([
    [['--fault-rate', '2'], /--fault-rate must be between 0 and 1/],
    [['--port', '70000'], /--port must be an integer 0..65535/],
    [['--fixture', 'a.yaml', '--generate', 'repos=1'], /either --fixture or --generate/],
    [['--generate', 'repos=ten'], /--generate: bad entry "repos=ten"/],
    [['--fixture', '/nonexistent/x.yaml'], /--fixture \/nonexistent\/x.yaml: no such fixture file \(\/nonexistent\/x.yaml\)/],
    [['--report-delay', '-1'], /--report-delay must be a number of milliseconds >= 0, got "-1"/],
    [['--report-retention', '0'], /--report-retention must be a number of seconds > 0, got "0"/],
  ])('%j is refused', async (args, message) => {
    const r = await runEmctl(['emulator', ...args]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  test.each([
    ['repos=10000,teams=500,boards=2000', { repos: 10000, teams: 500, boards: 2000 }],
    ['repos=5, seed=3,monitored_share=0.9', { repos: 5, teams: 0, boards: 0, seed: 3, monitoredShare: 0.9 }],
    ['repos=50,teams=5,prs=1000,contributors=20,months=3', { repos: 50, teams: 5, boards: 0, prs: 1000, contributors: 20, months: 3 }],
  ])('parseGenerateSpec(%s)', (text, expected) => {
    expect(parseGenerateSpec(text)).toEqual(expected);
  });
});
