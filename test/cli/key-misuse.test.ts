// The API key is never printed, also when it is misused: passed as a flag value, or as the file
// name of --api-key-file (DESIGN 8).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutOptionValues } from '../../src/cli/key-flag.js';
import { runEmctl } from '../helpers/cli.js';
import { tempDir } from '../helpers/emulator.js';

const KEY = 'sk-live-3c1e5f0a9b';

describe('a key passed where a key does not go', () => {
  it.each([
    [['--api-key=' + KEY, 'plan']],
    [['plan', '--api-key', KEY]],
    [['plan', '--api_key=' + KEY]],
    [['validate', '--token', KEY]],
  ])('%j is refused with exit 1 and the key is not echoed', async (argv) => {
    const r = await runEmctl(argv);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the API key is never taken from a flag value');
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('an unknown --option=value is echoed without its value', async () => {
    const r = await runEmctl(['plan', `--bogus=${KEY}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown option '--bogus=…'");
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('--api-key-file KEY (no such file) does not print the name', async () => {
    const r = await runEmctl(['--api-key-file', KEY, '--base-url', 'http://127.0.0.1:9', 'drift', '-c', 'examples/acme/emctl.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read the file given to --api-key-file (no such file; the name is not shown, in case it is the key itself)');
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('withoutOptionValues leaves messages without values alone', () => {
    expect(withoutOptionValues("error: unknown option '--x'")).toBe("error: unknown option '--x'");
    expect(withoutOptionValues("error: unknown option '--x=1'")).toBe("error: unknown option '--x=…'");
  });

  // Round 3 (issue 32 item 8): a key source that is refused still has its key taken out of
  // everything printed, so a key passed by mistake as -c or --target is not echoed.
  describe('a malformed key source: refused, and the key it holds still never printed', () => {
    const cases: [string, (dir: string) => { args: string[]; env?: Record<string, string> }][] = [
      ['a key file holding the key and junk', (dir) => (writeFileSync(join(dir, 'k'), `${KEY}\nsecond line\n`), { args: ['--api-key-file', join(dir, 'k')] })],
      ['a key file holding the key and a space', (dir) => (writeFileSync(join(dir, 'k'), `${KEY} trailing`), { args: ['--api-key-file', join(dir, 'k')] })],
      ['a key file over 64 KB that starts with the key', (dir) => (writeFileSync(join(dir, 'k'), `${KEY}\n${'x'.repeat(70_000)}\n`), { args: ['--api-key-file', join(dir, 'k')] })],
      ['a directory as the key file, named as the key', (dir) => (mkdirSync(join(dir, KEY)), { args: ['--api-key-file', join(dir, KEY)] })],
      ['EMCTL_API_KEY holding the key and a space', () => ({ args: [], env: { EMCTL_API_KEY: `${KEY} x` } })],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const dir = await tempDir('emctl-keysrc-');
      const { args, env } = make(dir);
      for (const misuse of [['plan', '-c', KEY], ['plan', '--target', KEY, '-c', 'examples/acme/emctl.yaml']]) {
        const r = await runEmctl([...args, '--base-url', 'http://127.0.0.1:9', ...misuse], { env: { EMCTL_API_KEY: undefined, ...env } });
        expect(r.code).toBe(1);
        expect(r.stdout + r.stderr).not.toContain(KEY);
      }
    });
  });
});
