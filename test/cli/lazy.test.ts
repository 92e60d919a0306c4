// The executable's program (lazy.ts) loads only the command it runs; it must behave exactly as the
// full program (main.ts): the same root help, the same command help, the same errors. The catalog
// that lists the commands must match the modules it loads.

import { describe, expect, it } from 'vitest';
import { COMMAND_CATALOG } from '../../src/cli/commands/catalog.js';
import type { CliIO } from '../../src/cli/io.js';
import { commandNamed, runCliLazy } from '../../src/cli/lazy.js';
import { buildProgram, runCli } from '../../src/cli/main.js';

async function run(entry: typeof runCli, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    stdin: {},
    env: { NO_COLOR: '1' },
    cwd: process.cwd(),
  };
  const code = await entry(argv, io);
  return { code, stdout, stderr };
}

describe('the command catalog', () => {
  it('lists every command of the full program, in its order, with its description and usage term', () => {
    const program = buildProgram({ stdout: { write: () => true }, stderr: { write: () => true }, stdin: {}, env: {}, cwd: '/' }, () => {});
    const help = program.createHelp();
    expect(COMMAND_CATALOG.map((c) => [c.name, c.description, c.term])).toEqual(
      program.commands.map((c) => [c.name(), c.description(), help.subcommandTerm(c)]),
    );
  });
});

describe('commandNamed', () => {
  it.each([
    [['--help'], undefined],
    [['plan', '-c', 'x.yaml'], 'plan'],
    [['--emulator', 'default', 'plan'], 'plan'],
    [['--emulator=default', '--rate-limit', '0', 'apply', 'plan.json'], 'apply'],
    [['-v', '--base-url', 'http://127.0.0.1:1', 'drift'], 'drift'],
    [['help', 'export'], 'export'],
    [['help'], 'help'],
    [['--', 'plan'], undefined],
    [['frobnicate'], 'frobnicate'],
  ])('%j -> %s', (argv, want) => {
    expect(commandNamed(argv)).toBe(want);
  });
});

describe('the lazily built program', () => {
  it.each([
    [['--help']],
    [['help']],
    [['--version']],
    [['plan', '--help']],
    [['help', 'apply']],
    [['emulator', '--help']],
    [['measurements', '--help']],
    [['frobnicate']],
    [['pla']],
    [['validate', '--format', 'yaml']],
    [['validate', '-c', 'examples/acme/emctl.yaml']],
    [['validate', '-c', 'examples/acme/emctl.yaml', '--format', 'json', '--rate-limit', '0']],
    [['--api-key=secret-value', 'plan']],
  ])('emctl %j answers as the full program', async (...argv) => {
    const args = argv[0] as string[];
    expect(await run(runCliLazy, args)).toEqual(await run(runCli, args));
  });
});
