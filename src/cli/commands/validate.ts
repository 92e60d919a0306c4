// `emctl validate` (src/workflows/validate.ts): exit 0 when there is no error (warnings allowed),
// 1 otherwise.

import { Option, type Command } from 'commander';
import type { ValidateRequest } from '../../workflows/validate.js';
import { EXIT_ERROR, EXIT_OK } from '../exit.js';
import type { CommandContext } from '../context.js';

export function registerValidate(program: Command, ctx: CommandContext): void {
  program
    .command('validate')
    .description('check the config offline: schema, references, duplicates, regexes; no network')
    .option('-c, --config <path>', 'config file, or a directory of *.yaml files', 'emctl.yaml')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (opts: ValidateRequest, command: Command) => {
      const { validateWorkflow } = await import('../../workflows/validate.js');
      const { valid } = await validateWorkflow(ctx.globals(command), ctx.io, opts);
      ctx.exit(valid ? EXIT_OK : EXIT_ERROR);
    });
}
