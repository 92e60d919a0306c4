// `emctl show PLANFILE [--format text|json|markdown]`: a saved plan, offline (terraform show). The
// file is read and checked as `apply PLANFILE` reads it (apply/plan-file.ts); nothing is sent to the service.

import { Option, type Command } from 'commander';
import { readPlanFile } from '../../apply/plan-file.js';
import type { CommandContext } from '../main.js';
import { PLAN_FORMATS, renderPlanAs, styleFor, type PlanFormat } from '../plan-output.js';

export function registerShowCommand(program: Command, ctx: CommandContext): void {
  program
    .command('show')
    .description('show a saved plan (emctl plan --out FILE), offline')
    .argument('<planfile>', 'a plan saved with emctl plan --out')
    .addOption(new Option('--format <format>', 'output format').choices(PLAN_FORMATS).default('text'))
    .action(async (planfile: string, opts: { format: PlanFormat }, command: Command) => {
      const { io } = ctx;
      const plan = await readPlanFile(io.cwd, planfile, 'show');
      const header = opts.format === 'text' && plan.created_at !== undefined ? `Saved plan ${planfile}, made ${plan.created_at}.\n\n` : '';
      io.stdout.write(header + renderPlanAs(plan, opts.format, styleFor(io, ctx.globals(command))));
    });
}
