// What every start of emctl loads, `--help` included: the command line and the lists it offers,
// nothing else. Each command's workflow, the API client, undici, yaml, ajv and the renderers are
// imported inside the command's action (cli/program.ts registers them all up front). The static
// import graph of dist/cli/bin.js, as dependency-cruiser reads it, is held to that.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireFreshDist, ROOT } from '../helpers/bin.js';

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; dynamic: boolean; dependencyTypes: string[] }[] }[];
}

/** Every module bin.js loads before any command runs: static imports only, type-only ones erased. */
async function loadedAtStart(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/depcruise'), ['dist/cli/bin.js', '--no-config', '--output-type', 'json'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const byPath = new Map((JSON.parse(stdout) as Cruised).modules.map((m) => [m.source, m]));
  const seen = new Set<string>();
  const stack = ['dist/cli/bin.js'];
  for (let path = stack.pop(); path !== undefined; path = stack.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const dep of byPath.get(path)?.dependencies ?? []) {
      if (!dep.dynamic && !dep.dependencyTypes.includes('type-only')) stack.push(dep.resolved);
    }
  }
  return [...seen];
}

let loaded: string[];
beforeAll(async () => {
  await requireFreshDist();
  loaded = await loadedAtStart();
}, 120_000);

describe('what every start loads', () => {
  it('holds no package but commander', () => {
    const packages = new Set(loaded.filter((p) => p.includes('node_modules/')).map((p) => p.split('node_modules/')[1]?.split('/')[0]));
    expect([...packages]).toEqual(['commander']);
  });

  it('holds no workflow but the io types and the key file read, no API client, reader, planner, renderer, emulator or store', () => {
    // The key file is read at the start (the redactor must know the key before anything is printed).
    const heavy = loaded.filter((p) => /^dist\/(workflows\/(?!io\.js|api-key\.js)|api\/|state\/|config\/(?!bounded-read\.js)|emulator\/|apply\/|drift\/|render\/(?!formats\.js)|measure\/(?!output-formats\.js))/.test(p));
    expect(heavy).toEqual([]);
    // Sanity: the graph was read (the command modules are there).
    expect(loaded).toContain('dist/cli/commands/plan.js');
  });
});
