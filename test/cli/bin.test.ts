// The real executable, `node dist/cli/bin.js`, as a separate process: what the in-process CLI tests
// cannot see is the wiring in src/cli/bin.ts (exit codes reaching the process, stdin read line by
// line only on a terminal and let go afterwards, SIGINT, output to a closed pipe). `npm test` builds
// dist first; run on its own, this file refuses a dist older than src rather than test stale code.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { acmeFixture, apiRequests, startTestEmulator, TEST_KEY, tempDir, writeConfig } from '../helpers/emulator.js';
import { BIN, finished, requireFreshDist, ROOT, type BinExit } from '../helpers/bin.js';
const EXAMPLE_CONFIG = join(ROOT, 'examples', 'acme', 'emctl.yaml');

function start(args: string[], options: { cwd?: string; env?: Record<string, string>; stdin?: 'pipe' | 'ignore' } = {}): ChildProcess {
  // Only what a user's shell would hand over: no EMCTL_* from the test run, no colour.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env };
  return spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env, stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'] });
}

function run(args: string[], options: Parameters<typeof start>[1] = {}): Promise<BinExit> {
  return finished(start(args, options));
}

/** Resolves with the first line the child prints on stdout. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      const end = seen.indexOf('\n');
      if (end >= 0) {
        child.stdout?.off('data', onData);
        resolve(seen.slice(0, end));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing a line: ${seen}`)));
  });
}

beforeAll(requireFreshDist);

const emulators: RunningEmulator[] = [];
afterAll(async () => {
  await Promise.all(emulators.map((e) => e.close()));
});

/**
 * An in-process emulator of the example organization with the test key, one per test (they run
 * side by side); the child process talks HTTP to it.
 */
async function serve(options: { latencyMs?: number } = {}): Promise<{ emu: RunningEmulator; env: Record<string, string> }> {
  const emu = await startTestEmulator(await acmeFixture(), options);
  emulators.push(emu);
  return { emu, env: { EMCTL_BASE_URL: emu.url, EMCTL_API_KEY: TEST_KEY } };
}

function expectNoKey(...outputs: string[]): void {
  for (const out of outputs) expect(out).not.toContain(TEST_KEY);
}

// Each test has its own processes and emulator, so they run side by side.
describe.concurrent('node dist/cli/bin.js', () => {
  it('--version prints the package version and exits 0', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = await run(['--version']);
    expect(result).toEqual({ code: 0, signal: null, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('validate of a bad file exits 1 with file:line:col', async () => {
    const path = await writeConfig('version: 1\nteams:\n  42:\n    bogus: 1\n');
    const result = await run(['validate', '-c', path]);
    expect(result.code).toBe(1);
    // The diagnostics are validate's report, so they go to stdout (test/config/validate-cli.test.ts).
    expect(result.stdout).toBe(`${path}:4:5: unknown key \`bogus\` in team 42\n1 error in ${path}\n`);
    expect(result.stderr).toBe('');
  });

  it('emulator --port 0 prints exactly one line (its key on stderr), serves with the dev key, and exits 0 on SIGINT', async () => {
    const child = start(['emulator', '--port', '0']);
    const done = finished(child);
    const line = await firstLine(child);
    const match = /^emulator listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
    expect(match).not.toBeNull();
    const url = match?.[1] ?? '';
    expect(Number(match?.[2])).toBeGreaterThan(0);

    const served = await fetch(`${url}/api/v1/integrations`, { headers: { 'x-api-key': 'dev-key' } });
    expect(served.status).toBe(200);
    const body = (await served.json()) as { items?: unknown[] } | unknown[];
    expect(JSON.stringify(body)).toContain('Acme Tracker');
    expect((await fetch(`${url}/api/v1/integrations`, { headers: { 'x-api-key': 'not-a-key' } })).status).toBe(403);

    child.kill('SIGINT');
    const result = await done;
    expect(result).toEqual({ code: 0, signal: null, stdout: `${line}\n`, stderr: `API key: dev-key (export EMCTL_API_KEY=dev-key EMCTL_BASE_URL=${url})\n` });
    await expect(fetch(`${url}/api/v1/integrations`, { headers: { 'x-api-key': 'dev-key' } })).rejects.toThrow();
  });

  it('plan --detailed-exitcode exits 2 for the example config, and 0 without the flag', async () => {
    const { emu, env } = await serve();
    const [detailed, plain] = await Promise.all([
      run(['plan', '-c', EXAMPLE_CONFIG, '--detailed-exitcode'], { env }),
      run(['plan', '-c', EXAMPLE_CONFIG], { env }),
    ]);
    expect(detailed.stderr).toBe('');
    expect(detailed.code).toBe(2);
    expect(detailed.stdout).toMatch(/^Plan: \d+ to add, \d+ to change, \d+ to remove; \d+ API calls\.$/m);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(detailed.stdout);
    expectNoKey(detailed.stdout, detailed.stderr, plain.stdout, plain.stderr);
    expect((await apiRequests(emu.url)).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('apply with no terminal and no --auto-approve exits 1, says why, writes nothing, and does not wait on an open stdin', async () => {
    const { emu, env } = await serve();
    const cwd = await tempDir('emctl-bin-');
    // stdin is a pipe this test never closes: the process must end without reading it.
    const child = start(['apply', '-c', EXAMPLE_CONFIG], { env, cwd, stdin: 'pipe' });
    const result = await finished(child);
    child.stdin?.destroy();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no terminal to confirm the apply: pass --auto-approve to apply without asking (nothing was written)');
    expect(result.stdout).toContain('Plan: ');
    expectNoKey(result.stdout, result.stderr);
    expect((await apiRequests(emu.url)).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(existsSync(join(cwd, '.emctl'))).toBe(false);
  });

  it('a closed stdout (emctl plan | head -0) neither crashes nor changes the exit code', async () => {
    const { env } = await serve();
    const child = start(['plan', '-c', EXAMPLE_CONFIG, '--detailed-exitcode'], { env });
    // The reader goes away before the first byte: every write of the plan meets EPIPE.
    child.stdout?.destroy();
    const result = await finished(child);
    expect(result.code).toBe(2);
    expect(result.signal).toBeNull();
    expect(result.stderr).toBe('');
  });

  it('SIGINT during an apply stops starting operations, completes the journal and exits 1', async () => {
    // As in test/e2e/apply-interrupt.test.ts, but through the process's own signal handler.
    const repos = ['acme/web', 'acme/api', 'acme/mobile-ios', 'acme/mobile-android', 'acme/checkout', 'acme/identity', 'acme/search'];
    const config = `version: 1\ngit:\n  repositories:\n${repos.map((r) => `    ${r}:\n      settings:\n        default_branch: { branch_name: develop }`).join('\n')}\n`;
    const { emu, env } = await serve({ latencyMs: 150 });
    const cwd = await tempDir('emctl-bin-');
    const configPath = await writeConfig(config, cwd);
    const child = start(['--concurrency', '2', 'apply', '-c', configPath, '--auto-approve', '--journal', 'j.jsonl'], { env, cwd });
    const done = finished(child);
    const journal = join(cwd, 'j.jsonl');
    // Interrupt once the first operation has started (its line is written before the call).
    while (!(existsSync(journal) && (await readFile(journal, 'utf8')).includes('"operation-start"'))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGINT');
    const result = await done;

    expect(result.code).toBe(1);
    expect(result.signal).toBeNull();
    expect(result.stderr).toContain('Interrupted: starting no new operations');
    expect(result.stdout).toContain('not started: interrupted');
    const events = (await readFile(journal, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; op?: string });
    expect(events.map((e) => e.event)).toContain('interrupt');
    expect(events.at(-1)).toMatchObject({ event: 'apply-end', interrupted: true });
    const started = events.filter((e) => e.event === 'operation-start').length;
    expect(started).toBeLessThan(repos.length);
    expect((await apiRequests(emu.url)).filter((r) => r.method !== 'GET')).toHaveLength(started);
    expectNoKey(result.stdout, result.stderr, await readFile(journal, 'utf8'));
  });
});

// A terminal for the prompt: util-linux `script` runs the command on a pseudo-terminal and passes
// the lines written to its stdin through. Without it (macOS, minimal images) these are skipped.
const scriptTool = process.platform === 'linux' && ['/usr/bin/script', '/bin/script'].find((p) => existsSync(p));

describe.skipIf(!scriptTool)('node dist/cli/bin.js on a terminal', { concurrent: true }, () => {
  async function onTerminal(args: string[], answer: string, env: Record<string, string>, cwd: string): Promise<BinExit> {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
    const child = spawn(scriptTool as string, ['-qec', command, '/dev/null'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TERM: 'dumb', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Typed, not closed: a person at a terminal does not close it, so the process must let go of
    // stdin itself once it has its answer.
    child.stdin?.write(`${answer}\n`);
    try {
      return await finished(child);
    } finally {
      child.stdin?.destroy();
    }
  }

  it('asks, reads the answer line, applies on "yes" and exits 0 (stdin let go)', async () => {
    const { emu, env } = await serve();
    const cwd = await tempDir('emctl-bin-');
    const result = await onTerminal(['apply', '-c', EXAMPLE_CONFIG], 'yes', env, cwd);
    expect(result.stdout).toContain("Apply these changes? Only 'yes' will be accepted:");
    expect(result.stdout).toMatch(/Applied \d+, rejected 0, skipped 0\./);
    expect(result.code).toBe(0);
    expectNoKey(result.stdout, result.stderr);
    const plan = await run(['plan', '-c', EXAMPLE_CONFIG, '--detailed-exitcode'], { env });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('No changes.');
    expect((await apiRequests(emu.url)).some((r) => r.method !== 'GET')).toBe(true);
  });

  it('cancels on any other answer: exit 1, nothing written', async () => {
    const { emu, env } = await serve();
    const cwd = await tempDir('emctl-bin-');
    const result = await onTerminal(['apply', '-c', EXAMPLE_CONFIG], 'y', env, cwd);
    expect(result.stdout).toContain("Apply these changes? Only 'yes' will be accepted:");
    expect(result.stdout).toContain('Apply cancelled.');
    expect(result.code).toBe(1);
    expect((await apiRequests(emu.url)).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
