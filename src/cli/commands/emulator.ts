// `emctl emulator` (src/workflows/serve-emulator.ts): its options, each checked as it is parsed.

import { Option, type Command } from 'commander';
import { EmctlError } from '../../contract/errors.js';
import type { EmulatorRequest } from '../../workflows/serve-emulator.js';
import type { CommandContext } from '../context.js';

/** The options commander parses (the emulator's own --rate-limit included). */
type EmulatorCommandOptions = EmulatorRequest;

function number(name: string, check: (n: number) => boolean, expected: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new EmctlError('config', `${name} must be ${expected}, got "${value}"`);
    return n;
  };
}

export function registerEmulatorCommand(program: Command, ctx: CommandContext): void {
  program
    .command('emulator')
    .description('serve an emulator of the Engineering Metrics Service (default: the bundled Acme example)')
    .option('--fixture <file>', 'organization to serve, YAML or JSON (default: examples/acme/emulator.yaml)')
    .option('--generate <spec>', 'serve a generated organization instead, e.g. repos=10000,teams=500,boards=2000,seed=1 (contributors=N, default 6 a team; pull requests: prs=N[,months=N])')
    .addOption(new Option('--port <n>', 'port; 0 picks a free one').default(0).argParser(number('--port', (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'an integer 0..65535')))
    .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
    .option('--state <file>', 'persist the state to FILE after each change (atomically), and start from it when it exists')
    .addOption(new Option('--latency <ms>', 'added to every response').default(0).argParser(number('--latency', (n) => n >= 0, 'a number of milliseconds >= 0')))
    .addOption(new Option('--fault-rate <r>', 'share of API requests answered by an injected fault').default(0).argParser(number('--fault-rate', (n) => n >= 0 && n <= 1, 'between 0 and 1')))
    .addOption(new Option('--rate-limit <n>', "the emulated service's limit: calls per minute per route and key; 0 = off").default(0).argParser(number('--rate-limit', (n) => Number.isInteger(n) && n >= 0, 'an integer >= 0')))
    .addOption(new Option('--report-delay <ms>', 'v1 measurement reports are ready this long after they are requested').default(1500).argParser(number('--report-delay', (n) => n >= 0, 'a number of milliseconds >= 0')))
    .addOption(new Option('--report-retention <s>', 'report links (and v1 report ids) expire this long after the file is ready').default(3600).argParser(number('--report-retention', (n) => n > 0, 'a number of seconds > 0')))
    .addOption(new Option('--seed <n>', 'makes fault injection (and --generate) deterministic').argParser(number('--seed', Number.isInteger, 'an integer')))
    .action(async (options: EmulatorCommandOptions, command: Command) => {
      // The program's global --rate-limit (client pacing) has the same name and commander gives it
      // the value wherever it is written; for this command the flag means the emulated limit.
      const parent = command.parent;
      if (parent && parent.getOptionValueSource('rateLimit') === 'cli') options.rateLimit = Number(parent.opts().rateLimit);
      const { serveEmulator } = await import('../../workflows/serve-emulator.js');
      await serveEmulator(ctx.io, options);
    });
}
