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
  /** Every error found, also those the per-file cap leaves out. */
  total: number;
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
    expect(load.total).toBe(N);
    expect(load.last).toMatch(/: \.\.\. and 49900 more errors in this file from here on \(not shown: at most 100 per file\)$/);
    expect(load.peakRssMb).toBeLessThan(300);
    expect(load.cpuMs).toBeLessThan(5000);
  });
});

// Round 3 (issue 32 item 6): hostile configs that exhausted the heap, overflowed the stack with no
// location, or passed the bounds by seconds and gigabytes. Each is one located error (or 100 and
// a count), under 300 MB and 2 s of CPU.
describe('round 3: each hostile config gets a located error within 300 MB and 2 s of CPU', () => {
  const items = (n: number, item: (i: number) => string) => Array.from({ length: n }, (_, i) => item(i)).join('');
  const tooLarge = (limit: string) =>
    `this file needs the complete YAML reader (it uses anchors, aliases, tags or multi-line values, or has a syntax error the fast reader leaves to it), which reads at most ${limit} of a file: write it without those, or split it into the files of a config directory`;
  const cases: [string, () => string, { first: string; total?: number }][] = [
    ['a 10 MB flow list opened with [ and closed with }', () => `version: 1\nx: [${'a1, '.repeat(2_500_000)}}\n`, { first: ':2:10000005: this `}` cannot close the flow list opened at line 2, column 4: a flow list ends with `]`' }],
    ['a 10 MB flow list over lines closed with }', () => `version: 1\nx: [\n${'  a1, a2, a3, a4,\n'.repeat(550_000)}}\n`, { first: ':550003:1: this `}` cannot close the flow list opened at line 2, column 4: a flow list ends with `]`' }],
    ['150,000 duplicate services', () => `version: 1\nteams:\n  42:\n    git:\n      services: [${Array(150_000).fill('7').join(', ')}]\n`, { first: ":5:21: service 7 appears twice in team 42's Git services (first at line 5)", total: 149_999 }],
    ['150,000 bad protected addresses', () => `version: 1\nsafety:\n  protected:\n${items(150_000, (i) => `    - "bad[${i}"\n`)}`, { first: ':4:7: ', total: 150_000 }],
    ['200,000 duplicate boards', () => `version: 1\nintegrations:\n  tracker: { id: 10 }\ncollection:\n  tracker:\n    boards: [${Array(200_000).fill('"101"').join(', ')}]\n`, { first: ':6:21: board "101" appears twice in the selected boards of `tracker` (first at line 6)', total: 199_999 }],
    ['a document marker inside an unclosed flow', () => `version: 1\nx: [\n${'  a1, a2, a3, a4,\n'.repeat(300_000)}---\n${'  b1, b2,\n'.repeat(300_000)}`, { first: ':300003:1: a document marker (`---`) inside the flow list opened at line 2, column 4: close the collection first' }],
    ['a quote after a closed 10 MB flow', () => `version: 1\nx: [${'a1, '.repeat(2_500_000)}] "tail\n`, { first: ':2:10000007: text after the flow list opened at line 2, column 4: a map value is one node (quote the whole value, or start a comment with ` #`)' }],
    ['19 MB of blank lines, then an unknown key', () => `version: 1\n${'\n'.repeat(19 * MB)}bogus: 1\n`, { first: `:${19 * MB + 2}:1: unknown key \`bogus\` in the top level` }],
    ['19 MB of blank lines after an anchor', () => `version: 1\nx-a: &a 1\n${'\n'.repeat(19 * MB)}`, { first: `:1000001:1: ${tooLarge('1,000,000 lines')}` }],
    ['an anchor and a 10 MB flow list on one line', () => `version: 1\nx: &a [${'a1, '.repeat(2_500_000)}]\n`, { first: ':2:' }],
  ];
  test.each(cases)('%s', { timeout: 120_000 }, async (name, content, expected) => {
    const load = await loadInChild(name.replace(/\W+/g, '-'), content());
    expect(load.errors[0]).toContain(`${load.path}${expected.first}`);
    if (expected.total !== undefined) expect(load.total).toBe(expected.total);
    expect(load.peakRssMb).toBeLessThan(300);
    expect(load.cpuMs).toBeLessThan(2000);
  });

  test('the complete reader stops at its token budget, where it is crossed', { timeout: 120_000 }, async () => {
    const load = await loadInChild('anchor-and-a-long-flow', `version: 1\nx: &a [${'a1, '.repeat(2_500_000)}]\n`);
    expect(load.errors).toEqual([expect.stringMatching(new RegExp(`^${load.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: `))]);
    expect(load.errors[0]).toContain(tooLarge('1,000,000 YAML tokens'));
  });
});
