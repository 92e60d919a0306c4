// `emctl export` of a generated organization (10,000 repositories, 500 teams; generateFixture,
// seed 1) served by an in-process emulator with no latency and no rate limit, so the figures are
// emctl's own cost: wall time, CPU time and peak RSS of the export (a child process, so its
// memory is its own), and the size of the config written. The exported file is what
// bench/validate.mjs validates (exportGeneratedOrg below).
// Run with `npm run bench:export` (builds first). Figures: docs/performance.md.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, runChildJson } from './helpers.mjs';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-export-key';

/** Child: one export through the real CLI code path, in this process; prints its own figures. */
async function child(url, out, teams) {
  const { runCli } = await import('../dist/cli/program.js');
  let stderr = '';
  const io = {
    stdout: { write: () => true, isTTY: false },
    stderr: { write: (s) => (stderr += s), isTTY: false },
    stdin: { isTTY: false },
    env: { EMCTL_API_KEY: KEY, NO_COLOR: '1' },
    cwd: process.cwd(),
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const code = await runCli(['export', '--base-url', url, '--rate-limit', '0', '--concurrency', '16', '--teams', teams, '--out', out], io);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (code !== 0) throw new Error(`emctl export exited ${code}: ${stderr}`);
  process.stdout.write(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMB: process.resourceUsage().maxRSS / 1024, summary: stderr.trim() }) + '\n');
}

function runChild(url, out, teams) {
  return runChildJson(SELF, [url, out, teams], 'export child');
}

/**
 * Generates the organization, serves it, exports it with emctl to `dir`/emctl.yaml and returns
 * the path with the export's figures. The emulator is closed before returning.
 */
export async function exportGeneratedOrg(dir, { repos = 10_000, teams = 500 } = {}) {
  const { generateFixture, startEmulator } = await import('../dist/emulator/index.js');
  const fixture = { ...generateFixture({ repos, teams, boards: 2000, seed: 1 }), api_keys: [KEY] };
  // Every team by id (the API has no team list; export finds the rest through used_by).
  const teamIds = fixture.teams.map((t) => t.id).join(',');
  const emulator = await startEmulator({ fixture, port: 0 });
  try {
    const path = join(dir, 'emctl.yaml');
    const figures = await runChild(emulator.url, path, teamIds);
    return { path, ...figures, bytes: statSync(path).size };
  } finally {
    await emulator.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-bench-export-'));
  try {
    console.log(machineLine());
    const r = await exportGeneratedOrg(dir);
    console.log(r.summary);
    console.log(
      `export 10,000 repositories / 500 teams: wall ${(r.wallMs / 1000).toFixed(2)} s, CPU ${(r.cpuMs / 1000).toFixed(2)} s, ` +
        `peak RSS ${r.maxRssMB.toFixed(0)} MB, config ${(r.bytes / 1024).toFixed(0)} KB (rate limit off, emulator without latency)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , url, out, teams] = process.argv;
  await child(url, out, teams);
} else if (process.argv[1] === SELF) {
  await main();
}
