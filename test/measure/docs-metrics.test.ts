// Every metric name of the spec's v2 and v1 tables has its line in docs/measurements.md's table of
// the emulator's definitions, with a formula and the event that places it in a time range.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { V1_METRICS, V2_METRICS } from '../../src/contract/metrics.js';

const docs = readFileSync(new URL('../../docs/measurements.md', import.meta.url), 'utf8');
const section = docs.slice(docs.indexOf('## How the emulator computes metrics'), docs.indexOf('## Output formats in detail'));

/** `a.{b,c}.d` -> `a.b.d`, `a.c.d` (the docs shorten the five AI review findings that way). */
function expand(name: string): string[] {
  const m = /^(.*)\{([^}]*)\}(.*)$/.exec(name);
  return m ? m[2]!.split(',').flatMap((part) => expand(`${m[1]}${part}${m[3]}`)) : [name];
}

/** Metric name -> [formula, placed by], from the table rows `| names | formula | event |`. */
function documented(): Map<string, [string, string]> {
  const rows = new Map<string, [string, string]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length !== 5 || !cells[1]!.startsWith('`')) continue;
    for (const [, name] of cells[1]!.matchAll(/`([^`]+)`/g)) for (const one of expand(name!)) rows.set(one, [cells[2]!, cells[3]!]);
  }
  return rows;
}

describe('docs/measurements.md defines every metric of the spec', () => {
  const rows = documented();
  it.each([...new Set([...V2_METRICS, ...V1_METRICS].map((m) => m.name))])('%s', (name) => {
    const row = rows.get(name);
    expect(row, `no line for ${name}`).toBeDefined();
    const [formula, event] = row!;
    expect(formula.length).toBeGreaterThan(0);
    // A metric the data cannot place says so with a dash; every other names its event.
    expect(event === '—' || /_at\b|`at`|any event|that end time|as that metric/.test(event), `${name}: placed by "${event}"`).toBe(true);
  });
});
