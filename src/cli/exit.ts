// Which error ends the run with which exit code (DESIGN.md §1), decided here and nowhere else:
// 0 success / no changes, 1 error, 2 changes pending, 3 refused by a safety rail or a stale plan.

import { EmctlError, type ErrorKind } from '../contract/errors.js';
import { EXIT_ERROR, EXIT_REFUSED } from '../contract/exit-codes.js';


const BY_KIND: Record<ErrorKind, number> = {
  config: EXIT_ERROR,
  api: EXIT_ERROR,
  'predicted-refusal': EXIT_ERROR,
  interrupted: EXIT_ERROR,
  safety: EXIT_REFUSED,
  'stale-plan': EXIT_REFUSED,
};

export function exitCodeFor(error: unknown): number {
  if (error instanceof EmctlError) return BY_KIND[error.kind];
  if (error instanceof Error && 'kind' in error && typeof error.kind === 'string' && error.kind in BY_KIND) {
    return BY_KIND[error.kind as ErrorKind];
  }
  return EXIT_ERROR;
}
