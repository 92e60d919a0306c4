// `emctl plan` (src/workflows/plan.ts): exit 0 with or without changes, 2 with
// --detailed-exitcode when changes are pending, 1 on any error or predicted refusal.

import { Option, type Command } from 'commander';
import { EXIT_CHANGES, EXIT_OK } from '../exit.js';
import type { CommandContext } from '../context.js';
import { PLAN_FORMATS, type PlanFormat } from '../../render/formats.js';

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
      const { planWorkflow } = await import('../../workflows/plan.js');
      const { changesPending } = await planWorkflow({ globals: ctx.globals(command) }, ctx.io, opts);
      ctx.exit(opts.detailedExitcode && changesPending ? EXIT_CHANGES : EXIT_OK);
    });
}
