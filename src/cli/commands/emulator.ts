// `emctl emulator`: serves the emulated Engineering Metrics Service until Ctrl-C / SIGTERM. Prints
// exactly one line, `emulator listening on http://HOST:PORT`, to stdout once it accepts requests.

import { resolve as resolvePath } from 'node:path';
import { Option, type Command } from 'commander';
import { EmctlError } from '../../contract/errors.js';
import type { CommandContext } from '../context.js';

interface EmulatorCommandOptions {
  fixture?: string;
  generate?: string;
  port: number;
  host: string;
  state?: string;
  latency: number;
  faultRate: number;
  rateLimit: number;
  seed?: number;
  reportDelay: number;
  reportRetention: number;
}

function number(name: string, check: (n: number) => boolean, expected: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new EmctlError('config', `${name} must be ${expected}, got "${value}"`);
    return n;
  };
}

const GENERATE_KEYS: Record<string, string> = {
  repos: 'repos',
  teams: 'teams',
  boards: 'boards',
  seed: 'seed',
  projects: 'projects',
  work_projects: 'workProjects',
  monitored_share: 'monitoredShare',
  prs: 'prs',
  contributors: 'contributors',
  months: 'months',
};

/** `repos=10000,teams=500,boards=2000[,seed=N]` -> a generator spec. */
export function parseGenerateSpec(text: string): { repos: number; teams: number; boards: number; [k: string]: number } {
  const spec: Record<string, number> = { repos: 0, teams: 0, boards: 0 };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [key, value, extra] = part.split('=');
    const field = key !== undefined ? GENERATE_KEYS[key.trim()] : undefined;
    const n = Number(value);
    if (!field || value === undefined || extra !== undefined || value.trim() === '' || !Number.isFinite(n) || n < 0) {
      throw new EmctlError('config', `--generate: bad entry "${part}"; expected key=number with keys ${Object.keys(GENERATE_KEYS).join(', ')}`);
    }
    if (field !== 'monitoredShare' && !Number.isInteger(n)) throw new EmctlError('config', `--generate: ${key} must be a whole number, got "${value}"`);
    spec[field] = n;
  }
  return spec as { repos: number; teams: number; boards: number };
}

export function registerEmulatorCommand(program: Command, ctx: CommandContext): void {
  program
    .command('emulator')
    .description('serve an emulator of the Engineering Metrics Service (default: the bundled Acme example)')
    .option('--fixture <file>', 'organization to serve, YAML or JSON (default: examples/acme/emulator.yaml)')
    .option('--generate <spec>', 'serve a generated organization instead, e.g. repos=10000,teams=500,boards=2000,seed=1 (activity: prs=N[,contributors=N,months=N])')
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
      if (options.fixture !== undefined && options.generate !== undefined) {
        throw new EmctlError('config', 'give either --fixture or --generate, not both');
      }
      const { startEmulator, loadFixtureFile, generateFixture, EXAMPLE_FIXTURE_PATH } = await import('../../emulator/index.js');
      let fixture;
      if (options.generate !== undefined) {
        const spec = parseGenerateSpec(options.generate);
        fixture = generateFixture({ ...spec, seed: spec.seed ?? options.seed });
      } else {
        const path = options.fixture === undefined ? EXAMPLE_FIXTURE_PATH : resolvePath(ctx.io.cwd, options.fixture);
        fixture = await loadFixtureFile(path);
      }
      const emulator = await startEmulator({
        fixture,
        port: options.port,
        host: options.host,
        latencyMs: options.latency,
        faultRate: options.faultRate,
        rateLimit: options.rateLimit,
        statePath: options.state === undefined ? undefined : resolvePath(ctx.io.cwd, options.state),
        seed: options.seed,
        reportDelayMs: options.reportDelay,
        reportRetentionS: options.reportRetention,
      });
      ctx.io.stdout.write(`emulator listening on ${emulator.url}\n`);
      // The key its fixture accepts, for the person who started it: on stderr, so that stdout stays
      // the one line scripts wait for. A fixture's keys are test keys by construction.
      const key = fixture.api_keys?.[0];
      if (key !== undefined) ctx.io.stderr.write(`API key: ${key} (export EMCTL_API_KEY=${key} EMCTL_BASE_URL=${emulator.url})\n`);
      await untilStopped(ctx);
      await emulator.close();
    });
}

/** Resolves on the CLI's interrupt hook (Ctrl-C) or on SIGINT/SIGTERM sent to the process. */
function untilStopped(ctx: CommandContext): Promise<void> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    const stop = () => {
      for (const c of cleanups) c();
      resolve();
    };
    if (ctx.io.onInterrupt) cleanups.push(ctx.io.onInterrupt(stop));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, stop);
      cleanups.push(() => process.off(signal, stop));
    }
  });
}
