// @ts-check
// What the benchmarks that run emctl in a child process share: the machine line every run prints
// first, the child runner (each measured run gets a fresh process, so CPU, RSS and V8 warm-up are
// its own), and an in-process CLI io that keeps what emctl printed.

import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

/** "machine: 2 x AMD EPYC ..., 23.5 GB, node v20...": the context a figure was measured in. */
export function machineLine() {
  return `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, node ${process.version}`;
}

/**
 * Runs `node [nodeArgs] script --child ...args` and resolves the JSON of the last line it prints
 * on stdout (its stderr goes to ours); rejects, naming `what`, when it exits with a failure.
 */
export function runChildJson(script, args, what, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeArgs, script, '--child', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`${what} exited ${code}`))));
  });
}

/**
 * Every API request the emulator at `url` answered, oldest first (its admin routes left out).
 * @param {string} url
 * @param {string} apiKey
 * @returns {Promise<import('./surface.mjs').EmulatorRequestLogEntry[]>}
 */
export async function apiRequests(url, apiKey) {
  const response = await fetch(`${url}/_emulator/requests`, { headers: { 'x-api-key': apiKey } });
  /** @type {{ items: import('./surface.mjs').EmulatorRequestLogEntry[] }} */
  const log = /** @type {any} */ (await response.json());
  return log.items.filter((r) => !r.path.startsWith('/_emulator'));
}

/** An io for runCli that keeps stdout and stderr, with the API key in its environment. */
export function capturingIO(apiKey) {
  const printed = { stdout: '', stderr: '' };
  const io = {
    stdout: { write: (s) => (printed.stdout += s), isTTY: false },
    stderr: { write: (s) => (printed.stderr += s), isTTY: false },
    stdin: { isTTY: false },
    env: { EMCTL_API_KEY: apiKey, NO_COLOR: '1' },
    cwd: process.cwd(),
  };
  return { io, printed };
}
