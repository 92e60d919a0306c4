// Runs the real executable, `node dist/cli/bin.js`, as a separate process, with only the
// environment a user's shell would hand over. For tests of what only the process shows: the
// wiring of src/cli/bin.ts, and output nothing in-process could have filtered first.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'dist', 'cli', 'bin.js');

export interface BinExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Collects a child's output until it exits. A child still running after `limitMs` is killed: a
 * guard against a hang (below the test timeout, so no child outlives its test), not a speed check.
 */
export function finished(child: ChildProcess, limitMs = 240_000): Promise<BinExit> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${limitMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, limitMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Runs emctl with `args` (only the environment a user's shell would hand over) and collects its output. */
export function runBin(args: string[], options: { cwd?: string; env?: Record<string, string>; limitMs?: number } = {}): Promise<BinExit> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env };
  const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return finished(child, options.limitMs);
}

/** Throws when dist is missing or older than src, so a run on its own never tests stale code. */
export async function requireFreshDist(): Promise<void> {
  if (!existsSync(BIN)) throw new Error(`${relative(ROOT, BIN)} is missing: run "npm run build" (npm test builds first)`);
  let newest = { path: '', ms: 0 };
  for (const entry of await readdir(join(ROOT, 'src'), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const ms = statSync(path).mtimeMs;
    if (ms > newest.ms) newest = { path, ms };
  }
  if (newest.ms > statSync(BIN).mtimeMs) throw new Error(`dist is older than ${relative(ROOT, newest.path)}: run "npm run build" (npm test builds first)`);
}
