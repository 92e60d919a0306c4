// One registration per command; each command lives in its own file beside this one.

import type { Command } from 'commander';
import type { CommandContext } from '../main.js';
import { registerPlanCommand } from './plan.js';
import { registerDriftCommand } from './drift.js';
import { registerExportCommand } from './export.js';
import { registerMeasurementsCommand } from './measurements.js';
import { registerEmulatorCommand } from './emulator.js';
import { registerApplyCommand } from './apply.js';
import { registerValidate } from './validate.js';
import { registerShowCommand } from './show.js';
import { registerVersionCommand } from './version.js';
import { registerCompletionCommand } from './completion.js';

/** In the order of the workflow, which is the order `emctl --help` lists them. */
export function registerCommands(program: Command, ctx: CommandContext): void {
  registerValidate(program, ctx);
  registerPlanCommand(program, ctx);
  registerApplyCommand(program, ctx);
  registerDriftCommand(program, ctx);
  registerExportCommand(program, ctx);
  registerMeasurementsCommand(program, ctx);
  registerEmulatorCommand(program, ctx);
  registerShowCommand(program, ctx);
  registerVersionCommand(program, ctx);
  registerCompletionCommand(program, ctx);
}
