// `emctl show PLANFILE [--format text|json|markdown]`: a saved plan, offline (terraform show). The
// file is read and checked like `apply PLANFILE` reads it; nothing is sent to the service.

import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { EmctlError } from '../../core/errors.js';
import { parsePlanJson } from '../../render/json.js';
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
      const path = isAbsolute(planfile) ? planfile : resolve(io.cwd, planfile);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        throw new EmctlError('config', `cannot read the plan file ${planfile} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      }
      let plan;
      try {
        plan = parsePlanJson(text);
      } catch (error) {
        throw new EmctlError('config', `${planfile}: ${(error as Error).message}`);
      }
      if (plan.desired === undefined) plan.desired = (JSON.parse(text) as { desired?: unknown }).desired;
      const header = opts.format === 'text' && plan.created_at !== undefined ? `Saved plan ${planfile}, made ${plan.created_at}.\n\n` : '';
      io.stdout.write(header + renderPlanAs(plan, opts.format, styleFor(io, ctx.globals(command))));
    });
}
