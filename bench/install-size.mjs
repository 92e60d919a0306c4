// What a user's `npm install emctl` puts on disk: the package as `npm pack` makes it, installed
// with `npm install --omit=dev` in an empty folder, and the bytes of every file under its
// node_modules (apparent sizes, as `du -sb` counts them). DESIGN.md §11 bounds it at 15 MB, not
// counting the database drivers of §10 (better-sqlite3, pg) and what only they bring, which are
// reported apart. Run with `npm run bench:install-size` (builds first; needs the npm registry or
// its cache). Prints figures; exits 1 when the bound is passed.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './helpers.mjs';

const LIMIT = 15_000_000;
const DRIVERS = ['better-sqlite3', 'pg'];
const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function bytesUnder(dir) {
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
    if (path === '' || !path.includes('node_modules/')) continue;
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

const work = mkdtempSync(join(tmpdir(), 'emctl-install-size-'));
try {
  const tarball = execFileSync(npm, ['pack', '--silent', '--pack-destination', work], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  writeFileSync(join(work, 'package.json'), '{"name":"install-size-probe","private":true}\n');
  execFileSync(npm, ['install', '--omit=dev', '--no-audit', '--no-fund', '--silent', join(work, tarball)], { cwd: work, stdio: 'inherit' });
  const modules = join(work, 'node_modules');
  const packages = installed(work);
  const total = bytesUnder(modules);
  const drivers = driverOnly(packages);
  const driverBytes = drivers.reduce((sum, name) => sum + bytesUnder(join(modules, name)), 0);
  const counted = total - driverBytes;
  console.log(machineLine());
  console.log(`npm install --omit=dev of ${tarball}: ${packages.size} packages, ${(total / 1e6).toFixed(1)} MB`);
  if (drivers.length > 0) console.log(`  of which the database drivers and what only they bring (${drivers.join(', ')}): ${(driverBytes / 1e6).toFixed(1)} MB`);
  console.log(`  counted against the ${LIMIT / 1e6} MB bound: ${(counted / 1e6).toFixed(1)} MB`);
  if (counted > LIMIT) {
    console.error(`install size ${(counted / 1e6).toFixed(1)} MB is over the ${LIMIT / 1e6} MB bound (DESIGN.md §11)`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
