// The emctl command line: the full program (every command registered up front), for tests and
// in-process callers. The executable runs the same program built lazily (lazy.ts), loading only
// the command it runs.

import type { Command } from 'commander';
import type { CliIO } from './io.js';
import { registerCommands } from './commands/index.js';
import { configureSubcommands, rootProgram, runProgram } from './program.js';

export { formatError, type CommandContext, type GlobalOptions } from './program.js';

export function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const { program, ctx } = rootProgram(io, setExit);
  registerCommands(program, ctx);
  configureSubcommands(program, io);
  return program;
}

/** Runs emctl with `argv` (without the node and script entries) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(argv, io, async (setExit) => buildProgram(io, setExit));
}
