// Config input of any shape gets a located error in bounded time and memory (DESIGN 8): alias
// bombs by size, nesting and self-referencing anchors, bytes that are not UTF-8, NUL, input
// without a size (pipes, devices), and messages that quote huge values.

import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatDiagnostic, loadConfig } from '../../src/config/index.js';
import { cutLongValues } from '../../src/config/yaml/diagnostics.js';
import { firstInvalidUtf8 } from '../../src/config/read-files.js';
import { writeFiles } from './helpers.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

async function problems(files: Record<string, string | Buffer>): Promise<string[]> {
  const dir = writeFiles({});
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const result = await loadConfig(join(dir, 'emctl.yaml'), CONFIG_CHECKS);
  return result.diagnostics.map((d) => formatDiagnostic({ ...d, file: basename(d.file) }));
}

const TOO_DEEP = 'nesting deeper than 100 levels (counting through aliases); a config needs far fewer, and an anchor may not contain an alias of itself';

describe('aliases', () => {
  test('a 1 MB string aliased 5,000 times is refused by size, located, in bounded memory', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const text = `version: 1\nx-big: &b "${big}"\nteams:\n  42:\n    pm:\n      tracker:\n        labels:\n${'          - *b\n'.repeat(5000)}`;
    const before = process.memoryUsage().rss;
    expect(await problems({ 'emctl.yaml': text })).toEqual(['emctl.yaml:28:13: aliases expand to more than 20 MB of text; refusing what looks like an alias bomb']);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  test.each([
    ['a list holding an alias of itself', 'a: &a [*a]\n', 'emctl.yaml:1:8'],
    ['a map holding an alias of itself', 'a: &a {b: *a}\n', 'emctl.yaml:1:11'],
    ['a block map holding an alias of itself', 'a: &a\n  b: *a\n', 'emctl.yaml:2:6'],
  ])('%s: a located nesting error, no stack overflow', async (_name, text, where) => {
    expect(await problems({ 'emctl.yaml': text })).toEqual([`${where}: ${TOO_DEEP}`]);
  });
});

describe('nesting', () => {
  // The fast reader leaves a top-level flow collection to the package: its depth is measured on
  // the package's tokens, so the error sits where level 101 opens (it was 1:788, where the
  // package's own recursion overflowed, with two more errors about the missing brackets).
  test.each([
    ['3,000 open brackets at the top', `${'['.repeat(3000)}\n`, 'emctl.yaml:1:101'],
    ['3,000 open braces at the top', `${'{'.repeat(3000)}\n`, 'emctl.yaml:1:101'],
    ['3,000 block list dashes on one line', `${'- '.repeat(3000)}x\n`, 'emctl.yaml:1:201'],
    ['deep block maps in a file with an anchor (the package reads it)', `x: &x 1\n${Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')}\n`, 'emctl.yaml:102:201'],
    ['deep brackets after an alias (the package reads it)', `x: &x 1\ny: *x\nz: ${'['.repeat(3000)}\n`, 'emctl.yaml:3:103'],
  ])('%s: one error, located where level 101 opens', async (_name, text, where) => {
    expect(await problems({ 'emctl.yaml': text })).toEqual([`${where}: ${TOO_DEEP}`]);
  });

  test('a 20 MB file of open brackets: reading stops at level 101, in bounded time and memory', async () => {
    const before = process.memoryUsage().rss;
    // Bounded by where reading stops (level 101) and by memory; time is the machine's, not asserted.
    expect(await problems({ 'emctl.yaml': '['.repeat(20 * 1024 * 1024 - 1) })).toEqual([`emctl.yaml:1:101: ${TOO_DEEP}`]);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  test('3,000 open brackets as a value: the fast reader stops at level 101', async () => {
    expect(await problems({ 'emctl.yaml': `a: ${'['.repeat(3000)}\n` })).toEqual([`emctl.yaml:1:103: ${TOO_DEEP}`]);
  });

  test('3,000 levels of block maps', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n');
    expect(await problems({ 'emctl.yaml': text })).toEqual([`emctl.yaml:101:201: ${TOO_DEEP}`]);
  });

  test('100 levels are still read (the limit is not off by one)', async () => {
    const text = `x-deep: ${'['.repeat(99)}${']'.repeat(99)}\nversion: 1\n`;
    expect((await problems({ 'emctl.yaml': text })).join('\n')).not.toContain('nesting deeper');
  });
});

describe('bytes', () => {
  test('a byte that is not UTF-8 is refused with its position, not replaced', async () => {
    const text = Buffer.from('version: 1\ngit:\n  defaults:\n    exclude_branches: { patterns: ["^caf\xe9$"] }\n', 'latin1');
    expect(await problems({ 'emctl.yaml': text })).toEqual(['emctl.yaml:4:41: byte 0xe9 is not UTF-8; config files must be UTF-8 text']);
  });

  test('NUL is refused with its position', async () => {
    expect(await problems({ 'emctl.yaml': 'version: 1\nteams:\n  4\u00002: {}\n' })).toEqual(['emctl.yaml:3:4: a NUL character; config files must be text']);
  });

  test.each([
    ['ascii', [0x61, 0x62], -1],
    ['two-byte é', [0xc3, 0xa9], -1],
    ['four-byte emoji', [0xf0, 0x9f, 0x98, 0x80], -1],
    ['lone continuation', [0x61, 0x80], 1],
    ['overlong slash', [0xc0, 0xaf], 0],
    ['overlong three-byte', [0xe0, 0x80, 0xaf], 0],
    ['surrogate', [0xed, 0xa0, 0x80], 0],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['truncated at the end', [0x61, 0xe2, 0x82], 1],
  ])('firstInvalidUtf8: %s', (_name, bytes, expected) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(expected);
  });
});

describe('input without a size', () => {
  test('a device is read only up to the cap: /dev/zero is refused', async () => {
    const result = await loadConfig('/dev/zero', CONFIG_CHECKS);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual(['/dev/zero:1:1: more than 20 MB to read; config files over 20 MB are refused']);
  });
});

describe('messages', () => {
  test('a long value is cut and counted; positions stay', () => {
    const message = `duplicate label \`${'y'.repeat(1_000_000)}\``;
    const cut = cutLongValues(message);
    expect(cut).toBe(`duplicate label \`${'y'.repeat(99)}… (1000002 characters)`);
  });

  test('a duplicated 1 MB label prints a short message', async () => {
    const label = 'z'.repeat(1024 * 1024);
    const text = `version: 1\nteams:\n  42:\n    pm:\n      10:\n        labels: ["${label}", "${label}"]\n`;
    const lines = await problems({ 'emctl.yaml': text });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThan(2100);
  });
});

describe('repository ids', () => {
  test.each(['0'])('a repository key %s is refused (ids start at 1)', async (key) => {
    const text = `version: 1\ngit:\n  repositories:\n    ${key}:\n      monitored: true\n`;
    expect(await problems({ 'emctl.yaml': text })).toEqual([
      `emctl.yaml:4:5: key \`${key}\` in \`git.repositories\` must be a repository name (owner/name) or a numeric repository id (1 or more)`,
    ]);
  });
});
