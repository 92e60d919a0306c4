// `emctl version [--json]`: what is running, for bug reports and for scripts that check it.

import type { Command } from 'commander';
import { EMCTL_VERSION } from '../../core/version.js';
import type { CommandContext } from '../context.js';

export function registerVersionCommand(program: Command, ctx: CommandContext): void {
  program
    .command('version')
    .description('print the emctl version (--json: with the plan format and the Node.js version)')
    .option('--json', 'one JSON object: {"version", "plan_format_version", "node", "platform"}')
    .action(async (opts: { json?: boolean }) => {
      if (opts.json) {
        const { PLAN_FORMAT_VERSION } = await import('../../render/json.js');
        const info = { version: EMCTL_VERSION, plan_format_version: PLAN_FORMAT_VERSION, node: process.version, platform: `${process.platform}-${process.arch}` };
        ctx.io.stdout.write(`${JSON.stringify(info)}\n`);
      } else {
        ctx.io.stdout.write(`emctl ${EMCTL_VERSION} (Node.js ${process.version}, ${process.platform}-${process.arch})\n`);
      }
    });
}
