// No test asserts a time (DESIGN 5): bounds in tests are counts (bytes, depth, operations) and the
// times go to the benchmarks, which print them. Every test file is scanned for an assertion that
// holds a time read from the process's clocks (timed-assertions.ts says what counts as one); the
// scanner itself is held to cases it must catch and cases it must let be.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { timedAssertions } from './timed-assertions.js';

const ROOT = resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(?:ts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('the scanner', () => {
  const caught: [string, string][] = [
    ['a CPU figure', 'expect(load.cpuMs).toBeLessThan(2000);'],
    ['a duration measured between two readings', 'const started = performance.now();\nawait work();\nconst ms = performance.now() - started;\nexpect(ms).toBeGreaterThanOrEqual(1800);'],
    ['a reading inside the assertion', 'const t0 = Date.now();\nexpect(Date.now() - t0, "fast").toBeLessThan(50);'],
    ['hrtime through two names', 'const start = process.hrtime.bigint();\nconst took = process.hrtime.bigint() - start;\nconst seconds = Number(took) / 1e9;\nexpect(seconds < 1).toBe(true);'],
    ['process CPU usage', 'const usage = process.cpuUsage();\nexpect(usage.user).toBeLessThan(1e6);'],
    ['CPU from resourceUsage', 'const cpu = process.resourceUsage().userCPUTime;\nexpect(cpu).toBeLessThan(1e6);'],
    ['a soft assertion', 'expect.soft(elapsedMs).toBeLessThan(10);'],
  ];
  test.each(caught)('catches %s', (_name, text) => {
    expect(timedAssertions(text)).toHaveLength(1);
  });

  const allowed: [string, string][] = [
    ['a fake clock', 'const clock = new FakeClock();\nclock.advance(100);\nexpect(clock.now()).toBe(start + 100);'],
    ['a count of operations', 'expect(load.work.entriesPlaced).toBe(150_005);'],
    ['a reading that feeds data, not an assertion', "const after = new Date(Date.now() - 86_400_000).toISOString();\nconst body = { after };\nexpect(status).toBe(200);"],
    ['a clock named in a comment', '// performance.now() would make this flaky\nexpect(count).toBe(3);'],
    ['bytes', 'expect(load.peakRssMb).toBeLessThan(300);'],
  ];
  test.each(allowed)('lets be %s', (_name, text) => {
    expect(timedAssertions(text)).toEqual([]);
  });
});

test('no test file asserts a time', () => {
  const files = filesUnder(join(ROOT, 'test')).filter((f) => !f.startsWith(join(ROOT, 'test/architecture/')) || !/timed-assertions/.test(f));
  expect(files.length).toBeGreaterThan(200);
  const found = files.flatMap((file) => timedAssertions(readFileSync(file, 'utf8')).map((a) => `${relative(ROOT, file)}:${a.line}: ${a.statement}`));
  expect(found).toEqual([]);
});
