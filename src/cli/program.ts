// The emctl command line: global options, every command registered up front (the one registry:
// each command's module is commander wiring only and loads its workflow inside its action, so
// `emctl --help` loads no HTTP client, emulator or renderer), and the one place that turns
// whatever a command returned or threw into an exit code (via src/cli/exit.ts).

import { Command, CommanderError, Option } from 'commander';
import { habitPointer, unknownIn } from './habits.js';
import { refuseKeyFlag, withoutOptionValues } from './key-flag.js';
import { redactedRun } from './redact-output.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_THROTTLE_WAIT_MS, DEFAULT_RATE_LIMIT } from '../contract/defaults.js';
import { EmctlError } from '../contract/errors.js';
import { escapeControl } from '../core/escape.js';
import { EMCTL_VERSION } from '../core/version.js';
import { EXIT_ERROR, EXIT_OK, exitCodeFor } from './exit.js';
import type { WorkflowIO } from '../workflows/io.js';
import type { GlobalOptions } from '../workflows/options.js';
import { NETWORK_OPTIONS, OFFLINE_COMMANDS, type CommandContext } from './context.js';
import { registerApplyCommand } from './commands/apply.js';
import { registerCompletionCommand } from './commands/completion.js';
import { registerDriftCommand } from './commands/drift.js';
import { registerEmulatorCommand } from './commands/emulator.js';
import { registerExportCommand } from './commands/export.js';
import { registerGoalsCommand } from './commands/goals.js';
import { registerMeasurementsCommand } from './commands/measurements.js';
import { registerPlanCommand } from './commands/plan.js';
import { registerShowCommand } from './commands/show.js';
import { registerValidate } from './commands/validate.js';
import { registerVersionCommand } from './commands/version.js';

const ROOT_HELP_EPILOG = `
Exit codes:
  0  success; no changes pending
  1  error: invalid config, API failure, a write rejected, a change the service would refuse
  2  changes pending (plan --detailed-exitcode, drift); a goal missed (goals)
  3  refused by a safety rail (--force overrides) or a stale saved plan (plan again)

Environment:
  EMCTL_BASE_URL   service base URL (--base-url wins)
  EMCTL_API_KEY    API key (--api-key-file wins); never written to output, logs, plans or journals
  NO_COLOR         disable colour (wins over FORCE_COLOR)
  FORCE_COLOR      colour even when the output is not a terminal (CI logs)

Examples:
  emctl --emulator default plan -c examples/acme/emctl.yaml   try it with no account
  emctl validate                                 check ./emctl.yaml offline
  emctl plan --out plan.json                     review (emctl show plan.json), then: emctl apply plan.json
  emctl plan --changed-from origin/main          a pull request: only what it changes is read and planned
  emctl apply --auto-approve                     plan and apply in one go (CI)
  emctl drift --format markdown                  nightly: exit 2 when live state moved
  emctl export --out emctl.yaml                  start managing an existing organization
  emctl goals --format markdown                  weekly: exit 2 when a team misses a goal
  source <(emctl completion bash)                shell completion (also zsh, fish)

Run "emctl help <command>" for a command's options and examples.
`;

function positiveInt(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) {
      throw new EmctlError('config', `${name} must be an integer >= ${min}, got "${value}"`);
    }
    return n;
  };
}

/**
 * A duration for --max-throttle-wait: `10m`, `90s`, `1m30s`, `1h`, or plain seconds (`600`); `0` = no
 * limit. Returns milliseconds.
 */
export function parseDuration(name: string) {
  return (value: string): number => {
    const text = value.trim();
    const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s?)?$/.exec(text);
    if (text === '' || match === null) throw new EmctlError('config', `${name} must be a duration such as 10m, 90s or 1m30s (0 = no limit), got "${value}"`);
    const [, h = '0', m = '0', sec = '0'] = match;
    return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(sec)) * 1000);
  };
}

/** In the order of the workflow, which is the order `emctl --help` lists them. */
function registerCommands(program: Command, ctx: CommandContext): void {
  registerValidate(program, ctx);
  registerPlanCommand(program, ctx);
  registerApplyCommand(program, ctx);
  registerDriftCommand(program, ctx);
  registerExportCommand(program, ctx);
  registerMeasurementsCommand(program, ctx);
  registerGoalsCommand(program, ctx);
  registerEmulatorCommand(program, ctx);
  registerShowCommand(program, ctx);
  registerVersionCommand(program, ctx);
  registerCompletionCommand(program, ctx);
}

/** The whole program: global options and every command. */
export function buildProgram(io: WorkflowIO, setExit: (code: number) => void): Command {
  const { program, ctx } = rootProgram(io, setExit);
  registerCommands(program, ctx);
  configureSubcommands(program, io);
  return program;
}

/** The program with its global options and no command yet, and the context commands get. */
function rootProgram(io: WorkflowIO, setExit: (code: number) => void): { program: Command; ctx: CommandContext } {
  const program = new Command('emctl')
    .description('Engineering Metrics Service settings as code: validate, plan, apply, drift, export.')
    .version(EMCTL_VERSION)
    .addOption(new Option('--base-url <url>', 'service base URL (env EMCTL_BASE_URL)'))
    .addOption(new Option('--api-key-file <path>', 'read the API key from this file (else env EMCTL_API_KEY; never a flag value)'))
    .addOption(new Option('--emulator <fixture>', 'run against an in-process emulator seeded from FIXTURE ("default" = the bundled example)'))
    .addOption(new Option('--concurrency <n>', 'requests in flight at once').default(DEFAULT_CONCURRENCY).argParser(positiveInt('--concurrency', 1)))
    .addOption(new Option('--rate-limit <n>', 'calls per minute per route; 0 = off').default(DEFAULT_RATE_LIMIT).argParser(positiveInt('--rate-limit', 0)))
    .addOption(
      new Option('--max-throttle-wait <duration>', 'give up (exit 1) when a route answers nothing but 429 for this long; 0 = no limit')
        .default(DEFAULT_MAX_THROTTLE_WAIT_MS, '10m')
        .argParser(parseDuration('--max-throttle-wait')),
    )
    .addOption(new Option('--no-color', 'disable colour (also NO_COLOR)'))
    .addOption(new Option('-v, --verbose', 'log each request on stderr (method, path, status, ms); the key is never shown'))
    .addOption(new Option('--insecure-http', 'allow a non-loopback http:// base URL (the key would travel in cleartext)'))
    .addHelpText('after', ROOT_HELP_EPILOG)
    // A usage error is the hint and one line pointing to the help, not the whole help.
    .showHelpAfterError('(run "emctl --help" for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
      outputError: (s, write) => write(shownLines(usageHint(withoutOptionValues(s), program))),
    });

  const ctx: CommandContext = {
    io,
    globals(command: Command): GlobalOptions {
      const o = command.optsWithGlobals();
      return {
        baseUrl: o.baseUrl ?? io.env.EMCTL_BASE_URL,
        apiKeyFile: o.apiKeyFile,
        emulator: o.emulator,
        concurrency: o.concurrency ?? DEFAULT_CONCURRENCY,
        rateLimit: o.rateLimit ?? DEFAULT_RATE_LIMIT,
        maxThrottleWaitMs: o.maxThrottleWait ?? DEFAULT_MAX_THROTTLE_WAIT_MS,
        color: o.color !== false && !io.env.NO_COLOR,
        forceColor: io.env.FORCE_COLOR !== undefined && !['0', 'false'].includes(io.env.FORCE_COLOR),
        verbose: Boolean(o.verbose),
        insecureHttp: Boolean(o.insecureHttp),
      };
    },
    exit: setExit,
  };
  return { program, ctx };
}

/** Subcommands inherit output routing and error behaviour; call after registering them. */
function configureSubcommands(program: Command, io: WorkflowIO): void {
  // Each command's --help also lists the global options that apply to it (they are accepted after
  // the command too); offline commands leave out the network ones.
  for (const sub of program.commands) {
    const offline = OFFLINE_COMMANDS.has(sub.name());
    const base = sub.createHelp();
    base.showGlobalOptions = true;
    sub
      .exitOverride()
      .showHelpAfterError(`(run "emctl ${sub.name()} --help" for usage)`)
      .configureHelp({
        showGlobalOptions: true,
        visibleGlobalOptions: (cmd) => base.visibleGlobalOptions(cmd).filter((o) => !offline || !NETWORK_OPTIONS.has(o.long ?? '')),
      })
      .configureOutput({
        writeOut: (s) => void io.stdout.write(s),
        writeErr: (s) => void io.stderr.write(s),
        outputError: (s, write) => write(shownLines(usageHint(withoutOptionValues(s), sub))),
      });
  }
}

/**
 * Terraform's `-chdir=DIR` would otherwise parse as `-c hdir=DIR` (a short option with its value
 * attached) and fail on a config named "hdir=DIR". emctl has no -chdir: say what to do instead.
 */
export function refuseChdir(argv: readonly string[]): void {
  for (const arg of argv) {
    if (arg === '--') return;
    if (/^--?chdir(?:=|$)/.test(arg)) {
      throw new EmctlError('config', 'emctl has no -chdir: run it in that directory (cd DIR && emctl ...), or name the config with -c DIR/emctl.yaml');
    }
  }
}

/**
 * Terraform's options take one dash (`-out`, `-auto-approve`); emctl's long options take two. An
 * unknown `-out` that is `--out` of this command (or a global option) says so. A config given as an
 * argument says how to name it.
 */
export function usageHint(message: string, command: Command): string {
  const unknown = unknownIn(message, command);
  const pointer = unknown === undefined ? undefined : habitPointer(unknown);
  if (pointer !== undefined) return `${message.replace(/\n?$/, '')}\n(${pointer})\n`;
  // `emctl plan emctl.yaml` (Terraform once took a directory here): the config goes with -c.
  if (/too many arguments/.test(message) && command.options.some((o) => o.long === '--config')) {
    return `${message.replace(/\n?$/, '')}\n(a config is named with -c: emctl ${command.name()} -c PATH)\n`;
  }
  const m = /unknown option '-([a-z][a-z-]+)(?:=[^']*)?'/.exec(message);
  if (!m) return message;
  const long = `--${m[1]}`;
  const known = [...command.options, ...(command.parent?.options ?? [])].some((o) => o.long === long);
  return known ? `${message.replace(/\n?$/, '')}\n(emctl's long options take two dashes: ${long})\n` : message;
}

/** Formats an error for people: message, then one detail per line. Secrets are redacted upstream. */
export function formatError(error: unknown): string {
  if (error instanceof EmctlError) {
    const lines = [`Error: ${shownLines(error.message)}`, ...error.details.map((d) => `  ${shownLines(d)}`)];
    return lines.join('\n') + '\n';
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Error: ${shownLines(message)}\n`;
}

/** A message's own line breaks kept; every other control character (the service's text may hold ESC) escaped. */
function shownLines(text: string): string {
  return text.split('\n').map(escapeControl).join('\n');
}

/**
 * Runs emctl with `argv` (without the node and script entries) and returns the exit code.
 * Everything it prints, commander's own messages included, is redacted (redact-output.ts).
 */
export async function runCli(argv: readonly string[], rawIO: WorkflowIO): Promise<number> {
  return redactedRun(argv, rawIO, async (io) => {
    let code = EXIT_OK;
    try {
      refuseKeyFlag(argv);
      refuseChdir(argv);
      const program = buildProgram(io, (c) => {
        code = c;
      });
      await program.parseAsync([...argv], { from: 'user' });
      return code;
    } catch (error) {
      if (error instanceof CommanderError) {
        // Help and version are successes; usage errors were already printed by commander.
        return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
      }
      io.stderr.write(formatError(error));
      return exitCodeFor(error);
    }
  });
}
