// The program the executable runs: the root (global options, help) plus only the command that
// argv names, loaded on demand, so `emctl --help` loads no command and `emctl validate` loads no
// HTTP client, emulator or renderer. Commands are listed in the root help from the catalog. A
// name the catalog does not know (a typo, or a command not in it yet) gets the full program, so
// the error or the command is exactly what main.ts would give.

import type { Command } from 'commander';
import { COMMAND_CATALOG, type CatalogEntry } from './commands/catalog.js';
import type { CliIO } from './io.js';
import { configureSubcommands, rootProgram, runProgram, type CommandContext } from './program.js';

/** Global options that take a value as the next argument (their values are not command names). */
const VALUE_OPTIONS = new Set(['--base-url', '--api-key-file', '--emulator', '--concurrency', '--rate-limit', '--max-throttle-wait']);

/** The command argv runs (`help NAME` runs NAME's help), or undefined when it names none. */
export function commandNamed(argv: readonly string[]): string | undefined {
  const operands: string[] = [];
  for (let i = 0; i < argv.length && operands.length < 2; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-')) operands.push(arg);
  }
  return operands[0] === 'help' && operands[1] !== undefined ? operands[1] : operands[0];
}

async function registerFor(argv: readonly string[], program: Command, ctx: CommandContext): Promise<void> {
  const name = commandNamed(argv);
  const entry = COMMAND_CATALOG.find((c) => c.name === name);
  if (entry !== undefined) {
    (await entry.load())(program, ctx);
    return;
  }
  if (name === undefined || name === 'help') {
    registerListing(program, COMMAND_CATALOG);
    return;
  }
  (await import('./commands/index.js')).registerCommands(program, ctx);
}

/** Every command by name and summary only, for the root help and commander's suggestions. */
function registerListing(program: Command, entries: readonly CatalogEntry[]): void {
  const terms = new Map(entries.map((e) => [e.name, e.term]));
  for (const e of entries) program.command(e.name).description(e.description);
  const help = program.createHelp();
  // The implicit `help [command]` keeps commander's own term.
  program.configureHelp({ subcommandTerm: (cmd) => terms.get(cmd.name()) ?? help.subcommandTerm(cmd) });
}

/** Runs emctl with `argv`, loading only what the command needs; returns the exit code. */
export async function runCliLazy(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(argv, io, async (setExit) => {
    const { program, ctx } = rootProgram(io, setExit);
    await registerFor(argv, program, ctx);
    configureSubcommands(program, io);
    return program;
  });
}
