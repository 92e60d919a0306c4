// A long read against a local emulator at the service's pace (DESIGN 8, issue 31 item 11), the real
// executable over real HTTP: the estimate comes up front, with what lifts the pacing, so a plan or
// an export that takes minutes never looks stuck. The process is stopped once it has said so: the
// read itself would take minutes at 60 calls a minute.

import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type RunningEmulator } from '../../src/emulator/index.js';
import { BIN, requireFreshDist } from '../helpers/bin.js';
import { against, startTestEmulator, tempDir } from '../helpers/emulator.js';

const HINT = '--rate-limit 0 lifts the pacing for a local emulator';
const REPOSITORIES = 150;
const FIXTURE = generateFixture({ repos: REPOSITORIES, teams: 3, boards: 5, seed: 3 });

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  await requireFreshDist();
  emulator = await startTestEmulator(FIXTURE);
  dir = await tempDir('emctl-long-read-');
});
afterAll(async () => {
  await emulator.close();
});

/** Runs emctl until its stderr holds `wanted` (then stops it), or until it exits; stderr either way. */
function stderrUntil(args: string[], wanted: string): Promise<string> {
  const target = against(emulator);
  const child = spawn(process.execPath, [BIN, ...target.args, ...args], { cwd: dir, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...target.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    // A guard against a hang, far below the read's minutes: not a speed check.
    const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (stderr.includes(wanted)) child.kill('SIGTERM');
    });
    child.once('error', reject);
    child.once('close', () => {
      clearTimeout(guard);
      resolve(stderr);
    });
  });
}

describe('a long read against a local emulator at the default pace', () => {
  it('plan says how long it takes and that --rate-limit 0 lifts the pacing', { timeout: 120_000 }, async () => {
    const names = (FIXTURE.repositories ?? []).map((r) => r.name);
    expect(names).toHaveLength(REPOSITORIES);
    const config = join(dir, 'emctl.yaml');
    // One configuration read per repository the config writes settings for: well past a minute at 60 a minute.
    await writeFile(config, `version: 1\ngit:\n  repositories:\n${names.map((n) => `    ${JSON.stringify(n)}:\n      settings: { default_branch: { branch_name: main } }\n`).join('')}`);
    const stderr = await stderrUntil(['plan', '-c', config], 'This read takes about');
    expect(stderr).toMatch(new RegExp(`This read takes about \\d+m \\d+s: \\d+ calls at 60 calls a minute per route \\(the service's limit\\); ${HINT.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\.\\n`));
  });

  it('export says it up front with its own count, and the same hint', { timeout: 120_000 }, async () => {
    const stderr = await stderrUntil(['export', '--out', join(dir, 'exported.yaml')], 'repository configurations');
    expect(stderr).toContain(`Reading ${REPOSITORIES} repository configurations: about 3 min at 60 calls a minute (--repo-settings monitored|none reads fewer); ${HINT}.\n`);
  });
});
