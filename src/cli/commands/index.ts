// One registration per command; each command lives in its own file beside this one.

import type { Command } from 'commander';
import type { CommandContext } from '../main.js';

export function registerCommands(program: Command, ctx: CommandContext): void {
  void program;
  void ctx;
}
