// `emctl drift` (src/workflows/drift.ts): exit 0 in sync, 2 on drift, 1 on error (including
// changes the service would refuse).

import { Option, type Command } from 'commander';
import { EXIT_CHANGES, EXIT_OK } from '../exit.js';
import type { CommandContext } from '../context.js';
import { PLAN_FORMATS, type PlanFormat } from '../../render/formats.js';

interface DriftOptions {
  config?: string;
  format: PlanFormat;
}

export function registerDriftCommand(program: Command, ctx: CommandContext): void {
  program
    .command('drift')
    .description('compare live state with the config, read-only: exit 0 in sync, 2 on drift, 1 on error')
    .option('-c, --config <path>', 'config file, or a directory of *.yaml files (default ./emctl.yaml)')
    .addOption(new Option('--format <format>', 'output format').choices(PLAN_FORMATS).default('text'))
    .addHelpText(
      'after',
      `
Examples:
  emctl drift                          is ./emctl.yaml still the truth?
  emctl drift --format markdown > drift.md   a report for an issue or a chat message

Accepted drift is hidden with drift.ignore rules in the config (address, reason, optional until).`,
    )
    .action(async (opts: DriftOptions, command: Command) => {
      const { driftWorkflow } = await import('../../workflows/drift.js');
      const { drifted } = await driftWorkflow({ globals: ctx.globals(command) }, ctx.io, opts);
      ctx.exit(drifted ? EXIT_CHANGES : EXIT_OK);
    });
}
