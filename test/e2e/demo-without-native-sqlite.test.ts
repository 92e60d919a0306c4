// `npm run demo` where npm left the native SQLite driver out (no prebuilt binary and no compiler,
// or `npm install --omit=optional`): every step passes, the history step through the WebAssembly
// build of SQLite, and the file it writes is an ordinary SQLite database that the native driver
// reads. The missing driver is made by a resolve hook (test/helpers/no-native-sqlite.mjs), so
// node_modules stays as it is; test/package/pack.test.ts installs a tarball with --omit=optional.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers/emulator.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOOK = join(ROOT, 'test/helpers/no-native-sqlite.mjs');

it('the hook hides better-sqlite3 as a missing install does', () => {
  const probe = spawnSync(process.execPath, ['--import', HOOK, '--input-type=module', '-e', "await import('better-sqlite3')"], { encoding: 'utf8' });
  expect(probe.status).toBe(1);
  expect(probe.stderr).toContain('ERR_MODULE_NOT_FOUND');
});

it('the demo runs to its end without the native SQLite driver, and keeps the history in a real SQLite file', { timeout: 120_000 }, async () => {
  const cwd = await tempDir('emctl-demo-wasm-');
  const demo = spawnSync(process.execPath, [join(ROOT, 'scripts/demo.mjs')], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--import=${HOOK}` } });
  expect(demo.stderr).not.toContain('demo failed');
  expect(demo.status, demo.stderr).toBe(0);
  expect(demo.stdout).toContain('== Step 8/9: keep the weekly history in a database');
  expect(demo.stdout).toContain('Done: validated, planned, applied');
  expect(demo.stderr).toMatch(/note: the native SQLite driver better-sqlite3 is not installed here .*"npm install better-sqlite3@12".*WebAssembly build of SQLite/);
  const wrote = /wrote (\d+) rows to sqlite:metrics\/history\.db/.exec(demo.stderr);
  expect(wrote).not.toBeNull();
  const path = /^History database: (.+)$/m.exec(demo.stdout)?.[1] ?? '';
  expect(existsSync(path)).toBe(true);
  // The lock directory of the WebAssembly build is gone once the run closed the file.
  expect(existsSync(`${path}.lock`)).toBe(false);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const stored = db.prepare('SELECT count(*) AS n FROM emctl_measurements').get() as { n: number };
    expect(stored.n).toBe(Number(wrote?.[1]));
    expect(db.prepare("SELECT value FROM emctl_meta WHERE key = 'schema_version'").get()).toEqual({ value: '2' });
  } finally {
    db.close();
  }
  // Step 9 read it back (with the WebAssembly build too).
  expect(demo.stdout).toMatch(/\| 2026-\d\d-\d\d \| 2026-\d\d-\d\d\\?\*? \|\s+42 \| Payments/);
});
