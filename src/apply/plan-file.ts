// Reading a saved plan (`emctl plan --out FILE`) back from disk, for `apply PLANFILE` and `show
// PLANFILE`. The format itself is the JSON renderer's (render/json.ts parses it, purely); this file
// only adds the file: reading it, and errors that name it.

import { readFile } from 'node:fs/promises';
import { osReason } from '../config/read-files.js';
import { EmctlError } from '../contract/errors.js';
import type { Plan } from '../core/plan-model.js';
import { absolutePath } from '../output/paths.js';
import { parsePlanJson } from '../render/json.js';

/** What the user ran, for the hint when the file is not a plan (a config given without -c). */
export type PlanFileReader = 'apply' | 'show';

/** The saved plan at `planfile` (relative to `cwd`); a config-kind EmctlError naming the file otherwise. */
export async function readPlanFile(cwd: string, planfile: string, reader: PlanFileReader): Promise<Plan> {
  const path = absolutePath(cwd, planfile);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // No plan there is the usual case (a typo, or a CI step that did not save one): say how to make it.
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const hint = missing ? `; make it with "emctl plan --out ${planfile}"` : '';
    throw new EmctlError('config', `cannot read the plan file ${planfile}: ${osReason(error)}${hint}`);
  }
  try {
    return parsePlanJson(text);
  } catch (error) {
    // A config given where a plan file goes is the likely mistake: say what was probably meant.
    const yaml = /\.ya?ml$/i.test(planfile);
    const hint =
      yaml && reader === 'apply'
        ? `; to apply a config, use: emctl apply -c ${planfile}`
        : yaml
          ? `; to see what a config would change, use: emctl plan -c ${planfile}`
          : '; make a plan file with "emctl plan --out FILE"';
    throw new EmctlError('config', `${planfile}: ${(error as Error).message}${hint}`);
  }
}
