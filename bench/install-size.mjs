// @ts-check
// What a user's install of emctl puts on disk: the package as `npm pack` makes it, installed
// with `npm install --omit=dev` in an empty folder (as `npm install -g` of the tarball does, the
// SQLite driver's native build included), and again with `--omit=optional` (no SQLite driver:
// what a machine without a prebuilt binary or a compiler gets); the bytes of every file under
// node_modules (apparent sizes, as `du -sb` counts them). DESIGN.md §11 bounds it at 15 MB, not
// counting the database drivers of §10 (better-sqlite3, pg) and what only they bring, which are
// reported apart. Run with `npm run bench:install-size` (builds first; needs the npm registry or
// its cache). Prints figures; exits 1 when the bound is passed.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './helpers.mjs';

const LIMIT = 15_000_000;
const DRIVERS = ['better-sqlite3', 'node-sqlite3-wasm', 'pg'];
const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function bytesUnder(dir) {
  // An optional package npm left out (pg-cloudflare, the SQLite driver with --omit=optional) is in the lock, not on disk.
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Every installed package folder (scoped ones included), by name, from the lock npm wrote. */
function installed(dir) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const packages = new Map();
  for (const [path, info] of Object.entries(lock.packages ?? {})) {
    if (path === '' || !path.includes('node_modules/') || !existsSync(join(dir, path))) continue;
    packages.set(path, { name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), deps: Object.keys({ ...info.dependencies, ...info.optionalDependencies }) });
  }
  return packages;
}

/** The packages reachable only through the database drivers (and the drivers). */
function driverOnly(packages) {
  const byName = new Map([...packages].map(([path, p]) => [p.name, path]));
  const reach = (starts) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length > 0) {
      const name = stack.pop();
      if (seen.has(name) || !byName.has(name)) continue;
      seen.add(name);
      stack.push(...(packages.get(byName.get(name))?.deps ?? []));
    }
    return seen;
  };
  const emctl = packages.get('node_modules/emctl');
  const fromDrivers = reach(DRIVERS);
  const fromOthers = reach((emctl?.deps ?? []).filter((d) => !DRIVERS.includes(d)));
  return [...fromDrivers].filter((name) => !fromOthers.has(name));
}

/** Installs the tarball into a fresh folder with `flags`; its packages and bytes. */
function install(tarballPath, flags) {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-install-size-'));
  try {
    writeFileSync(join(dir, 'package.json'), '{"name":"install-size-probe","private":true}\n');
    execFileSync(npm, ['install', '--omit=dev', ...flags, '--no-audit', '--no-fund', '--silent', tarballPath], { cwd: dir, stdio: 'inherit' });
    const modules = join(dir, 'node_modules');
    const packages = installed(dir);
    const drivers = driverOnly(packages);
    return { packages, total: bytesUnder(modules), drivers, driverBytes: drivers.reduce((sum, name) => sum + bytesUnder(join(modules, name)), 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const work = mkdtempSync(join(tmpdir(), 'emctl-install-size-'));
try {
  const tarball = execFileSync(npm, ['pack', '--silent', '--pack-destination', work], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  const full = install(join(work, tarball), []);
  const slim = install(join(work, tarball), ['--omit=optional']);
  const counted = full.total - full.driverBytes;
  console.log(machineLine());
  console.log(`npm install --omit=dev of ${tarball} (the SQLite driver built): ${full.packages.size} packages, ${mb(full.total)}`);
  console.log(`  of which the database drivers and what only they bring (${full.drivers.join(', ')}): ${mb(full.driverBytes)}`);
  console.log(`  counted against the ${LIMIT / 1e6} MB bound: ${mb(counted)}`);
  console.log(`npm install --omit=dev --omit=optional (no SQLite driver): ${slim.packages.size} packages, ${mb(slim.total)}`);
  if (counted > LIMIT) {
    console.error(`install size ${mb(counted)} is over the ${LIMIT / 1e6} MB bound (DESIGN.md §11)`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
