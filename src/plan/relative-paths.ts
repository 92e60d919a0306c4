// Config paths in a plan, relative to where the command ran: a plan made in CI or on a laptop
// names the same files, and a saved plan holds no home directory.

import { isAbsolute, relative, sep } from 'node:path';
import type { PlanMessage } from '../core/plan-model.js';

/** A warning or error with its `file:line:column` relative to cwd (relativeLocation). */
export function relativeMessage(cwd: string, message: PlanMessage): PlanMessage {
  return message.location === undefined ? message : { ...message, location: relativeLocation(cwd, message.location) };
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
