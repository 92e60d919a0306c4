// Large hostile YAML (DESIGN 8, issue 18): each file loads in a child process of its own, which
// reports its own peak RSS and CPU time, so the bounds are resource caps of one load (generous:
// the machine may be loaded), never a wall-clock figure.

import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const CHILD = resolve(import.meta.dirname, 'helpers/validate-child.mjs');
const MB = 1024 * 1024;

interface ChildLoad {
  accepted: boolean;
  errorCount: number;
  errors: string[];
  last?: string;
  peakRssMb: number;
  cpuMs: number;
}

let dir = '';
beforeAll(async () => {
  if (!existsSync(resolve(import.meta.dirname, '../../dist/config/index.js'))) throw new Error('dist/ is missing: run "npm run build" (npm test builds first)');
  dir = await mkdtemp(join(tmpdir(), 'emctl-yaml-bounds-'));
});

async function loadInChild(name: string, content: string): Promise<ChildLoad & { path: string }> {
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, content);
  const { stdout } = await run(process.execPath, [CHILD, path], { maxBuffer: 1 << 22 });
  const lines = stdout.trim().split('\n');
  return { ...(JSON.parse(lines[lines.length - 1]!) as ChildLoad), path };
}

/** `x: [1,1,1,...` (or its map form) to about `size` bytes, never closed. */
function unclosed(size: number, form: 'list' | 'map' | 'lines' | 'after an anchor'): string {
  const head = form === 'after an anchor' ? 'version: 1\na: &a 1\nx: [' : form === 'map' ? 'version: 1\nx: {' : 'version: 1\nx: [';
  // Lines of 40 items: a file of millions of lines costs its line index alone about a second of CPU.
  const item = form === 'map' ? 'k: 1, ' : form === 'lines' || form === 'after an anchor' ? `${'1, '.repeat(40)}\n  ` : '1,';
  return head + item.repeat(Math.floor(size / item.length)) + '\n';
}

describe('an unclosed flow collection: one located error, under 300 MB and 2 s of CPU', () => {
  const cases: [string, number, 'list' | 'map' | 'lines' | 'after an anchor'][] = [
    ['2 MB list on one line', 2 * MB, 'list'],
    ['10 MB list on one line', 10 * MB, 'list'],
    ['2 MB map on one line', 2 * MB, 'map'],
    ['10 MB map on one line', 10 * MB, 'map'],
    ['10 MB list over lines', 10 * MB, 'lines'],
    // An anchor sends the file past the fast reader to the `yaml` package, which alone took 1.1 GB at 2 MB.
    ['10 MB list after an anchor', 10 * MB, 'after an anchor'],
  ];
  test.each(cases)('%s', { timeout: 120_000 }, async (name, size, form) => {
    const load = await loadInChild(name.replace(/\W+/g, '-'), unclosed(size, form));
    const open = form === 'map' ? '{' : '[';
    const line = form === 'after an anchor' ? 3 : 2;
    expect(load.errors).toEqual([`${load.path}:${line}:4: this \`${open}\` is never closed: the file ends inside the flow collection it opens`]);
    expect(load.peakRssMb).toBeLessThan(300);
    expect(load.cpuMs).toBeLessThan(2000);
  });
});

describe('50,000 errors in one file: 100 shown, then a count; bounded CPU and memory', () => {
  const N = 50_000;
  const cases: [string, string][] = [
    ['unknown top-level keys', `version: 1\n${Array.from({ length: N }, (_, i) => `k${i}: 1\n`).join('')}`],
    ['teams with an unknown key each', `version: 1\nteams:\n${Array.from({ length: N }, (_, i) => `  ${i + 1}: { bogus: 1 }\n`).join('')}`],
    ['repositories with an unknown key each', `version: 1\ngit:\n  repositories:\n${Array.from({ length: N }, (_, i) => `    acme/r${i}: { bogus: 1 }\n`).join('')}`],
  ];
  test.each(cases)('%s', { timeout: 120_000 }, async (name, content) => {
    const load = await loadInChild(name.replace(/\W+/g, '-'), content);
    // A team map of 50,000 bad entries took a minute of CPU: ajv copies its error list per entry.
    expect(load.errorCount).toBe(101);
    expect(load.last).toMatch(/: \.\.\. and 49900 more errors in this file from here on \(not shown: at most 100 per file\)$/);
    expect(load.peakRssMb).toBeLessThan(300);
    expect(load.cpuMs).toBeLessThan(5000);
  });
});
