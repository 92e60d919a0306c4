// A report's `out:` stays inside the config's directory tree (DESIGN 8, issue 18 item 1), tried in
// a real git repository as an attacker would write a pull request: `..`, absolute paths, `.git/`
// hooks (also through a symlink to .git and with another case), a symlinked directory leading
// out, a broken link. Refused by `validate` with the location, and at write time when the tree
// changes after the config was read. `--out` on the command line stays free.

import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { acmeFixture, against, apiRequests, startTestEmulator, TEST_KEY, tempDir } from '../helpers/emulator.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';

const run = promisify(execFile);
const HOOK = '#!/bin/sh\necho original hook\n';

const REFUSED: [out: string, says: string][] = [
  ['../escape.csv', "leaves the config's directory"],
  ['reports/../../escape.csv', "leaves the config's directory"],
  ['/tmp/emctl-absolute.csv', 'is an absolute path'],
  ['C:/Users/x.csv', 'is an absolute path'],
  ['.git/hooks/pre-commit', 'is inside a .git directory'],
  ['./reports/../.git/hooks/pre-commit', 'is inside a .git directory'],
  ['.GIT/hooks/pre-commit', 'is inside a .git directory'],
  ['gitlink/hooks/pre-commit', 'is inside a .git directory'],
  ['away/escape.csv', 'leads outside the config\'s directory through a symbolic link'],
  ['away/new/dir/escape.csv', 'leads outside the config\'s directory through a symbolic link'],
  ['dangling/escape.csv', 'leads through a broken symbolic link'],
  ['sqlite:../history.db', "leaves the config's directory"],
  ['sqlite:.git/history.db', 'is inside a .git directory'],
];
const ALLOWED = ['reports/weekly.csv', 'inside/weekly-2.csv', 'sqlite:metrics/history.db', 'postgres://emctl@db.example:5432/metrics'];

function configWith(outs: readonly string[]): string {
  const reports = outs.map((out, i) => `  r${i}:\n    metrics: [pr.merged]\n    last: 30d\n    out: ${JSON.stringify(out)}\n`).join('');
  return `version: 1\nreports:\n${reports}`;
}
/** The line of report i's `out:` in configWith: 2 header lines, then 4 lines per report. */
const outLine = (i: number) => 2 + 4 * i + 4;

let repo = '';
let outside = '';
let emulator: RunningEmulator;

beforeAll(async () => {
  repo = await tempDir('emctl-out-repo-');
  outside = await tempDir('emctl-out-elsewhere-');
  await run('git', ['init', '-q', repo]);
  writeFileSync(join(repo, '.git/hooks/pre-commit'), HOOK);
  chmodSync(join(repo, '.git/hooks/pre-commit'), 0o755);
  mkdirSync(join(repo, 'reports'));
  symlinkSync(outside, join(repo, 'away'));
  symlinkSync(join(repo, '.git'), join(repo, 'gitlink'));
  symlinkSync(join(repo, 'reports'), join(repo, 'inside'));
  symlinkSync(join(repo, 'nothing-here'), join(repo, 'dangling'));
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator.close();
});

describe('report out: in a git repository', () => {
  it('validate: each escape is a located error; paths inside the tree pass', async () => {
    const config = join(repo, 'emctl.yaml');
    writeFileSync(config, configWith([...REFUSED.map(([out]) => out), ...ALLOWED]));
    const r = await runEmctl(['validate', '-c', config]);
    const said = r.stdout + r.stderr;
    expect(r.code).toBe(1);
    for (const [i, [out, says]] of REFUSED.entries()) {
      expect(said).toContain(`${config}:${outLine(i)}:10: report \`r${i}\`: out \`${out}\` ${says}`);
    }
    const confinement = said.split('\n').filter((l) => /writes only inside|\.git directory|broken symbolic link/.test(l));
    expect(confinement).toHaveLength(REFUSED.length);
  });

  it('a config in a subdirectory may not reach the repository root or its .git', async () => {
    mkdirSync(join(repo, 'emctl'), { recursive: true });
    const config = join(repo, 'emctl', 'emctl.yaml');
    writeFileSync(config, configWith(['../.git/hooks/pre-commit', '../reports/x.csv']));
    const r = await runEmctl(['validate', '-c', config]);
    const said = r.stdout + r.stderr;
    expect(said).toContain(`${config}:6:10: report \`r0\`: out \`../.git/hooks/pre-commit\` leaves the config's directory`);
    expect(said).toContain(`${config}:10:10: report \`r1\`: out \`../reports/x.csv\` leaves the config's directory`);
  });

  it('measurements --all with such a config sends nothing and writes nothing: the hook is left as it was', async () => {
    const config = join(repo, 'emctl.yaml');
    writeFileSync(config, configWith(['.git/hooks/pre-commit', 'away/escape.csv', 'reports/fine.csv']));
    const a = against(emulator);
    const r = await runEmctl([...a.args, 'measurements', '-c', config, '--all'], { env: a.env, cwd: repo });
    expect(r.code).toBe(1);
    expect(readFileSync(join(repo, '.git/hooks/pre-commit'), 'utf8')).toBe(HOOK);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(repo, 'reports/fine.csv'))).toBe(false);
    expect(await apiRequests(emulator.url)).toEqual([]);
  });

  it('refused again at write time: a directory swapped for a symlink after the config was read', async () => {
    const config = join(repo, 'emctl.yaml');
    mkdirSync(join(repo, 'late'));
    writeFileSync(config, configWith(['late/weekly.csv']));
    // A proxy in front of the emulator makes the swap when the first request arrives: by then
    // the config has been loaded and checked.
    const proxy = await swappingProxy(emulator.url, () => {
      renameSync(join(repo, 'late'), join(repo, 'late-was'));
      symlinkSync(outside, join(repo, 'late'));
    });
    try {
      const r = await runEmctl(['--base-url', proxy.url, 'measurements', '-c', config, '--all'], { env: { EMCTL_API_KEY: TEST_KEY }, cwd: repo });
      expect(r.stderr).toContain("report `r0`: out `late/weekly.csv` leads outside the config's directory through a symbolic link");
      expect(r.stderr).not.toMatch(/emctl\.yaml:\d+:\d+/); // not the validate-time error: the config was fine when read
      expect(r.code).toBe(1);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('--out on the command line may go anywhere', async () => {
    const config = join(repo, 'emctl.yaml');
    writeFileSync(config, configWith(['reports/weekly.csv']));
    const a = against(emulator);
    const r = await runEmctl([...a.args, 'measurements', '-c', config, 'r0', '--out', join(outside, 'chosen.csv')], { env: a.env, cwd: repo });
    expect(r.stderr).not.toContain('writes only inside');
    expect(r.code).toBe(0);
    expect(existsSync(join(outside, 'chosen.csv'))).toBe(true);
  });
});

/** An HTTP proxy to `target` that calls `onFirst` before forwarding its first request. */
async function swappingProxy(target: string, onFirst: () => void): Promise<RecordingProxy> {
  let swapped = false;
  return startProxy(target, (request) => {
    if (!swapped) {
      swapped = true;
      onFirst();
    }
    return request.pass();
  });
}
