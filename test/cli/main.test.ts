import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dropWritesToClosedPipe, lineReader } from '../../src/cli/io.js';
import { buildProgram } from '../../src/cli/program.js';
import { NETWORK_OPTIONS, OFFLINE_COMMANDS } from '../../src/cli/context.js';
import { runEmctl } from '../helpers/cli.js';

describe('emctl', () => {
  it('prints help and exits 0', async () => {
    const r = await runEmctl(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: emctl');
  });

  it('lists the exit codes, the environment and examples after the root help', async () => {
    const r = await runEmctl(['--help']);
    expect(r.stdout).toMatch(/Exit codes:\n {2}0 .+\n {2}1 .+\n {2}2 .+\n {2}3 .+/);
    expect(r.stdout).toContain('EMCTL_API_KEY');
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).not.toContain('(default: false)');
  });

  it('lists the commands in the order of the workflow', async () => {
    const r = await runEmctl(['--help']);
    const commands = r.stdout.slice(r.stdout.indexOf('Commands:'), r.stdout.indexOf('Exit codes:'));
    const names = [...commands.matchAll(/^ {2}(\w+) [[<]/gm)].map((m) => m[1]);
    expect(names).toEqual(['validate', 'plan', 'apply', 'drift', 'export', 'measurements', 'goals', 'emulator', 'show', 'version', 'completion', 'help']);
  });

  it('describes every option of every command, and shows the global options in each command\'s help', async () => {
    const program = buildProgram({ stdout: { write: () => true }, stderr: { write: () => true }, stdin: {}, env: {}, cwd: '/' }, () => {});
    for (const command of [program, ...program.commands]) {
      for (const option of command.options) expect(option.description, `${command.name()} ${option.flags}`).not.toBe('');
    }
    for (const name of program.commands.map((c) => c.name())) {
      const r = await runEmctl([name, '--help']);
      expect(r.code, name).toBe(0);
      expect(r.stdout, name).toContain('Global Options:');
      expect(r.stdout, name).toContain('--no-color');
      // Offline commands list no network options; the others list them all.
      const globals = r.stdout.slice(r.stdout.indexOf('Global Options:'));
      for (const flag of NETWORK_OPTIONS) expect(globals.includes(flag), `${name} ${flag}`).toBe(!OFFLINE_COMMANDS.has(name));
    }
  });

  it('a usage error is the hint and one line pointing to --help, not the whole help', async () => {
    const unknownOption = await runEmctl(['plan', '--frobnicate']);
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.stderr).toBe(`error: unknown option '--frobnicate'\n(run "emctl plan --help" for usage)\n`);
    const unknownCommand = await runEmctl(['frobnicate']);
    expect(unknownCommand.stderr).toBe(`error: unknown command 'frobnicate'\n(run "emctl --help" for usage)\n`);
  });

  it("a Terraform-style one-dash option (-out, -auto-approve) is named with emctl's two dashes", async () => {
    const out = await runEmctl(['plan', '-out', 'plan.json']);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(`error: unknown option '-out'\n(emctl's long options take two dashes: --out)\n(run "emctl plan --help" for usage)\n`);
    expect((await runEmctl(['apply', '-auto-approve'])).stderr).toContain('two dashes: --auto-approve');
    // A global option, and a value that is not echoed.
    expect((await runEmctl(['plan', '-base-url=https://user:secret@example.com'])).stderr).toBe(
      `error: unknown option '-base-url=…'\n(emctl's long options take two dashes: --base-url)\n(run "emctl plan --help" for usage)\n`,
    );
    expect((await runEmctl(['plan', '-frobnicate'])).stderr).not.toContain('two dashes');
    // Terraform's -chdir=DIR, which would parse as `-c hdir=DIR`: no such option, and what to do.
    for (const args of [['-chdir=envs/prod', 'plan'], ['validate', '-chdir', 'envs/prod'], ['plan', '--chdir=x']]) {
      const chdir = await runEmctl(args);
      expect(chdir.code, args.join(' ')).toBe(1);
      expect(chdir.stderr, args.join(' ')).toBe('Error: emctl has no -chdir: run it in that directory (cd DIR && emctl ...), or name the config with -c DIR/emctl.yaml\n');
    }
    // A config given as an argument: how to name it.
    expect((await runEmctl(['validate', 'examples/minimal.yaml'])).stderr).toBe(
      `error: too many arguments for 'validate'. Expected 0 arguments but got 1.\n(a config is named with -c: emctl validate -c PATH)\n(run "emctl validate --help" for usage)\n`,
    );
    // -c with its value attached still works.
    expect((await runEmctl(['validate', '-cexamples/minimal.yaml'])).code).toBe(0);
  });

  it('colour: FORCE_COLOR paints a pipe; --no-color and NO_COLOR win over it', async () => {
    const plan = (args: string[], env: Record<string, string | undefined>) => runEmctl(['--emulator', 'default', ...args, 'plan', '-c', 'examples/acme/emctl.yaml'], { env });
    const ESC = String.fromCharCode(27);
    expect((await plan([], { NO_COLOR: undefined, FORCE_COLOR: '1' })).stdout).toContain(`${ESC}[`);
    expect((await plan([], { NO_COLOR: undefined })).stdout).not.toContain(ESC);
    expect((await plan([], { NO_COLOR: undefined, FORCE_COLOR: '0' })).stdout).not.toContain(ESC);
    expect((await plan([], { NO_COLOR: '1', FORCE_COLOR: '1' })).stdout).not.toContain(ESC);
    expect((await plan(['--no-color'], { NO_COLOR: undefined, FORCE_COLOR: '1' })).stdout).not.toContain(ESC);
  });

  it('accepts the global options after the command name too', async () => {
    const r = await runEmctl(['validate', '-c', 'examples/minimal.yaml', '--no-color', '-v', '--concurrency', '2', '--rate-limit', '0']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('refuses an unknown command with exit 1', async () => {
    const r = await runEmctl(['frobnicate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown command|too many arguments/);
  });
});

// The prompt reader of the emctl executable must let go of stdin when closed, or a process that
// asked "Apply these changes?" would never exit after applying them.
describe('lineReader', () => {
  it('reads lines on demand and releases the stream when closed', async () => {
    const input = new PassThrough();
    const reader = lineReader(input);
    expect(input.listenerCount('data')).toBe(0); // nothing read before the first prompt
    input.write('yes\nno\n');
    expect(await reader.readLine()).toBe('yes');
    expect(await reader.readLine()).toBe('no');
    expect(input.listenerCount('data')).toBeGreaterThan(0);
    reader.close();
    expect(input.listenerCount('data')).toBe(0);
    expect(input.isPaused()).toBe(true);
    expect(await reader.readLine()).toBeUndefined();
  });

  it('reports end of input as undefined', async () => {
    const input = new PassThrough();
    const reader = lineReader(input);
    input.end('');
    expect(await reader.readLine()).toBeUndefined();
    reader.close();
  });
});

describe('dropWritesToClosedPipe', () => {
  it('swallows EPIPE (a reader such as `head` went away) and nothing else', () => {
    const stream = new EventEmitter();
    dropWritesToClosedPipe(stream);
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(() => stream.emit('error', epipe)).not.toThrow();
    const other = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    expect(() => stream.emit('error', other)).toThrow('disk full');
  });
});
