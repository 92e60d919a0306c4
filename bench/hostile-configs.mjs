// @ts-check
// The hostile configs of DESIGN 8 that came nearest its bound (a located error within 2 s of CPU
// and 300 MB): 150,000 duplicate services, 150,000 bad protected addresses, 200,000 duplicate
// boards, 100,000 unknown top-level keys and 100,000 bad repository entries (the texts of
// test/robustness/helpers/hostile-configs.mjs). Each is loaded by `emctl validate`'s loader
// (loadConfig with the CLI's checks) in a fresh process of its own, so its CPU (user + system,
// start-up and module loading included) and peak RSS are its own; prints the least CPU of
// BENCH_REPEAT runs (default 3) and the errors counted. Run with `npm run bench:hostile` (builds
// first). Figures: docs/reliability.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESIGN_BOUND } from '../test/robustness/helpers/hostile-configs.mjs';
import { machineLine, runChildJson } from './helpers.mjs';
import { surface } from './surface.mjs';

const SELF = fileURLToPath(import.meta.url);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));

/** @param {string} path */
async function child(path) {
  const { errorCount, loadConfig } = await surface.config();
  const { CONFIG_CHECKS } = await surface.configChecks();
  const result = await loadConfig(path, CONFIG_CHECKS);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  const usage = process.resourceUsage();
  console.log(JSON.stringify({ errors: errorCount(errors), cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, peakRssMb: usage.maxRSS / 1024 }));
}

async function main() {
  console.log(machineLine());
  console.log(`each config loaded by validate's loader in a fresh process; least CPU of ${REPEAT} runs (bound: 2 s of CPU, 300 MB)`);
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-hostile-'));
  try {
    for (const [name, make] of DESIGN_BOUND) {
      const path = join(dir, 'emctl.yaml');
      const text = make();
      writeFileSync(path, text);
      /** @type {{ errors: number, cpuMs: number, peakRssMb: number }[]} */
      const runs = [];
      for (let r = 0; r < REPEAT; r += 1) runs.push(await runChildJson(SELF, [path], name));
      const best = runs.reduce((a, b) => (b.cpuMs < a.cpuMs ? b : a));
      const peak = Math.max(...runs.map((x) => x.peakRssMb));
      console.log(
        `${name.padEnd(34)} ${(text.length / 1e6).toFixed(1)} MB: CPU ${Math.round(best.cpuMs)} ms (runs: ${runs.map((x) => Math.round(x.cpuMs)).join(', ')} ms), peak RSS ${Math.round(peak)} MB, ${best.errors} errors`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] ?? '');
else await main();
