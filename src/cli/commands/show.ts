// `emctl show PLANFILE [--format text|json|markdown]`: a saved plan, offline (terraform show). The
// file is read and checked as `apply PLANFILE` reads it (apply/plan-file.ts); nothing is sent to the service.

import { Option, type Command } from 'commander';
import type { CommandContext } from '../context.js';
import { PLAN_FORMATS, type PlanFormat } from '../../render/formats.js';

export function registerShowCommand(program: Command, ctx: CommandContext): void {
  program
    .command('show')
    .description('show a saved plan (emctl plan --out FILE), offline')
    .argument('<planfile>', 'a plan saved with emctl plan --out')
    .addOption(new Option('--format <format>', 'output format').choices(PLAN_FORMATS).default('text'))
    .action(async (planfile: string, opts: { format: PlanFormat }, command: Command) => {
      const { showWorkflow } = await import('../../workflows/show.js');
      await showWorkflow(ctx.globals(command), ctx.io, planfile, opts.format);
    });
}
