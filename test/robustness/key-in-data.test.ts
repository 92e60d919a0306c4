// Redaction is for output, never for data (DESIGN 8, issue 18 item 7). A short key such as `acme`
// is part of the example organization's repository names (`acme/api`): the plan must still be
// built from the names the service sent (no change where the config matches live state, no
// repository "stopped"), while everything printed or written shows [REDACTED] where the key's text
// stood. The same organization planned with a long key is the reference.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { NO_CHANGES } from '../../src/render/text.js';
import { runEmctl } from '../helpers/cli.js';
import { ROOT } from '../helpers/bin.js';
import { acmeFixture, tempDir, TEST_KEY } from '../helpers/emulator.js';
import { startEmulator } from '../../src/emulator/index.js';

const SHORT_KEY = 'acme';
const EXAMPLE_CONFIG = join(ROOT, 'examples', 'acme', 'emctl.yaml');

let emulator: RunningEmulator;
let dir: string;
const withKey = (key: string) => ({ env: { EMCTL_API_KEY: key }, cwd: dir });
const emctl = (key: string, args: string[]) => runEmctl(['--base-url', emulator.url, ...args], withKey(key));

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, fixture: { ...(await acmeFixture()), api_keys: [TEST_KEY, SHORT_KEY] } });
  dir = await tempDir('emctl-key-in-data-');
  // The live organization as a config, exported with a key that appears in no name.
  const exported = await emctl(TEST_KEY, ['export', '--out', 'live.yaml']);
  expect(exported.code).toBe(0);
  expect(await readFile(join(dir, 'live.yaml'), 'utf8')).toContain('acme/api');
});
afterAll(async () => {
  await emulator?.close();
});

describe('a key whose text is inside live data (issue 18 item 7)', () => {
  it('a config that matches live state plans no change, with a key that is part of every repository name', async () => {
    const r = await emctl(SHORT_KEY, ['plan', '-c', 'live.yaml', '--detailed-exitcode']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(NO_CHANGES);
    expect(r.code).toBe(0);
  });

  it.each(['text', 'json', 'markdown'])('the example plan (%s) is the long-key plan with the key redacted from its text only', async (format) => {
    const reference = await emctl(TEST_KEY, ['plan', '-c', EXAMPLE_CONFIG, '--format', format]);
    const short = await emctl(SHORT_KEY, ['plan', '-c', EXAMPLE_CONFIG, '--format', format]);
    expect(reference.stdout).toContain('acme/notifications');
    expect(reference.stdout).not.toMatch(/stops-monitoring|- repo\[/);
    // Same plan, same exit code; every place the key's text stood shows [REDACTED].
    expect(short.code).toBe(reference.code);
    const undated = (text: string) => text.replace(/"created_at": "[^"]*"/, '"created_at": ""');
    expect(undated(short.stdout)).toBe(undated(reference.stdout).split(SHORT_KEY).join('[REDACTED]'));
    expect(short.stdout + short.stderr).not.toContain(SHORT_KEY);
  });

  it('plan --out does not save a plan holding the key: exit 1, no file, a message saying what to do', async () => {
    const r = await emctl(SHORT_KEY, ['plan', '-c', EXAMPLE_CONFIG, '--out', 'plan.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the plan was not saved to plan.json: it holds the API key's text");
    expect(r.stderr).toContain('apply in one run (emctl apply -c CONFIG)');
    expect(r.stdout + r.stderr).not.toContain(SHORT_KEY);
    await expect(readFile(join(dir, 'plan.json'))).rejects.toThrow(/ENOENT/);
  });

  it('apply in one run writes the names the service has, and a second plan is empty', async () => {
    const applied = await emctl(SHORT_KEY, ['apply', '-c', EXAMPLE_CONFIG, '--auto-approve', '--journal', 'journal.jsonl']);
    expect(applied.code).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain(SHORT_KEY);
    expect(await readFile(join(dir, 'journal.jsonl'), 'utf8')).not.toContain(SHORT_KEY);
    const again = await emctl(TEST_KEY, ['plan', '-c', EXAMPLE_CONFIG, '--detailed-exitcode']);
    expect(again.stdout).toContain(NO_CHANGES);
    expect(again.code).toBe(0);
  });
});
