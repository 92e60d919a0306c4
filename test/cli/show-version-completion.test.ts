// emctl show PLANFILE, emctl version [--json], emctl completion bash|zsh|fish.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { completionSpec } from '../../src/cli/commands/completion.js';
import { runEmctl } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const silentIO = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: {}, env: {}, cwd: ROOT };

describe('emctl version', () => {
  it('prints the version, and as JSON the version, plan format, Node.js and platform', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const text = await runEmctl(['version']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^emctl ${pkg.version.replace(/\./g, '\\.')} \\(Node\\.js v\\d+`));
    const json = await runEmctl(['version', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ version: pkg.version, plan_format_version: expect.any(Number), node: process.version, platform: `${process.platform}-${process.arch}` });
    expect((await runEmctl(['--version'])).stdout).toBe(`${pkg.version}\n`);
  });
});

describe('emctl show PLANFILE', () => {
  it('prints a saved plan offline, in each format, as plan printed it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emctl-show-'));
    const planfile = join(dir, 'plan.json');
    const config = join(ROOT, 'examples/acme/emctl.yaml');
    const made = await runEmctl(['--emulator', 'default', 'plan', '-c', config, '--out', planfile]);
    expect(made.code, made.stderr).toBe(0);
    // No --emulator, no base URL, no key: nothing is read from a service.
    const text = await runEmctl(['show', planfile]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Saved plan .*plan\.json, made \d{4}-\d\d-\d\dT/);
    expect(text.stdout).toContain(made.stdout);
    const markdown = await runEmctl(['show', planfile, '--format', 'markdown']);
    expect(markdown.stdout.startsWith('<!-- emctl-plan -->')).toBe(true);
    const json = await runEmctl(['show', planfile, '--format', 'json']);
    expect(json.stdout).toBe(readFileSync(planfile, 'utf8'));
  });

  it('refuses a file that is not a plan, and a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emctl-show-'));
    writeFileSync(join(dir, 'x.json'), '{"hello": 1}');
    const bad = await runEmctl(['show', join(dir, 'x.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('not an emctl plan: no format_version');
    const missing = await runEmctl(['show', join(dir, 'nope.json')]);
    expect(missing.code).toBe(1);
    // DESIGN 9: no raw ENOENT; what to do instead.
    expect(missing.stderr).toContain(`cannot read the plan file ${join(dir, 'nope.json')}: no such file or directory; make it with "emctl plan --out ${join(dir, 'nope.json')}"`);
    expect(missing.stderr).not.toContain('ENOENT');
    // A config where the plan file goes: the hint says what was probably meant.
    const config = await runEmctl(['show', join(ROOT, 'examples/acme/emctl.yaml')]);
    expect(config.code).toBe(1);
    expect(config.stderr).toContain('not an emctl plan: not valid JSON');
    expect(config.stderr).toContain('to see what a config would change, use: emctl plan -c ');
  });
});

describe('emctl completion', () => {
  const spec = completionSpec(buildProgram(silentIO, () => {}));

  it('bash: completes every command, and each command\'s options and choices', async () => {
    const r = await runEmctl(['completion', 'bash']);
    expect(r.code).toBe(0);
    const complete = (...words: string[]): string[] => {
      const script = `${r.stdout}\nCOMP_WORDS=(emctl ${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length}; _emctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const out = spawnSync('bash', ['--norc', '-c', script], { encoding: 'utf8', cwd: mkdtempSync(join(tmpdir(), 'emctl-comp-')) });
      expect(out.stderr).toBe('');
      return out.stdout.split('\n').filter((l) => l !== '');
    };
    expect(complete('')).toEqual(expect.arrayContaining(spec.commands.map((c) => c.name)));
    for (const command of spec.commands) {
      const offered = complete(command.name, '-');
      for (const option of command.options) for (const flag of option.flags) expect(offered, `${command.name} ${flag}`).toContain(flag);
    }
    expect(complete('plan', '--format', '')).toEqual(['text', 'json', 'markdown']);
    // A global option's value is not the command, however the value is written.
    expect(complete('--emulator', 'default', 'plan', '--det')).toEqual(['--detailed-exitcode']);
    expect(complete('--base-url', '=', 'http', ':', '//127.0.0.1', ':', '8080', 'plan', '--det')).toEqual(['--detailed-exitcode']);
    // After a global option that takes a value: never the commands.
    expect(complete('--emulator', 'x')).toEqual([]);
    // The bundled fixture's name (besides files); the first word of each kind of address; --help.
    expect(complete('--emulator', 'd')).toEqual(['default']);
    expect(complete('plan', '--target', '')).toEqual(['collection.', 'team[', 'git.defaults', 'repo[']);
    expect(complete('plan', '--exclude', 're')).toEqual(['repo[']);
    expect(complete('plan', '--he')).toEqual(['--help']);
    expect(complete('--he')).toEqual(['--help']);
    // The measurement request's values, which commander does not check (checkSpec does).
    expect(complete('measurements', '--roll-up', '')).toEqual(['1d', '1w', '1mo', 'custom']);
    expect(complete('measurements', '--group-by', 'te')).toEqual(['team']);
    expect(complete('measurements', '--format', 'c')).toEqual(['csv', 'chart']);
    expect(complete('measurements', '--metric', 'branch.computed.cy')).toEqual(['branch.computed.cycle_time']);
    expect(complete('plan', '--base-url', '')).toEqual([]);
    expect(complete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    // Offline commands: the network options their help leaves out are not offered either.
    for (const offline of ['validate', 'show', 'completion', 'version']) {
      const offered = complete(offline, '--');
      for (const flag of ['--base-url', '--api-key-file', '--emulator', '--concurrency', '--rate-limit', '--insecure-http']) expect(offered, `${offline} ${flag}`).not.toContain(flag);
      expect(offered, offline).toContain('--no-color');
    }
    expect(complete('plan', '--')).toContain('--base-url');
  });

  it('zsh and fish: every command and every option is in the script', async () => {
    for (const shell of ['zsh', 'fish']) {
      const r = await runEmctl(['completion', shell]);
      expect(r.code).toBe(0);
      for (const command of spec.commands) {
        expect(r.stdout, `${shell} ${command.name}`).toMatch(new RegExp(`\\b${command.name}\\b`));
        for (const option of command.options) {
          const long = option.flags.find((f) => f.startsWith('--'));
          if (long) expect(r.stdout, `${shell} ${command.name} ${long}`).toContain(shell === 'fish' ? `-l ${long.slice(2)}` : long);
        }
      }
    }
    expect(spec.commands.map((c) => c.name)).toEqual(['validate', 'plan', 'apply', 'drift', 'export', 'measurements', 'goals', 'emulator', 'show', 'version', 'completion']);
  });

  it('refuses another shell', async () => {
    const r = await runEmctl(['completion', 'powershell']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('choose bash, zsh or fish');
  });
});
