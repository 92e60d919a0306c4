// `emctl goals` (src/workflows/goals.ts): the config's goals judged on the latest complete bucket;
// exit 0 when every judged group meets its goal, 2 when one misses, 1 on error, as drift.

import { Option, type Command } from 'commander';
import { GOAL_FORMATS } from '../../measure/output-formats.js';
import type { GoalsRequest } from '../../workflows/goals.js';
import { exitCodeForGoals } from '../exit.js';
import type { CommandContext } from '../context.js';

const HELP = `
Goals live in the config's goals: (docs/goals.md). Each is judged per group on the latest
complete bucket of its roll-up (last week, by default); the bucket in progress is shown, never
judged; a group with no value there is "no data", neither met nor missed.
Exit codes: 0 every judged group meets its goal, 2 at least one misses, 1 error.

Examples:
  emctl goals                                  every goal of ./emctl.yaml
  emctl goals review-speed                     one goal
  emctl goals --all --format markdown > goals.md   the digest for one issue, updated in place (CI)
  emctl goals --from sqlite:metrics/history.db judged on stored history: no API call, no key
  emctl goals --format json --out goals.json   for scripts (format_version 1)`;

export function registerGoalsCommand(program: Command, ctx: CommandContext): void {
  program
    .command('goals')
    .description('judge the config\'s goals (thresholds on metrics) on the latest complete bucket: exit 0 all met, 2 one missed, 1 error')
    .argument('[goal...]', 'goals of the config\'s goals: to judge (default: every one)')
    .option('-c, --config <path>', 'config file, or a directory of *.yaml files (default ./emctl.yaml)')
    .option('--all', 'judge every goal of the config (the default when no goal is named)')
    .option('--from <store>', 'judge on stored history, sqlite:PATH or postgres://... (no API call, no key)')
    .addOption(new Option('--format <format>', 'text (default), json, or markdown (one comment, updated in place); default from --out\'s extension').choices(GOAL_FORMATS))
    .option('--out <file>', 'write to this file instead of stdout')
    .addHelpText('after', HELP)
    .action(async (names: string[], opts: GoalsRequest, command: Command) => {
      const { goalsWorkflow } = await import('../../workflows/goals.js');
      const { missed } = await goalsWorkflow({ globals: ctx.globals(command) }, ctx.io, names, opts);
      ctx.exit(exitCodeForGoals(missed));
    });
}
