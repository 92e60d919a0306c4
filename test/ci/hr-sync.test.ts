// The HR-system recipe (examples/hr-sync, docs/teams.md), run for real: the script turns the CSV
// into the committed teams.yaml byte for byte (whatever the row order), reports every bad row with
// its line and writes nothing; the config directory validates; the plan against the example
// organization creates, moves and fills the teams, an apply makes it so and a second plan is empty;
// and the CI workflow, run step by step with the example's files where a repository keeps them,
// checks the generated file, validates and posts the plan on the pull request.

import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureFile, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { startPlatformStub, type PlatformStub } from './platform-stub.js';
import { ROOT, runGithubJob } from './run-examples.js';

const EXAMPLE = join(ROOT, 'examples/hr-sync');
const SCRIPT = join(EXAMPLE, 'hr-to-teams.mjs');
const KEY = 'northwind-dev-key';

async function script(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), `emctl-hr-${prefix}-`));

describe('hr-to-teams.mjs', () => {
  it('writes the committed teams.yaml from the example CSV, the same bytes whatever the row order', async () => {
    const dir = temp('script');
    const r = await script(['--people', join(EXAMPLE, 'people.csv'), '--scopes', join(EXAMPLE, 'scopes.json'), '--out', join(dir, 'teams.yaml')], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`Wrote ${join(dir, 'teams.yaml')}: 6 teams, 10 members.\n`);
    const committed = readFileSync(join(EXAMPLE, 'emctl/teams.yaml'), 'utf8');
    expect(readFileSync(join(dir, 'teams.yaml'), 'utf8')).toBe(committed);

    const [header, ...rows] = readFileSync(join(EXAMPLE, 'people.csv'), 'utf8').trimEnd().split('\n');
    writeFileSync(join(dir, 'people.csv'), `${[header, ...rows.reverse()].join('\r\n')}\r\n`);
    expect((await script(['--people', 'people.csv', '--scopes', join(EXAMPLE, 'scopes.json'), '--out', 'again.yaml'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'again.yaml'), 'utf8')).toBe(committed);
    // A name YAML would read as a key and a value, and a name holding a comma, come through whole.
    expect(committed).toContain('  "Data: Analytics":\n    parent: null\n');
  });

  it('reports every bad row with its line, and writes nothing', async () => {
    const dir = temp('bad');
    writeFileSync(
      join(dir, 'people.csv'),
      [
        'email,name,team,parent_team',
        'ana@northwind.example,Ana,Payments,Engineering',
        'bo@northwind.example,Bo,Payments,Engineering',
        'cy.northwind.example,Cy,Checkout,Engineering',
        'di@northwind.example,Di,Checkout,Engineering',
        'ed@northwind.example,Ed,Platform,Engineering',
        'ed@northwind.example,Ed,Platform,Engineering',
        'flo@northwind.example,Flo,QA,Platform',
        'gus@northwind.example,Gus,checkout,Engineering',
        'hana@northwind.example,Hana,Checkout,Platform',
        'ivan@northwind.example,Ivan,Loop One,Loop Two',
        'jo@northwind.example,Jo,Loop Two,Loop One',
        'kai@northwind.example,Kai,Payments',
        '',
      ].join('\n'),
    );
    mkdirSync(join(dir, 'emctl'));
    const r = await script(['--people', 'people.csv', '--out', 'emctl/teams.yaml'], dir);
    expect(r.code).toBe(1);
    // The same text as examples/hr-sync/README.md shows.
    const readme = readFileSync(join(EXAMPLE, 'README.md'), 'utf8');
    const shown = /```text\n([\s\S]*?)```/.exec(readme)![1]!.replace(/^ {2}/gm, '');
    expect(r.stderr).toBe(shown);
    expect(existsSync(join(dir, 'emctl/teams.yaml'))).toBe(false);

    writeFileSync(join(dir, 'no-parent.csv'), 'email,team\nana@northwind.example,Payments\n');
    const header = await script(['--people', 'no-parent.csv', '--out', 'x.yaml'], dir);
    expect(header.code).toBe(1);
    expect(header.stderr).toContain('no-parent.csv:1: missing columns name, parent_team');

    writeFileSync(join(dir, 'scopes.json'), '{"Paymnets": {"git": {"repositories": []}}}');
    const scopes = await script(['--people', join(EXAMPLE, 'people.csv'), '--scopes', 'scopes.json', '--out', 'x.yaml'], dir);
    expect(scopes.code).toBe(1);
    expect(scopes.stderr).toContain('scopes.json: "Paymnets" is a team the people file does not name');
  });
});

describe('the example config against the example organization', () => {
  let emulator: RunningEmulator;
  let stub: PlatformStub;
  beforeAll(async () => {
    [emulator, stub] = await Promise.all([startEmulator({ fixture: await loadFixtureFile(join(EXAMPLE, 'emulator.yaml')), port: 0, host: '127.0.0.1' }), startPlatformStub()]);
  });
  afterAll(async () => {
    await Promise.all([emulator.close(), stub.close()]);
  });
  const emctl = (args: string[], cwd?: string) => runEmctl(['--base-url', emulator.url, '--rate-limit', '0', ...args], { env: { EMCTL_API_KEY: KEY }, ...(cwd ? { cwd } : {}) });

  it('validates offline', async () => {
    const r = await runEmctl(['validate', '-c', join(EXAMPLE, 'emctl')]);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
  });

  it('runs the CI workflow: the generated file checked, validated, the plan posted on the pull request', async () => {
    const workspace = temp('ws');
    mkdirSync(join(workspace, 'hr'));
    for (const f of ['people.csv', 'scopes.json', 'hr-to-teams.mjs']) cpSync(join(EXAMPLE, f), join(workspace, 'hr', f));
    cpSync(join(EXAMPLE, 'emctl'), join(workspace, 'emctl'), { recursive: true });
    const context = {
      cwd: workspace,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), NO_COLOR: '1', GITHUB_API_URL: stub.url, GITHUB_REPOSITORY: 'northwind/settings', GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567' },
      values: { 'secrets.EMCTL_API_KEY': KEY, 'vars.EMCTL_BASE_URL': emulator.url, 'github.token': 'repo-token', 'runner.os': 'Linux', 'github.event.pull_request.number': '7' },
    };
    const job = await runGithubJob('examples/hr-sync/hr-sync-plan.yml', 'plan', context);
    expect(job.ok, job.steps.map((s) => `${s.name}: ${s.stderr}`).join('\n')).toBe(true);
    const comment = stub.notes.at(-1)!.body;
    expect(comment).toContain('team["Engineering"]');
    expect(comment).toContain('creates-team');
    expect(comment).toContain('bo@northwind.example');

    // A hand edit of teams.yaml fails the first step, naming the file.
    writeFileSync(join(workspace, 'emctl/teams.yaml'), readFileSync(join(workspace, 'emctl/teams.yaml'), 'utf8').replace('"hana@northwind.example"', '"ivan@northwind.example"'));
    const edited = await runGithubJob('examples/hr-sync/hr-sync-plan.yml', 'plan', context);
    expect(edited.ok).toBe(false);
    expect(edited.steps).toHaveLength(1);
    expect(edited.steps[0]!.stdout).toContain('::error file=emctl/teams.yaml::');
  });

  it('plans the sync, applies it, and a second plan is empty', async () => {
    const dir = temp('apply');
    cpSync(join(EXAMPLE, 'emctl'), join(dir, 'emctl'), { recursive: true });
    const plan = await emctl(['plan', '-c', 'emctl', '--detailed-exitcode'], dir);
    expect(plan.code, plan.stderr).toBe(2);
    for (const line of ['team["Engineering"]', 'team["Checkout"]', 'team["Site Reliability"]', 'team["Data: Analytics"]', 'team["Payments"].parent', 'bo@northwind.example', 'cy@northwind.example']) {
      expect(plan.stdout).toContain(line);
    }
    const apply = await emctl(['apply', '-c', 'emctl', '--auto-approve'], dir);
    expect(apply.code, apply.stderr).toBe(0);
    const again = await emctl(['plan', '-c', 'emctl', '--detailed-exitcode'], dir);
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });
});
