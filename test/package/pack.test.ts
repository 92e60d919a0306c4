// What a user gets from a packed emctl: `npm pack`, install the tarball into an empty directory
// (dependencies from the registry, through npm's cache when it has them), then the installed
// `npx emctl` plans against the bundled emulator. The tarball is packed from the built dist/
// (npm test builds first), with the files package.json lists. Installed without the optional
// SQLite driver (where no prebuilt binary and no compiler are at hand), everything works: a
// `sqlite:` store says before any request that the native driver is missing and is written through
// the WebAssembly build of SQLite. The tarball is packed once and installed twice (each install
// into a directory of its own); each install runs `npx emctl` once, and its other runs go through
// the link npx resolves (node_modules/.bin/emctl), without starting npm again.

import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** The packed tarball's path. */
let tarball: string;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-pack-'));
  // --ignore-scripts: dist/ is already built; prepare would build it again.
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: ROOT, stdio: 'pipe' });
  const name = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  expect(name).toBeDefined();
  tarball = join(dir, name!);
}, 180_000);

describe('npm pack -> install -> npx emctl', () => {
  it('the installed tarball plans against the bundled emulator', { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'emctl-pack-'));
    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'emctl-user', private: true }));
    // --ignore-scripts: the database drivers' native build (better-sqlite3 compiles from source where
    // no prebuilt binary can be fetched: minutes on a busy machine) is npm's part, not emctl's; plan
    // never loads a driver (they are imported only by --out sqlite:/postgres:), which this proves too.
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball], { cwd: app, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);

    const installed = join(app, 'node_modules', 'emctl');
    for (const file of ['LICENSE', 'README.md', 'dist/cli/bin.js', 'schemas/emctl.schema.json', 'scripts/pr-comment.mjs', 'examples/acme/emctl.yaml']) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    // The config parts (TypeBox, a build-time dependency not installed here) are left out: nothing run loads them.
    for (const part of ['dist/core/config-schema', 'dist/core/kinds/pm-scope/config.js', 'dist/core/kinds/shared/config-entities.js']) {
      expect(existsSync(join(installed, part)), part).toBe(false);
    }
    expect(existsSync(join(installed, 'dist/core/kinds/pm-scope/index.js'))).toBe(true);
    // A user's config in the working directory (./emctl.yaml, the default -c).
    copyFileSync(join(installed, 'examples/acme/emctl.yaml'), join(app, 'emctl.yaml'));
    const plan = spawnSync('npx', ['--no-install', 'emctl', '--emulator', 'default', 'plan', '--detailed-exitcode'], { cwd: app, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(plan.stderr).not.toMatch(/Error/);
    expect(plan.status).toBe(2);
    expect(plan.stdout).toMatch(/^Plan: \d+ to add, \d+ to change, \d+ to remove; \d+ API calls\.$/m);

    // --ignore-scripts left better-sqlite3 without its native binary (better-sqlite3 loads it at its
    // first database, not at import): a sqlite: store says so before any request and is written
    // through the WebAssembly build of SQLite.
    expect(existsSync(join(app, 'node_modules/better-sqlite3/package.json'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(false);
    const measure = ['--emulator', 'default', '-v', 'measurements', '--metric', 'pr.merged', '--group-by', 'team', '--team', '42', '--last', '4w', '--roll-up', '1w', '--out', 'sqlite:history.db'];
    const store = spawnSync(join(app, 'node_modules', '.bin', 'emctl'), measure, { cwd: app, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(store.status, store.stderr).toBe(0);
    expect(store.stderr).toContain('note: the native SQLite driver better-sqlite3 is installed but its native binary does not load here (Could not locate the bindings file');
    expect(store.stderr).toContain('npm rebuild better-sqlite3');
    expect(store.stderr.indexOf('note: the native SQLite driver')).toBeLessThan(store.stderr.indexOf('POST /api/v2/measurements'));
    expect(store.stderr).toMatch(/wrote \d+ rows to sqlite:history\.db/);
    expect(existsSync(join(app, 'history.db'))).toBe(true);
  });

  it('installed with --omit=optional (no native SQLite driver): validate, a CSV export, a sqlite: store and the demo work', { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'emctl-pack-slim-'));
    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'emctl-user', private: true }));
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--omit=optional', tarball], { cwd: app, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    expect(existsSync(join(app, 'node_modules', 'better-sqlite3'))).toBe(false);
    const options = { cwd: app, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } } as const;
    const emctl = (args: string[]) => spawnSync(join(app, 'node_modules', '.bin', 'emctl'), args, options);

    copyFileSync(join(app, 'node_modules/emctl/examples/acme/emctl.yaml'), join(app, 'emctl.yaml'));
    const validate = spawnSync('npx', ['--no-install', 'emctl', 'validate'], options);
    expect(validate.status, validate.stdout + validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/^ok: emctl\.yaml is valid/);

    const measure = ['--emulator', 'default', '-v', 'measurements', '--metric', 'pr.merged', '--group-by', 'team', '--team', '42', '--last', '4w', '--roll-up', '1w'];
    const csv = emctl([...measure, '--format', 'csv']);
    expect(csv.status, csv.stderr).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe('after,before,team_id,team_name,pr.merged');
    expect(csv.stderr).toMatch(/POST \/api\/v2\/measurements/);

    // No native driver: the store is written through the WebAssembly build of SQLite (a regular
    // dependency, installed with --omit=optional too) and read back with no API call.
    expect(existsSync(join(app, 'node_modules', 'node-sqlite3-wasm', 'package.json'))).toBe(true);
    const store = emctl([...measure, '--out', 'sqlite:history.db']);
    expect(store.status, store.stderr).toBe(0);
    expect(store.stderr).toContain('note: the native SQLite driver better-sqlite3 is not installed here');
    expect(store.stderr).toContain('npm install better-sqlite3@12');
    expect(store.stderr).toMatch(/wrote \d+ rows to sqlite:history\.db/);
    expect(existsSync(join(app, 'history.db'))).toBe(true);
    const back = emctl(['measurements', '--from', 'sqlite:history.db', '--format', 'csv']);
    expect(back.status, back.stderr).toBe(0);
    expect(back.stdout.split('\n')[0]).toBe('after,before,team_id,team_name,pr.merged');
    expect(back.stdout.trim().split('\n').length).toBe(csv.stdout.trim().split('\n').length);

    // The README's `npm run demo` on this install: the demo script (not packed) beside the installed
    // dist/ and examples/, run to its end, the history step through the WebAssembly build.
    const installed = join(app, 'node_modules', 'emctl');
    mkdirSync(join(installed, 'scripts'), { recursive: true });
    copyFileSync(join(ROOT, 'scripts', 'demo.mjs'), join(installed, 'scripts', 'demo.mjs'));
    const demo = spawnSync(process.execPath, [join(installed, 'scripts', 'demo.mjs')], { cwd: app, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(demo.status, demo.stdout.slice(-2000) + demo.stderr).toBe(0);
    expect(demo.stdout).toContain('Done: validated, planned, applied');
    expect(demo.stderr).toContain('note: the native SQLite driver better-sqlite3 is not installed here');
  });
});
