// The API key never appears in output, logs, plan files, journals, exports or error messages
// (DESIGN 1 and 8), also when it is misused. Every command runs with a distinctive key (and -v,
// which logs each request); then every byte it printed and every file it wrote is searched.

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEmctl, type CliResult } from '../helpers/cli.js';
import { team42OnTracker } from '../helpers/acme-configs.js';
import { acmeFixture, against, startTestEmulator, tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';

const CONFIG = `${team42OnTracker('labels: [frontend]')}git:
  defaults:
    active_branches_duration: { days: 3 }
`;

/** Every file under `dir`, recursively, with its text. */
async function filesUnder(dir: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) out.push(...(await filesUnder(path)));
    else out.push({ path, text: await readFile(path, 'latin1') });
  }
  return out;
}

describe('secrets scan', () => {
  it('no command prints or writes the key, misuse included', async () => {
    const emulator = await startTestEmulator(await acmeFixture());
    const dir = await tempDir('emctl-secrets-');
    await writeConfig(CONFIG, dir);
    const { args, env } = against(emulator);
    const runs: [string, CliResult][] = [];
    const emctl = async (name: string, argv: string[], extraEnv: Record<string, string> = env) => {
      runs.push([name, await runEmctl(argv, { env: extraEnv, cwd: dir })]);
    };
    try {
      await emctl('validate', ['validate', '-c', 'emctl.yaml']);
      for (const format of ['text', 'json', 'markdown']) await emctl(`plan ${format}`, [...args, '-v', 'plan', '-c', 'emctl.yaml', '--format', format]);
      await emctl('plan --out', [...args, '-v', 'plan', '-c', 'emctl.yaml', '--out', 'plan.json']);
      await emctl('drift', [...args, '-v', 'drift', '-c', 'emctl.yaml', '--format', 'json']);
      await emctl('export', [...args, '-v', 'export', '--out', 'exported.yaml']);
      await emctl('export --fixture', [...args, 'export', '--fixture', '--out', 'fixture.yaml']);
      await emctl('apply PLANFILE', [...args, '-v', 'apply', 'plan.json']);
      await emctl('apply', [...args, '-v', 'apply', '-c', 'emctl.yaml', '--auto-approve', '--journal', 'journal.jsonl']);
      await emctl('measurements', [...args, '-v', 'measurements', '--metric', 'pr.merged', '--last', '30d', '--format', 'json']);
      // A wrong key: the refusal names where the key comes from, never the key.
      await emctl('a refused key', [...args, '-v', 'plan', '-c', 'emctl.yaml'], { EMCTL_API_KEY: `${TEST_KEY}-revoked` });
      // Misuse: the key as a flag value or as a file name.
      await emctl('--api-key=KEY', [...args, `--api-key=${TEST_KEY}`, 'plan', '-c', 'emctl.yaml'], {});
      await emctl('--api-key KEY', [...args, 'plan', '--api-key', TEST_KEY, '-c', 'emctl.yaml'], {});
      await emctl('--token KEY', [...args, 'plan', '--token', TEST_KEY], {});
      await emctl('unknown --flag=KEY', [...args, 'plan', `--key-file=${TEST_KEY}`], {});
      await emctl('--api-key-file KEY', [...args, '--api-key-file', TEST_KEY, 'plan', '-c', 'emctl.yaml'], {});
      // A base URL carrying the key: refused without repeating it.
      await emctl('key in the URL', ['--base-url', `http://user:${TEST_KEY}@127.0.0.1:9`, 'plan', '-c', 'emctl.yaml']);
    } finally {
      await emulator.close();
    }
    const leaks: string[] = [];
    for (const [name, r] of runs) {
      if (`${r.stdout}${r.stderr}`.includes(TEST_KEY)) leaks.push(`${name}: output`);
    }
    const files = await filesUnder(dir);
    for (const f of files) if (f.text.includes(TEST_KEY)) leaks.push(`file ${f.path}`);
    expect(leaks).toEqual([]);
    // The scan looked at real work: commands ran, requests were logged with -v, files were written.
    expect(runs.length).toBe(18);
    expect(runs.find(([n]) => n === 'plan text')?.[1].stderr).toMatch(/GET \/api\/v1\/integrations/);
    const written = files.map((f) => f.path.slice(dir.length + 1));
    expect(written).toEqual(expect.arrayContaining(['emctl.yaml', 'exported.yaml', 'fixture.yaml', 'plan.json']));
    expect(written.some((p) => p.startsWith('.emctl/journal-'))).toBe(true);
    expect(runs.filter(([n]) => n.startsWith('--') || n.startsWith('unknown') || n.startsWith('key in')).every(([, r]) => r.code === 1)).toBe(true);
  });
});
