// `emctl plan`: what apply would change, read-only. Exit 0 with or without changes, 2 with
// --detailed-exitcode when changes are pending, 1 on any error or predicted refusal.

import { Option, type Command } from 'commander';
import { EmctlError } from '../../contract/errors.js';
import { ADDRESS_SYNTAX, addressSyntaxProblem, knownAddresses, unmatchedAddresses } from '../../core/target-check.js';
import { EXIT_CHANGES, EXIT_OK } from '../exit.js';
import type { CommandContext } from '../main.js';
import {
  PLAN_FORMATS,
  planFromConfig,
  refusalError,
  renderPlanAs,
  reportMessages,
  styleFor,
  writePlanFile,
  type PlanFormat,
} from '../plan-output.js';

interface PlanCommandOptions {
  config?: string;
  out?: string;
  format: PlanFormat;
  detailedExitcode?: boolean;
  target: string[];
  exclude: string[];
  changedFrom?: string;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function registerPlanCommand(program: Command, ctx: CommandContext): void {
  program
    .command('plan')
    .description('show what apply would change (reads live state, writes nothing)')
    .option('-c, --config <path>', 'config file, or a directory of *.yaml files (default ./emctl.yaml)')
    .option('--out <file>', 'save the plan as JSON for "emctl apply FILE"')
    .addOption(new Option('--format <format>', 'output format').choices(PLAN_FORMATS).default('text'))
    .option('--detailed-exitcode', 'exit 2 when changes are pending (0 when none)')
    .option('--target <address>', 'plan only this address or prefix (repeatable)', collect, [])
    .option('--exclude <address>', 'leave this address or prefix out (repeatable)', collect, [])
    .option('--changed-from <git-ref>', 'plan (and read) only the objects whose desired state changed since this git ref (with --target: both must match)')
    .action(async (opts: PlanCommandOptions, command: Command) => {
      const { io } = ctx;
      const patterns = [
        ...opts.target.map((address) => ({ flag: '--target' as const, address })),
        ...opts.exclude.map((address) => ({ flag: '--exclude' as const, address })),
      ];
      checkAddressSyntax(patterns);
      const { plan, globals, config, snapshot } = await planFromConfig(ctx, command, opts.config, {
        targets: opts.target,
        excludes: opts.exclude,
        ...(opts.changedFrom === undefined ? {} : { changedFrom: opts.changedFrom }),
      });
      if (patterns.length > 0) checkAddressesExist(patterns, knownAddresses(config, snapshot, plan.changes.map((c) => c.address)));
      io.stdout.write(renderPlanAs(plan, opts.format, styleFor(io, globals)));
      reportMessages(io, plan, opts.format);
      // A plan the service would refuse cannot be applied, so it is not saved either.
      if (plan.errors.length > 0) throw refusalError(plan, { shownAbove: opts.format === 'text' });
      if (opts.out !== undefined) {
        await writePlanFile(io, opts.out, plan);
        io.stderr.write(`Plan saved to ${opts.out}; apply it with: emctl apply ${opts.out}\n`);
      }
      ctx.exit(opts.detailedExitcode && plan.changes.length > 0 ? EXIT_CHANGES : EXIT_OK);
    });
}

type AddressPattern = { flag: '--target' | '--exclude'; address: string };

/** Before anything is read: every malformed address at once, with the syntax. */
function checkAddressSyntax(patterns: readonly AddressPattern[]): void {
  const bad = patterns.flatMap(({ flag, address }) => {
    const problem = addressSyntaxProblem(address);
    return problem === undefined ? [] : [`${flag} ${JSON.stringify(address)}: ${problem}`];
  });
  if (bad.length === 0) return;
  throw new EmctlError('config', `${bad.length === 1 ? 'an address is' : `${bad.length} addresses are`} not valid (nothing was read)`, [
    ...bad,
    'An address, or a prefix of one at a "." or "[":',
    ...ADDRESS_SYNTAX.map((s) => `  ${s}`),
  ]);
}

/** After the reads: an address naming nothing in the config or live is an error, never "No changes". */
function checkAddressesExist(patterns: readonly AddressPattern[], known: readonly string[]): void {
  const unmatched = unmatchedAddresses(known, patterns);
  if (unmatched.length === 0) return;
  throw new EmctlError(
    'config',
    `${unmatched.length === 1 ? 'an address matches' : `${unmatched.length} addresses match`} nothing in the config or the live state`,
    unmatched.map((u) => `${u.flag} ${u.address}${u.closest.length > 0 ? `: closest: ${u.closest.join(', ')}` : ''}`),
  );
}
