// Exit codes, decided here and nowhere else (DESIGN.md §1):
// 0 success / no changes, 1 error, 2 changes pending (a goal missed, for `emctl goals`), 3 refused
// by a safety rail or a stale plan.

import { EmctlError, type ErrorKind } from '../contract/errors.js';
import type { StopReason } from '../workflows/io.js';

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_CHANGES = 2;
export const EXIT_REFUSED = 3;
/** Ctrl-C during a read (128 + SIGINT, as shells report it): nothing was written. */
export const EXIT_INTERRUPTED = 130;

const BY_KIND: Record<ErrorKind, number> = {
  config: EXIT_ERROR,
  api: EXIT_ERROR,
  'predicted-refusal': EXIT_ERROR,
  interrupted: EXIT_ERROR,
  safety: EXIT_REFUSED,
  'stale-plan': EXIT_REFUSED,
};

/** `emctl goals`: 2 when a group misses its goal, as drift on drift (DESIGN.md section 12). */
export function exitCodeForGoals(missed: boolean): number {
  return missed ? EXIT_CHANGES : EXIT_OK;
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof EmctlError) return BY_KIND[error.kind];
  if (error instanceof Error && 'kind' in error && typeof error.kind === 'string' && error.kind in BY_KIND) {
    return BY_KIND[error.kind as ErrorKind];
  }
  return EXIT_ERROR;
}

/** The code of a run a workflow ends at once (see WorkflowIO.exitNow). */
export function exitCodeForStop(why: StopReason): number {
  return why === 'interrupted' ? EXIT_INTERRUPTED : EXIT_ERROR;
}
