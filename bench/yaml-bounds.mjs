// @ts-check
// What loading a large hostile config costs (the texts of test/robustness/yaml-bounds.test.ts,
// which holds them to counts and bytes): per text its size, then of the median of 3 loads, each in
// a process of its own, its CPU time and peak RSS, and the loader's work counts.
// Run with `npm run bench:yaml-bounds` (builds first); `-- --runs 1` for a quicker pass.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_HOSTILE } from '../test/robustness/helpers/hostile-configs.mjs';
import { machineLine } from './helpers.mjs';

const CHILD = fileURLToPath(new URL('../test/robustness/helpers/validate-child.mjs', import.meta.url));
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);

/** @typedef {{ cpuMs: number, peakRssMb: number, work: Record<string, number> }} Load */

/** @param {string} path @returns {Load} */
function loadInChild(path) {
  const out = execFileSync(process.execPath, [CHILD, path], { maxBuffer: 1 << 22, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}');
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-yaml-'));
try {
  console.log(machineLine());
  console.log(`median of ${RUNS} loads, each in a process of its own (CPU: user + system)`);
  for (const [name, text] of ALL_HOSTILE) {
    const content = text();
    const path = join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
    writeFileSync(path, content);
    const loads = Array.from({ length: RUNS }, () => loadInChild(path));
    const work = Object.entries(loads[0]?.work ?? {})
      .filter(([key, n]) => n > 0 && key !== 'textChars')
      .map(([key, n]) => `${key} ${n}`)
      .join(', ');
    const mb = (content.length / 2 ** 20).toFixed(1);
    console.log(`${name.padEnd(52)} ${mb.padStart(5)} MB  cpu ${String(median(loads.map((l) => l.cpuMs))).padStart(5)} ms  rss ${String(median(loads.map((l) => l.peakRssMb))).padStart(4)} MB  ${work}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
