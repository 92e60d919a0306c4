// `emctl show PLANFILE`: a saved plan, read and checked as `apply PLANFILE` reads it, shown
// offline in the format asked for.

import { readPlanFile } from '../apply/plan-file.js';
import type { PlanFormat } from '../render/formats.js';
import type { WorkflowIO } from './io.js';
import { renderPlanAs } from '../render/plan-as.js';
import { styleFor, type GlobalOptions } from './options.js';

export async function showWorkflow(globals: GlobalOptions, io: WorkflowIO, planfile: string, format: PlanFormat): Promise<void> {
  const plan = await readPlanFile(io.cwd, planfile, 'show');
  const header = format === 'text' && plan.created_at !== undefined ? `Saved plan ${planfile}, made ${plan.created_at}.\n\n` : '';
  io.stdout.write(header + renderPlanAs(plan, format, styleFor(io, globals)));
}
