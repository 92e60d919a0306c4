// `emctl plan`: what apply would change, read-only. Exit 0 with or without changes, 2 with
// --detailed-exitcode when changes are pending, 1 on any error or predicted refusal.

import { Option, type Command } from 'commander';
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
    .action(async (opts: PlanCommandOptions, command: Command) => {
      const { io } = ctx;
      const { plan, globals } = await planFromConfig(ctx, command, opts.config, { targets: opts.target, excludes: opts.exclude });
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
