// @ts-check
// Start-up cost of the emctl executable against a bare `node -e 0`: medians of N spawns of each,
// interleaved so that a busy machine slows all of them alike, of wall time and of the process's own
// CPU time (user + system, read back from bench/cpu-at-exit.mjs, preloaded into every spawn alike;
// on a shared machine the CPU figure moves least). Targets (issue 11): `emctl --help` under 2x node,
// `emctl validate` of the example config under 3x.
// Run with `npm run bench:startup` (builds first); N from the first argument (default 21).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIN } from './surface.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const N = Number(process.argv[2] ?? 21);

const runs = {
  'node -e 0': ['-e', '0'],
  'emctl --help': [BIN, '--help'],
  'emctl validate (example)': [BIN, 'validate', '-c', 'examples/acme/emctl.yaml'],
  'emctl plan --help': [BIN, 'plan', '--help'],
};

const CPU_PRELOAD = ['--import', './bench/cpu-at-exit.mjs'];
const wall = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
const cpu = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
for (let i = 0; i < N; i++) {
  for (const [name, args] of Object.entries(runs)) {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [...CPU_PRELOAD, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
    const used = /bench-cpu-us (\d+)/.exec(String(r.stderr));
    if (!used) throw new Error(`${name}: no CPU figure on stderr`);
    wall[name].push(elapsed);
    cpu[name].push(Number(used[1]) / 1000);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(wall['node -e 0']);
const cpuBase = median(cpu['node -e 0']);
console.log(`node ${process.version}, ${N} spawns each, interleaved; medians of wall time and of the process's CPU time`);
for (const name of Object.keys(runs)) {
  const m = median(wall[name]);
  const c = median(cpu[name]);
  console.log(`${name.padEnd(26)} wall ${m.toFixed(0).padStart(5)} ms  ${(m / base).toFixed(2)}x node -e 0   CPU ${c.toFixed(0).padStart(4)} ms  ${(c / cpuBase).toFixed(2)}x`);
}
