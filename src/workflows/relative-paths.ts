// Config paths in a plan, relative to where the command ran: a plan made in CI or on a laptop
// names the same files, and a saved plan holds no home directory.

import { isAbsolute, relative, sep } from 'node:path';
import type { Plan } from '../core/plan-model.js';

/**
 * Every config path of a plan relative to where the command ran (config_files, the desired state's
 * files, each warning's and error's file:line:column), so a plan made in CI or on a laptop names
 * the same files and a saved plan holds no home directory.
 */
export function relativeToCwd(plan: Plan, cwd: string): void {
  plan.config_files = plan.config_files.map((file) => relativePath(cwd, file));
  for (const m of [...plan.warnings, ...plan.errors]) if (m.location !== undefined) m.location = relativeLocation(cwd, m.location);
  // plan.desired is the plan's own copy (desiredForPlan), or what a saved plan held.
  const desired = plan.desired as { files?: unknown } | undefined;
  if (desired !== undefined && Array.isArray(desired.files)) desired.files = desired.files.map((f: unknown) => (typeof f === 'string' ? relativePath(cwd, f) : f));
}

/** `FILE:LINE:COLUMN` with FILE relative to cwd (relativePath); anything else as it is. */
export function relativeLocation(cwd: string, location: string): string {
  const m = /^(.*):(\d+):(\d+)$/.exec(location);
  return m ? `${relativePath(cwd, m[1]!)}:${m[2]}:${m[3]}` : relativePath(cwd, location);
}

/**
 * `emctl/team-42.yaml` for a file under cwd, with `/` separators; a file outside cwd keeps its
 * absolute path (`../../tmp/x.yaml` would say less than `/tmp/x.yaml`); a path already relative
 * (from a saved plan) is left as it is.
 */
export function relativePath(cwd: string, file: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return file;
  return rel.split(sep).join('/');
}
