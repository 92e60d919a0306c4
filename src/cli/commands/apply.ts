// `emctl apply` (src/workflows/apply.ts): exit 0 applied (or nothing to do), 1 on an error, a
// rejected write or a cancelled prompt, 3 refused by a safety rail or a stale plan.

import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_OK } from '../exit.js';
import type { ApplyRequest } from '../../workflows/apply.js';
import type { CommandContext } from '../context.js';

/** The options commander parses; the plan file comes as the argument. */
type ApplyCommandOptions = Omit<ApplyRequest, 'planfile'>;

export function registerApplyCommand(program: Command, ctx: CommandContext): void {
  program
    .command('apply')
    .description('apply the changes of a plan: plan first from the config, or run a saved plan file')
    .argument('[planfile]', 'a plan saved with "emctl plan --out FILE"')
    .option('-c, --config <path>', 'config file, or a directory of *.yaml files (default ./emctl.yaml)')
    .option('--auto-approve', 'apply without asking (needed when there is no terminal)')
    .option('--force', 'override the safety rails (thresholds and protected addresses); never a stale plan')
    .option('--continue-on-error', 'after a failure, keep running operations that do not depend on it')
    .option('--changed-from <git-ref>', 'plan and apply only the objects whose desired state changed since this git ref')
    .option('--journal <file>', 'write the journal here (default .emctl/journal-<timestamp>.jsonl)')
    .addHelpText(
      'after',
      `
Examples:
  emctl apply                          plan ./emctl.yaml, show it, ask before writing
  emctl apply -c config/ --auto-approve   no prompt (CI); safety rails still apply
  emctl apply --changed-from HEAD~1 --auto-approve
                                       only the objects the last commit changed (drift checks the rest)
  emctl plan --out plan.json && emctl apply plan.json
                                       apply exactly the reviewed plan; exit 3 if live state moved

Exit codes: 0 applied (or nothing to do), 1 error or a write rejected (the summary lists each
address and the journal has every call), 3 refused by a safety rail or a stale plan.`,
    )
    .action(async (planfile: string | undefined, opts: ApplyCommandOptions, command: Command) => {
      const { applyWorkflow } = await import('../../workflows/apply.js');
      const deps = { globals: ctx.globals(command) };
      const outcome = await applyWorkflow(deps, ctx.io, { ...opts, ...(planfile === undefined ? {} : { planfile }) });
      ctx.exit(outcome === 'cancelled' ? EXIT_ERROR : EXIT_OK);
    });
}
