// Progress and Ctrl-C of a long read in the real executable (DESIGN 3): a slow plan (an emulator
// that answers every call after a delay, one call at a time) under a pseudo-terminal (`script`
// from util-linux) shows the progress line with calls done / total and an ETA; SIGINT during a
// read prints "Interrupted: nothing was written" and exits 130, with nothing on stdout and no write.
// No timing is asserted: the line is looked for in what the terminal received, and the signal is
// sent once the read has begun (the -v log's first request line says so).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { acmeFixture, apiRequests, startTestEmulator, TEST_KEY } from '../helpers/emulator.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
const CONFIG = join(ROOT, 'examples', 'acme', 'emctl.yaml');
const hasScript = existsSync('/usr/bin/script') || existsSync('/bin/script');

let emulator: RunningEmulator;
beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run "npm run build" (npm test builds first)');
  emulator = await startTestEmulator(await acmeFixture(), { latencyMs: 150 });
});
afterAll(async () => {
  await emulator?.close();
});

const env = () => ({ PATH: process.env.PATH ?? '', NO_COLOR: '1', EMCTL_API_KEY: TEST_KEY });
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('a slow read', () => {
  it.skipIf(!hasScript)('on a terminal: one line on stderr, rewritten in place, with calls done / total, the route and an ETA', async () => {
    const command = [process.execPath, BIN, '--base-url', emulator.url, '--concurrency', '1', 'plan', '-c', CONFIG].map(quote).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (seen += s));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, seen).toBe(0);
    const lines = seen.split(/\r|\n/);
    const progress = lines.filter((l) => l.startsWith('reading: '));
    expect(progress.length, seen).toBeGreaterThan(0);
    for (const line of progress) expect(line.trimEnd()).toMatch(/^reading: \d+\/\d+ calls(, (GET|POST) \/api\/\S+, (about (\d+h )?(\d+m )?\d+s left|time left not known yet))?$/);
    expect(progress.some((l) => /^reading: \d+\/\d+ calls, GET \/api\/\S+, about (\d+m )?\d+s left/.test(l)), seen).toBe(true);
    // Rewritten in place: carriage returns, no line of its own; erased before the plan is printed.
    expect(seen).not.toMatch(/reading: [^\r\n]*\n/);
    expect(seen).toContain('Plan: ');
  });

  it.skipIf(!hasScript)('in an 80- and a 40-column terminal: every redraw fits the width, so none wraps and leaves a copy behind', async () => {
    for (const cols of [80, 40]) {
      const command = `stty cols ${cols} rows 24; ${[process.execPath, BIN, '--base-url', emulator.url, '--concurrency', '1', 'plan', '-c', CONFIG].map(quote).join(' ')}`;
      const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...env(), COLUMNS: String(cols) }, stdio: ['ignore', 'pipe', 'pipe'] });
      let seen = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (seen += s));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, seen).toBe(0);
      // What the terminal was sent between two carriage returns or newlines: one row each.
      const progress = seen.split(/\r|\n/).filter((l) => l.startsWith('reading: '));
      expect(progress.length, seen).toBeGreaterThan(0);
      for (const line of progress) expect(line.length, `${cols} columns: ${JSON.stringify(line)}`).toBeLessThanOrEqual(cols - 1);
      // The counts are always there; at 40 columns the route gave way to them and the time left.
      expect(progress.some((l) => /^reading: \d+\/\d+ calls/.test(l))).toBe(true);
      if (cols === 40) expect(progress.some((l) => /^reading: \d+\/\d+ calls, about (\d+m )?\d+s left *$/.test(l)), seen).toBe(true);
    }
  });

  it('Ctrl-C during the read: "Interrupted: nothing was written", exit 130, nothing on stdout, nothing written', async () => {
    const before = (await apiRequests(emulator.url)).length;
    const child = spawn(process.execPath, [BIN, '--base-url', emulator.url, '--concurrency', '1', '-v', 'plan', '-c', CONFIG], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    const interrupted = new Promise<void>((resolve) => {
      child.stderr.setEncoding('utf8').on('data', (s: string) => {
        stderr += s;
        // The first answered request: the read is under way.
        if (/^GET \/api\/v1\/integrations 200/m.test(stderr)) resolve();
      });
    });
    await interrupted;
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('Interrupted: nothing was written\n');
    expect(stdout).toBe('');
    const sent = (await apiRequests(emulator.url)).slice(before);
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
