// Large hostile YAML (DESIGN 8): each file loads in a child process of its own, which reports the
// loader's work in counts (characters, lines, lexemes, entries, validator runs) and its own peak
// RSS. The bounds are those counts and bytes, which a busy machine does not change; the time the
// same loads take is printed by `npm run bench:yaml-bounds`.

import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import type { LoadWork } from '../../src/config/index.js';
import { MAX_FULL_READER_TOKENS } from '../../src/config/yaml/full-reader.js';
import { ERRORS, HOSTILE, MANY_ERRORS, UNCLOSED, unclosed } from './helpers/hostile-configs.mjs';

const run = promisify(execFile);
const CHILD = resolve(import.meta.dirname, 'helpers/validate-child.mjs');

interface ChildLoad {
  accepted: boolean;
  errorCount: number;
  /** Every error found, also those the per-file cap leaves out. */
  total: number;
  errors: string[];
  last?: string;
  work: LoadWork;
  peakRssMb: number;
}

let dir = '';
beforeAll(async () => {
  if (!existsSync(resolve(import.meta.dirname, '../../dist/config/index.js'))) throw new Error('dist/ is missing: run "npm run build" (npm test builds first)');
  dir = await mkdtemp(join(tmpdir(), 'emctl-yaml-bounds-'));
});

/**
 * Loads kept by name and text: a test that asserts more about a config another test already
 * loaded reads that load instead of a second child doing the same work (2 s and 250 MB for the
 * largest).
 */
const loads = new Map<string, Promise<ChildLoad & { path: string }>>();

function loadOnce(name: string, content: string): Promise<ChildLoad & { path: string }> {
  const key = `${name}\u0000${content.length}`;
  let load = loads.get(key);
  if (!load) {
    load = loadInChild(name, content);
    loads.set(key, load);
  }
  return load;
}

async function loadInChild(name: string, content: string): Promise<ChildLoad & { path: string }> {
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, content);
  const { stdout } = await run(process.execPath, [CHILD, path], { maxBuffer: 1 << 22 });
  const lines = stdout.trim().split('\n');
  return { ...(JSON.parse(lines[lines.length - 1]!) as ChildLoad), path };
}

/** Content lines of a text (what the fast reader indexes): never more than its lines. */
const linesOf = (text: string): number => text.split('\n').length;

/** Work that stops at the first problem: the flow scan found it before the `yaml` package or the schema ran, and no item was placed. */
const STOPPED_AT_THE_FLOW = { yamlLexemes: 0, entriesPlaced: 1, schemaValidations: 0, schemaErrors: 0 };

describe('an unclosed flow collection: one located error, found by the flow scan, under 300 MB', () => {
  test.each(UNCLOSED)('%s', { timeout: 120_000 }, async (name, size, form) => {
    const text = unclosed(size, form);
    const load = await loadInChild(name.replace(/\W+/g, '-'), text);
    const open = form === 'map' ? '{' : '[';
    const line = form === 'after an anchor' ? 3 : 2;
    expect(load.errors).toEqual([`${load.path}:${line}:4: this \`${open}\` is never closed: the file ends inside the flow collection it opens`]);
    expect(load.work).toMatchObject({ textChars: text.length, ...STOPPED_AT_THE_FLOW });
    expect(load.work.fastReaderLines).toBeLessThan(linesOf(text));
    expect(load.peakRssMb).toBeLessThan(300);
  });
});

describe('50,000 errors in one file: 100 shown, then a count; work linear in the entries, under 300 MB', () => {
  // A team map of 50,000 bad entries took a minute of CPU in one validator run (ajv copies its
  // error list per entry): the large maps are validated in batches of 50 (src/config/schema-check.ts), each error reported once.
  const runs: Record<string, number> = {
    'unknown top-level keys': 1,
    'teams with an unknown key each': 1 + ERRORS / 50,
    'repositories with an unknown key each': 1 + ERRORS / 50,
  };
  test.each(MANY_ERRORS)('%s', { timeout: 120_000 }, async (name, text) => {
    const content = text();
    const load = await loadInChild(name.replace(/\W+/g, '-'), content);
    expect(load.errorCount).toBe(101);
    expect(load.total).toBe(ERRORS);
    expect(load.last).toMatch(/: \.\.\. and 49900 more errors in this file from here on \(not shown: at most 100 per file\)$/);
    expect(load.work).toMatchObject({ textChars: content.length, yamlLexemes: 0, schemaValidations: runs[name], schemaErrors: ERRORS });
    // One entry per key, and one per key of each entry's map: two per line at most.
    expect(load.work.entriesPlaced).toBeLessThanOrEqual(2 * linesOf(content));
    expect(load.work.fastReaderLines).toBeLessThan(linesOf(content));
    expect(load.peakRssMb).toBeLessThan(300);
  });
});

// Hostile configs that exhausted the heap, overflowed the stack with no location, or took seconds
// and gigabytes. Each is one located error (or 100 and a count), under 300 MB, for work that is
// the file's size or less: the fast reader's lines, an entry per item, one validator run.
describe('hostile configs: each gets a located error within 300 MB and work linear in the file', () => {
  const tooLarge = (limit: string) =>
    `this file needs the complete YAML reader (it uses anchors, aliases, tags or multi-line values, or has a syntax error the fast reader leaves to it), which reads at most ${limit} of a file: write it without those, or split it into the files of a config directory`;
  const MB = 1024 * 1024;
  const expected: Record<string, { first: string; total?: number; work: Partial<LoadWork> }> = {
    'a 10 MB flow list opened with [ and closed with }': { first: ':2:10000005: this `}` cannot close the flow list opened at line 2, column 4: a flow list ends with `]`', work: STOPPED_AT_THE_FLOW },
    'a 10 MB flow list over lines closed with }': { first: ':550003:1: this `}` cannot close the flow list opened at line 2, column 4: a flow list ends with `]`', work: STOPPED_AT_THE_FLOW },
    // 150,000 items and 5 keys, placed once each; one validator run.
    '150,000 duplicate services': { first: ":5:21: service 7 appears twice in team 42's Git services (first at line 5)", total: 149_999, work: { yamlLexemes: 0, entriesPlaced: 150_005, schemaValidations: 1, schemaErrors: 0 } },
    '150,000 bad protected addresses': { first: ':4:7: ', total: 150_000, work: { yamlLexemes: 0, entriesPlaced: 150_003, schemaValidations: 1, schemaErrors: 0 } },
    '200,000 duplicate boards': { first: ':6:21: board "101" appears twice in the selected boards of `tracker` (first at line 6)', total: 199_999, work: { yamlLexemes: 0, entriesPlaced: 200_007, schemaValidations: 1, schemaErrors: 0 } },
    'a document marker inside an unclosed flow': { first: ':300003:1: a document marker (`---`) inside the flow list opened at line 2, column 4: close the collection first', work: STOPPED_AT_THE_FLOW },
    'a quote after a closed 10 MB flow': { first: ':2:10000007: text after the flow list opened at line 2, column 4: a map value is one node (quote the whole value, or start a comment with ` #`)', work: STOPPED_AT_THE_FLOW },
    // Blank lines are not indexed: two content lines, whatever the file's size.
    '19 MB of blank lines, then an unknown key': { first: `:${19 * MB + 2}:1: unknown key \`bogus\` in the top level`, work: { fastReaderLines: 2, yamlLexemes: 0, entriesPlaced: 2, schemaValidations: 1, schemaErrors: 1 } },
    // The complete reader counts the lines first and stops at its limit before lexing anything.
    '19 MB of blank lines after an anchor': { first: `:1000001:1: ${tooLarge('1,000,000 lines')}`, work: { fastReaderLines: 2, yamlLexemes: 0, schemaValidations: 0 } },
    // The complete reader lexes up to its budget, one past it, and stops there.
    'an anchor and a 10 MB flow list on one line': { first: ':2:', work: { yamlLexemes: MAX_FULL_READER_TOKENS + 1, schemaValidations: 0 } },
  };
  test.each(HOSTILE)('%s', { timeout: 120_000 }, async (name, text) => {
    const content = text();
    const want = expected[name]!;
    const load = await loadOnce(name.replace(/\W+/g, '-'), content);
    expect(load.errors[0]).toContain(`${load.path}${want.first}`);
    if (want.total !== undefined) expect(load.total).toBe(want.total);
    expect(load.work).toMatchObject({ textChars: content.length, ...want.work });
    expect(load.work.fastReaderLines).toBeLessThan(linesOf(content));
    expect(load.peakRssMb).toBeLessThan(300);
  });

  test('the complete reader stops at its token budget, where it is crossed', { timeout: 120_000 }, async () => {
    // The text of the hostile config 'an anchor and a 10 MB flow list on one line', loaded once for both tests.
    const load = await loadOnce('an-anchor-and-a-10-MB-flow-list-on-one-line', `version: 1\nx: &a [${'a1, '.repeat(2_500_000)}]\n`);
    expect(load.errors).toEqual([expect.stringMatching(new RegExp(`^${load.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: `))]);
    expect(load.errors[0]).toContain(tooLarge('1,000,000 YAML tokens'));
    expect(load.work.yamlLexemes).toBe(MAX_FULL_READER_TOKENS + 1);
  });
});
