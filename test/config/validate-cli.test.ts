// `emctl validate` through the real CLI: exit codes, text and JSON output, GitHub annotations.

import { describe, expect, test } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { annotation } from '../../src/workflows/validate.js';
import { writeFiles, yaml } from './helpers.js';

const VALID = yaml`
  version: 1
  integrations:
    tracker: { id: 10, provider: tracker_a }
  teams:
    42:
      pm:
        tracker: { boards: ["101"] }
  git:
    repositories:
      acme/api: { monitored: true }
`;

const INVALID = yaml`
  version: 1
  teams:
    42:
      pm:
        trackr: { boardz: [] }
  git:
    defaults:
      active_branches_duration: { days: 10 }
`;

describe('emctl validate', () => {
  test('a valid config exits 0 with a summary line', async () => {
    const dir = writeFiles({ 'emctl.yaml': VALID });
    const result = await runEmctl(['validate'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'ok: emctl.yaml is valid (1 team, 1 repository, 0 selection sets, 0 default sections, 1 integration alias)\n',
    );
  });

  test('an invalid config exits 1 listing every diagnostic in line order, then a count', async () => {
    const dir = writeFiles({ 'conf/main.yaml': INVALID });
    const result = await runEmctl(['validate', '-c', 'conf/main.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'conf/main.yaml:5:7: integration alias `trackr` is not declared under `integrations:`',
      "conf/main.yaml:5:17: unknown key `boardz` in team 42's trackr scope; did you mean `boards`?",
      'conf/main.yaml:8:39: `days` must be one of 3, 7, 14; got 10',
      '3 errors in conf/main.yaml',
      '',
    ]);
  });

  test('past 100 errors in a file the summary still counts every one, and plan says the same count', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => `k${i}: 1`).join('\n');
    const dir = writeFiles({ 'emctl.yaml': `version: 1\n${keys}\n` });
    const result = await runEmctl(['validate'], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(102);
    expect(lines[100]).toBe('emctl.yaml:102:1: ... and 150 more errors in this file from here on (not shown: at most 100 per file)');
    expect(lines[101]).toBe('250 errors in emctl.yaml');
    const plan = await runEmctl(['plan', '--emulator', 'default'], { cwd: dir });
    expect(plan.code).toBe(1);
    // The path as the user would type it (relative to the working directory), not made absolute.
    expect(plan.stderr).toContain('250 errors in emctl.yaml\n');
    expect(plan.stderr).not.toContain(dir);
  });

  test('a missing file is an error at the file naming the path, the reason and the default of -c', async () => {
    const dir = writeFiles({});
    const result = await runEmctl(['validate'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      // The message names the path tried, as typed (relative to the working directory).
      `emctl.yaml:1:1: cannot read config emctl.yaml: no such file or directory (pass -c PATH; the default is ./emctl.yaml)\n1 error in emctl.yaml\n`,
    );
    const given = await runEmctl(['validate', '-c', 'conf/nope.yaml'], { cwd: dir });
    expect(given.code).toBe(1);
    expect(given.stdout).toBe(
      `conf/nope.yaml:1:1: cannot read config conf/nope.yaml: no such file or directory (pass -c PATH; the default is ./emctl.yaml)\n1 error in conf/nope.yaml\n`,
    );
  });

  test('-c emctl.yml beside emctl.yaml: did you mean, the path as typed, once per line (validate, plan, measurements, goals)', async () => {
    const dir = writeFiles({ 'emctl.yaml': VALID, 'teams.yaml': VALID });
    const validate = await runEmctl(['validate', '-c', 'emctl.yml'], { cwd: dir });
    expect(validate.code).toBe(1);
    expect(validate.stdout).toBe(
      'emctl.yml:1:1: cannot read config emctl.yml: no such file or directory; did you mean `emctl.yaml`? (pass -c PATH; the default is ./emctl.yaml)\n1 error in emctl.yml\n',
    );
    for (const args of [['plan', '--emulator', 'default', '-c', 'emctl.yml'], ['measurements', '--metric', 'pr.merged', '-c', 'emctl.yml'], ['goals', '-c', 'emctl.yml']]) {
      const r = await runEmctl(args, { cwd: dir });
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr, args[0]).toBe('Error: cannot read config emctl.yml: no such file or directory; did you mean `emctl.yaml`? (pass -c PATH; the default is ./emctl.yaml)\n');
    }
    // A name two edits from one YAML file of the directory; none when nothing is close.
    const typo = await runEmctl(['validate', '-c', 'sub/../emctl.yam'], { cwd: dir });
    expect(typo.stdout).toContain('did you mean `emctl.yaml`?');
    const far = await runEmctl(['validate', '-c', 'settings.yaml'], { cwd: dir });
    expect(far.stdout).not.toContain('did you mean');
  });

  test('a path through a file is refused with its reason, and no -c hint (something is there)', async () => {
    const dir = writeFiles({ 'v.yaml': VALID });
    const result = await runEmctl(['validate', '-c', 'v.yaml/emctl.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `v.yaml/emctl.yaml:1:1: cannot read config v.yaml/emctl.yaml: a part of the path is not a directory\n1 error in v.yaml/emctl.yaml\n`,
    );
  });

  test('--format json prints {valid, diagnostics}', async () => {
    const dir = writeFiles({ 'emctl.yaml': INVALID });
    const result = await runEmctl(['validate', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const parsed = JSON.parse(result.stdout) as { valid: boolean; diagnostics: unknown[] };
    expect(parsed.valid).toBe(false);
    expect(parsed.diagnostics[2]).toEqual({
      file: 'emctl.yaml',
      line: 8,
      column: 39,
      message: '`days` must be one of 3, 7, 14; got 10',
      severity: 'error',
    });
    const ok = await runEmctl(['validate', '--format', 'json', '-c', 'v.yaml'], { cwd: writeFiles({ 'v.yaml': VALID }) });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ valid: true, diagnostics: [] });
  });

  test('GITHUB_ACTIONS=true adds one annotation per diagnostic', async () => {
    const dir = writeFiles({ 'emctl.yaml': INVALID });
    const result = await runEmctl(['validate'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    const annotations = result.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toEqual([
      '::error file=emctl.yaml,line=5,col=7::integration alias `trackr` is not declared under `integrations:`',
      "::error file=emctl.yaml,line=5,col=17::unknown key `boardz` in team 42's trackr scope; did you mean `boards`?",
      '::error file=emctl.yaml,line=8,col=39::`days` must be one of 3, 7, 14; got 10',
    ]);
    const json = await runEmctl(['validate', '--format', 'json'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(() => JSON.parse(json.stdout) as unknown).not.toThrow();
    expect(json.stderr.split('\n').filter((l) => l.startsWith('::error'))).toHaveLength(3);
  });

  test('annotations escape what the runner would misread', () => {
    expect(
      annotation({ file: 'a,b:c.yaml', line: 1, column: 2, message: '100% bad\nnext line', severity: 'warning' }),
    ).toBe('::warning file=a%2Cb%3Ac.yaml,line=1,col=2::100%25 bad%0Anext line');
  });

  test('an unknown --format is a usage error', async () => {
    const dir = writeFiles({ 'emctl.yaml': VALID });
    const result = await runEmctl(['validate', '--format', 'xml'], { cwd: dir });
    expect(result.code).toBe(1);
  });
});

describe('emctl validate: a drift.ignore rule past its `until` day, by the command clock', () => {
  const CONFIG = yaml`
    version: 1
    git:
      repositories:
        acme/api: { monitored: true }
    drift:
      ignore:
        - address: repo["acme/api"]
          reason: trial by the platform team
          until: 2026-12-31
  `;
  // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
  test.each([
    ['2026-11-27T12:00:00Z', false],
    ['2026-12-31T12:00:00Z', false],
    ['2027-01-01T12:00:00Z', true],
    ['2028-02-29T12:00:00Z', true],
  ])('on %s expired: %s', async (now, expired) => {
    const dir = writeFiles({ 'emctl.yaml': CONFIG });
    const result = await runEmctl(['validate'], { cwd: dir, now: new Date(now) });
    expect(result.code, result.stderr).toBe(0);
    const warning = 'emctl.yaml:9:14: warning: this rule expired on 2026-12-31; drift under `repo["acme/api"]` is reported again';
    if (expired) expect(result.stdout).toContain(warning);
    else expect(result.stdout).not.toContain('expired');
  });
});
