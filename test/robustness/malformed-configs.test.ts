// A generated corpus of malformed configs (DESIGN 8): each one is refused with located errors
// (file:line:column), no crash, in bounded time and memory. Most run in-process through the
// loader (fast); a handful run through the real CLI (`plan` against an emulator), which must exit
// 1 having sent no request. Bounded: 120+ cases, a few seconds in all.

import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { seededRandom } from '../../src/emulator/fixture/random.js';
import { acmeFixture, against, apiRequests, startTestEmulator } from '../helpers/emulator.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/cli/bin.js');

const BASE = `version: 1
integrations:
  tracker: { id: 10, provider: tracker_a }
collection:
  tracker:
    boards: ["101", "102"]
teams:
  42:
    name: Payments
    pm:
      tracker:
        methodology: Scrum
        boards: ["101"]
        labels: [backend]
    git:
      repositories: [acme/api]
      services: [7]
git:
  defaults:
    active_branches_duration: { days: 7 }
    exclude_branches: { patterns: ["^wip/"] }
  repositories:
    acme/web:
      settings:
        default_branch: { branch_name: develop }
`;
const LINES = BASE.split('\n');

type Case = [name: string, content: string | Buffer];

/** Inserts `text` at the start of line `n` (0-based) of the base config. */
function atLine(n: number, text: string): string {
  return [...LINES.slice(0, n), text + (LINES[n] ?? ''), ...LINES.slice(n + 1)].join('\n');
}

function corpus(): Case[] {
  const random = seededRandom(12); // the emulator's mulberry32: the corpus is the same on every run
  const cases: Case[] = [];
  const contentLines = LINES.map((l, i) => [l, i] as const).filter(([l]) => l.trim() !== '');
  // Bytes that are never allowed, at 12 places each: NUL, a byte that is not UTF-8, a lone continuation byte.
  for (let k = 0; k < 12; k++) {
    const [, i] = contentLines[Math.floor(random() * contentLines.length)]!;
    const at = Buffer.from(LINES.slice(0, i).join('\n') + (i > 0 ? '\n' : ''), 'utf8').length + Math.floor(random() * 3);
    const bytes = Buffer.from(BASE, 'utf8');
    for (const bad of [0x00, 0xff, 0x80]) cases.push([`byte 0x${bad.toString(16)} at ${at}`, Buffer.concat([bytes.subarray(0, at), Buffer.from([bad]), bytes.subarray(at)])]);
  }
  // An unclosed flow collection, cut at 10 places.
  for (let k = 0; k < 10; k++) {
    const [line, i] = contentLines[1 + Math.floor(random() * (contentLines.length - 1))]!;
    cases.push([`unclosed flow list at line ${i + 1}`, [...LINES.slice(0, i), `${line.replace(/\S.*$/, '')}x: [a, b`, ...LINES.slice(i + 1)].join('\n')]);
  }
  // An unknown key at every level of every map.
  for (const [, i] of contentLines.filter(([l]) => /^\s*[a-z0-9_"/]+:/.test(l))) {
    const indent = /^\s*/.exec(LINES[i]!)?.[0] ?? '';
    cases.push([`unknown key before line ${i + 1}`, atLine(i, `${indent}bogus_key_${i}: 1\n`)]);
  }
  // A duplicate of every top-level and team key.
  for (const key of ['version: 1', 'integrations: {}', 'teams: {}', 'git: {}', 'collection: {}']) cases.push([`duplicate ${key}`, `${BASE}${key}\n`]);
  // Wrong types and values, one place each.
  const replacements: [string, string][] = [
    ['version: 1', 'version: 2'],
    ['version: 1', 'version: "one"'],
    ['  42:', '  abc:'],
    ['  42:', '  0:'],
    ['  42:', '  -3:'],
    ['methodology: Scrum', 'methodology: Waterfall'],
    ['boards: ["101"]', 'boards: "101"'],
    ['boards: ["101"]', 'boards: [{ bogus: 1 }]'],
    ['labels: [backend]', 'labels: [backend, backend]'],
    ['services: [7]', 'services: [0]'],
    ['services: [7]', 'services: ["seven"]'],
    ['repositories: [acme/api]', 'repositories: [0]'],
    ['repositories: [acme/api]', 'repositories: [acme/api, acme/api]'],
    ['days: 7', 'days: 5'],
    ['days: 7', 'days: "7"'],
    ['patterns: ["^wip/"]', 'patterns: ["(unclosed"]'],
    ['patterns: ["^wip/"]', 'patterns: ["a{2,1}"]'],
    ['patterns: ["^wip/"]', 'patterns: "^wip/"'],
    ['branch_name: develop', 'branch_name: [develop]'],
    ['acme/web:', '0:'],
    ['tracker: { id: 10, provider: tracker_a }', 'tracker: { id: 10, name: "x" }'],
    ['tracker: { id: 10, provider: tracker_a }', 'tracker: { id: 0 }'],
    ['tracker: { id: 10, provider: tracker_a }', 'tracker: { provider: tracker_a }'],
    ['  tracker:\n    boards', '  nope:\n    boards'],
    ['      tracker:\n        methodology', '      nope:\n        methodology'],
    ['active_branches_duration: { days: 7 }', 'deployment: { method: tags }'],
    ['active_branches_duration: { days: 7 }', 'releases_detection: { method: api, pattern: "^v" }'],
    ['active_branches_duration: { days: 7 }', 'releases_detection: { method: tags }'],
    ['active_branches_duration: { days: 7 }', 'coding_time_strategy: { method: first_commit, backfill_days: 30 }'],
    ['    name: Payments', '    name: [Payments]'],
    ['    name: Payments', '    name: "Payments'],
    ['    name: Payments', "    name: 'Payments"],
    ['    name: Payments', '    name: Payments\n   pm: {}'],
    ['    name: Payments', '\tname: Payments'],
    ['    name: Payments', '    name: *missing'],
    ['    name: Payments', '    name: { first: Pay }'],
    ['    name: Payments', '    __proto__: {}'],
    ['    name: Payments', '    name: |\n  x'],
    ['version: 1', '%YAML 1.2\n---\nversion: 1\n---\nversion: 1'],
    ['version: 1', '- version: 1'],
    ['version: 1', '"version": 1\n? [a]\n: b'],
  ];
  for (const [from, to] of replacements) cases.push([`"${from.trim()}" -> "${to.trim()}"`, BASE.replace(from, to)]);
  // Whole-document shapes.
  cases.push(['a scalar document', 'just text\n']);
  cases.push(['a list document', '- 1\n- 2\n']);
  cases.push(['only a version string', 'version: "1"\n']);
  cases.push(['3,000 open brackets', `${'['.repeat(3000)}\n`]);
  cases.push(['3,000 open braces as a value', `version: 1\nx: ${'{a: '.repeat(3000)}\n`]);
  cases.push(['deep block nesting', `version: 1\n${Array.from({ length: 400 }, (_, i) => `${' '.repeat(i + 1)}k${i}:`).join('\n')}\n`]);
  cases.push(['self-referencing list anchor', 'version: 1\na: &a [*a]\n']);
  cases.push(['self-referencing map anchor', 'version: 1\na: &a {b: *a}\n']);
  cases.push(['billion laughs', `version: 1\na: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`).join('\n')}\n`]);
  cases.push(['a 1 MB string aliased 5,000 times', `version: 1\nx: &b "${'x'.repeat(1024 * 1024)}"\nteams:\n  42:\n    pm:\n      tracker:\n        labels:\n${'          - *b\n'.repeat(5000)}`]);
  cases.push(['a 2 MB key', `version: 1\n${'k'.repeat(2 * 1024 * 1024)}: 1\n`]);
  cases.push(['a BOM then a tab', '\ufeffversion: 1\n\tteams: {}\n']);
  cases.push(['CR line ends with a bad value', BASE.replace(/\n/g, '\r').replace('days: 7', 'days: 8')]);
  return cases;
}

const CASES = corpus();

describe('a generated corpus of malformed configs', () => {
  it('has at least 100 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100);
  });

  it('refuses every case with located errors, no crash, under 300 MB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-corpus-'));
    const unlocated: string[] = [];
    const accepted: string[] = [];
    const baseline = process.memoryUsage().rss;
    let peak = 0;
    for (const [i, [name, content]] of CASES.entries()) {
      const path = join(dir, `case-${i}.yaml`);
      writeFileSync(path, content);
      const result = await loadConfig(path, CONFIG_CHECKS); // throws on a crash: the test fails with it
      peak = Math.max(peak, process.memoryUsage().rss - baseline);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (result.config !== undefined || errors.length === 0) accepted.push(name);
      for (const e of errors) if (!(e.file === path && e.line >= 1 && e.column >= 1 && e.message.length > 0)) unlocated.push(`${name}: ${JSON.stringify(e)}`);
    }
    expect({ accepted, unlocated }).toEqual({ accepted: [], unlocated: [] });
    expect(peak).toBeLessThan(300 * 1024 * 1024);
  });

  it('through the real CLI: plan exits 1 with file:line:col and sends no request (a handful of cases)', async () => {
    if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run "npm run build" (npm test builds first)');
    const emulator = await startTestEmulator(await acmeFixture());
    try {
      const connection = against(emulator);
      const dir = await mkdtemp(join(tmpdir(), 'emctl-corpus-cli-'));
      const picked = CASES.filter(([name]) => /byte 0x0 |unclosed flow|self-referencing list|1 MB string|3,000 open brackets|days: 5/.test(name)).slice(0, 8);
      expect(picked.length).toBeGreaterThanOrEqual(5);
      for (const [i, [name, content]] of picked.entries()) {
        const path = join(dir, `cli-${i}.yaml`);
        writeFileSync(path, content);
        const outcome = await run(process.execPath, [BIN, ...connection.args, 'plan', '-c', path], { env: { ...process.env, ...connection.env }, maxBuffer: 1 << 24 }).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
        );
        expect({ name, code: outcome.code }).toEqual({ name, code: 1 });
        expect(outcome.stderr, name).toMatch(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+: `));
        expect(outcome.stderr.length, name).toBeLessThan(100_000);
      }
      expect(await apiRequests(emulator.url)).toEqual([]);
    } finally {
      await emulator.close();
    }
  });

  it('through the real CLI: an endless pipe on /dev/stdin is refused at the 20 MB cap', async () => {
    // A shell pipe (a FIFO), as a user would write it; `yes` never ends, so only the cap stops the read.
    const script = `yes 'version: 1' | "${process.execPath}" "${BIN}" validate -c /dev/stdin`;
    const outcome = await run('sh', ['-c', script], { maxBuffer: 1 << 20 }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('/dev/stdin:1:1: more than 20 MB to read; config files over 20 MB are refused');
  });
});

describe('number forms, tags, escapes, directives and outs (issue 18 item 9, issue 32 item 7): each a located error', () => {
  const cases: [string, string, string][] = [
    ['a team id past 2^53-1', 'version: 1\nteams:\n  9007199254740993: {}\n', '3:3: id 9007199254740993 is larger than 2^53-1'],
    ['a hex team id', 'version: 1\nteams:\n  0x2A: {}\n', '3:3: `0x2A` reads as the number 42 in YAML: numbers and ids are written in plain decimal (`42`)'],
    ['an exponent team id', 'version: 1\nteams:\n  4.2e1: {}\n', '3:3: `4.2e1` reads as the number 42 in YAML: numbers and ids are written in plain decimal (`42`)'],
    ['an octal service id', 'version: 1\nteams:\n  42:\n    git:\n      services: [0o52]\n', '5:18: `0o52` reads as the number 42 in YAML'],
    // Round 3 (issue 32 item 7): forms that passed validate and planned against another object.
    ['a tagged quoted hex team id', 'version: 1\nteams:\n  !!int "0x2A": {}\n', '3:9: the YAML tag `!!int` is not accepted: write a number in plain decimal, untagged'],
    ['an octal team id under YAML 1.1', '%YAML 1.1\n---\nversion: 1\nteams:\n  042: {}\n', '5:3: `042` reads as the number 34 in YAML'],
    ['010 under YAML 1.1', '%YAML 1.1\n---\nversion: 1\nteams:\n  010: {}\n', '5:3: `010` reads as the number 8 in YAML'],
    ['a team id written 42.0', 'version: 1\nteams:\n  42.0: {}\n', '3:3: `42.0` reads as the number 42 in YAML'],
    ['a team id written +42', 'version: 1\nteams:\n  +42: {}\n', '3:3: `+42` reads as the number 42 in YAML'],
    ['a team id tagged !!float', 'version: 1\nteams:\n  !!float 42: {}\n', '3:11: the YAML tag `!!float` is not accepted'],
    ['a repository key 1208.0', 'version: 1\ngit:\n  repositories:\n    1208.0: { monitored: true }\n', '4:5: `1208.0` reads as the number 1208 in YAML'],
    ['a repository id in a scope written +5', 'version: 1\nteams:\n  42:\n    git:\n      repositories: [+5]\n', '5:22: `+5` reads as the number 5 in YAML'],
    ['version 1.0', 'version: 1.0\n', '1:10: `1.0` reads as the number 1 in YAML'],
    ['a lone surrogate escape in a name', 'version: 1\nteams:\n  42: { name: "\\ud800" }\n', '3:15: a `\\u` escape here makes a lone surrogate'],
    ['an empty sqlite: out', 'version: 1\nreports:\n  r: { metrics: [pr.merged], out: "sqlite:" }\n', '3:35: report `r`: out `sqlite:` needs a file path'],
    ['the config directory as out', 'version: 1\nreports:\n  r: { metrics: [pr.merged], out: "." }\n', '3:35: report `r`: out `.` is a directory'],
    ['a NUL in out', 'version: 1\nreports:\n  r: { metrics: [pr.merged], out: "a\\0b.csv" }\n', '3:35: report `r`: out `a\\x00b.csv` holds a control character'],
    ['a repository id past 2^53-1', 'version: 1\nteams:\n  42:\n    git:\n      repositories: [9007199254740993]\n', '5:22: id 9007199254740993 is larger than 2^53-1'],
    ['a custom tag', 'version: 1\nteams: !foo {}\n', '2:13: the YAML tag `!foo` is not accepted'],
    ['a python object tag', 'version: 1\nteams: !!python/object {}\n', '2:24: the YAML tag `!!python/object` is not accepted'],
    ['a YAML 9.9 directive', '%YAML 9.9\n---\nversion: 1\n', '1:1: only the %YAML 1.1 or %YAML 1.2 directive is accepted'],
    ['a TAG directive', '%TAG !e! tag:example.com,2000:\n---\nversion: 1\n', '1:1: only the %YAML 1.1 or %YAML 1.2 directive is accepted'],
  ];
  it.each(cases)('%s', async (_name, content, expected) => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-forms-'));
    const path = join(dir, 'emctl.yaml');
    writeFileSync(path, content);
    const result = await loadConfig(path, CONFIG_CHECKS);
    expect(result.config).toBeUndefined();
    expect(result.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`).join('\n')).toContain(expected);
  });

  it('%YAML 1.2 and decimal ids within 2^53-1 are accepted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-forms-'));
    const path = join(dir, 'emctl.yaml');
    writeFileSync(path, '%YAML 1.2\n---\nversion: 1\nteams:\n  9007199254740991: {}\n');
    const result = await loadConfig(path, CONFIG_CHECKS);
    expect(result.diagnostics).toEqual([]);
  });
});
