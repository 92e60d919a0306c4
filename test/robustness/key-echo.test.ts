// The API key is never printed, also when someone passes it where something else goes (DESIGN 8,
// issue 18 item 6): as the config path, a command name, a plan file, a team, a metric, a target
// address, a git ref, or inside the base URL. Each runs the real executable with the key in
// EMCTL_API_KEY, as CI does: the key is nowhere in stdout or stderr, and the message still says
// what was wrong (with [REDACTED] where the key stood).

import { execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BIN, finished, requireFreshDist, runBin, type BinExit } from '../helpers/bin.js';
import { acmeFixture, startTestEmulator, tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';

const CONFIG = `version: 1
teams:
  42:
    name: Payments
git:
  defaults:
    active_branches_duration: { days: 7 }
`;

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  await requireFreshDist();
  emulator = await startTestEmulator(await acmeFixture());
  dir = await tempDir('emctl-key-echo-');
  await writeConfig(CONFIG, dir);
  // A repository, so --changed-from gets as far as looking the ref up.
  for (const args of [['init', '-q'], ['add', 'emctl.yaml'], ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'config']]) {
    execFileSync('git', args, { cwd: dir });
  }
});
afterAll(async () => {
  await emulator?.close();
});

type Case = [name: string, args: () => string[], useful: RegExp, env?: () => Record<string, string>];

const cases: Case[] = [
  ['-c KEY', () => ['validate', '-c', TEST_KEY], /cannot read config .*\[REDACTED\]: no such file/],
  ['emctl KEY', () => [TEST_KEY], /unknown command '\[REDACTED\]'/],
  ['show KEY', () => ['show', TEST_KEY], /cannot read the plan file \[REDACTED\]/],
  ['--team KEY', () => ['--base-url', emulator.url, 'measurements', '--metric', 'pr.merged', '--last', '30d', '--group-by', 'team', '--team', TEST_KEY], /\[REDACTED\]/],
  ['--metric KEY', () => ['--base-url', emulator.url, 'measurements', '--metric', TEST_KEY, '--last', '30d'], /\[REDACTED\]/],
  ['--target KEY', () => ['--base-url', emulator.url, 'plan', '-c', 'emctl.yaml', '--target', TEST_KEY], /\[REDACTED\]/],
  ['--changed-from KEY', () => ['--base-url', emulator.url, 'plan', '-c', 'emctl.yaml', '--changed-from', TEST_KEY], /--changed-from.*\[REDACTED\]/],
  ['the key in --base-url (a path)', () => ['--base-url', `${emulator.url}/${TEST_KEY}`, 'plan', '-c', 'emctl.yaml'], /\[REDACTED\]/],
  ['the key in --base-url (a host)', () => ['--base-url', `http://${TEST_KEY}.example.com`, 'plan', '-c', 'emctl.yaml'], /refusing to send the API key in cleartext to \[REDACTED\]\.example\.com/],
  ['the key in EMCTL_BASE_URL', () => ['plan', '-c', 'emctl.yaml'], /refusing to send the API key in cleartext to \[REDACTED\]\.example\.com/, () => ({ EMCTL_BASE_URL: `http://${TEST_KEY}.example.com` })],
];

/**
 * Runs emctl as `printf KEY | emctl --api-key-file /dev/stdin ARGS`: a shell pipe (a FIFO, readable
 * once), as a user's shell makes it (Node's own stdin pipe is a socket, which /dev/stdin cannot open).
 */
function withKeyOnStdin(args: string[]): Promise<BinExit> {
  const quoted = [BIN, '--api-key-file', '/dev/stdin', ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('sh', ['-c', `printf '%s\\n' "$PIPED_KEY" | "${process.execPath}" ${quoted}`], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', PIPED_KEY: TEST_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return finished(child);
}

const pipeCases: [name: string, args: () => string[], useful: RegExp][] = [
  ['plan -c KEY', () => ['--base-url', emulator.url, 'plan', '-c', TEST_KEY], /cannot read config .*\[REDACTED\]/],
  ['--target KEY', () => ['--base-url', emulator.url, 'plan', '-c', 'emctl.yaml', '--target', TEST_KEY], /\[REDACTED\]/],
  ['show KEY', () => ['show', TEST_KEY], /cannot read the plan file \[REDACTED\]/],
  ['the key in --base-url (a host)', () => ['--base-url', `http://${TEST_KEY}.example.com`, 'plan', '-c', 'emctl.yaml'], /\[REDACTED\]\.example\.com/],
  ['the key in --base-url (a path)', () => ['--base-url', `${emulator.url}/${TEST_KEY}`, 'plan', '-c', 'emctl.yaml'], /\[REDACTED\]/],
];

describe('a key passed where something else goes is never echoed (issue 18 item 6)', () => {
  it.each(pipeCases)('the key from a pipe (--api-key-file /dev/stdin), %s: read before anything is printed', async (_name, args, useful) => {
    const r = await withKeyOnStdin(args());
    expect(`${r.stdout}${r.stderr}`).not.toContain(TEST_KEY);
    expect(`${r.stdout}${r.stderr}`).toMatch(useful);
    expect(r.code).toBe(1);
  });

  it('the key from a pipe is the one the connection uses (read once, not twice)', async () => {
    const r = await withKeyOnStdin(['--base-url', emulator.url, 'plan', '-c', 'emctl.yaml']);
    expect(r.stderr).not.toContain(TEST_KEY);
    expect(r.stderr).not.toMatch(/empty|no API key|401/);
    expect([0, 2]).toContain(r.code);
  });

  it('the key from --api-key-file, passed as a command name: known before commander prints anything', async () => {
    await writeFile(join(dir, 'key.txt'), `${TEST_KEY}\n`);
    const r = await runBin(['--api-key-file', 'key.txt', TEST_KEY], { cwd: dir });
    expect(`${r.stdout}${r.stderr}`).not.toContain(TEST_KEY);
    expect(r.stderr).toMatch(/unknown command '\[REDACTED\]'/);
    expect(r.code).toBe(1);
  });

  it.each(cases)('%s: exit 1, a message that says what was wrong, no key', async (_name, args, useful, env) => {
    const r = await runBin(args(), { cwd: dir, env: { EMCTL_API_KEY: TEST_KEY, ...env?.() } });
    expect(`${r.stdout}${r.stderr}`).not.toContain(TEST_KEY);
    expect(`${r.stdout}${r.stderr}`).toMatch(useful);
    expect(r.code).toBe(1);
  });
});
