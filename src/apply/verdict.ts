// What stops an apply, each as one EmctlError with its figures: before any write, the safety rails;
// after the writes, a write rejected or skipped, an object that does not match the config when
// read back, or a check that could not be made.

import { EmctlError } from '../contract/errors.js';
import type { SafetyConfig } from '../core/model.js';
import type { Plan } from '../core/plan-model.js';
import { checkSafety, FORCE_HINT } from '../core/safety.js';
import { plural } from '../render/values.js';
import type { ApplyRun } from './run.js';

/** Throws when a safety rail refuses `plan` (exit 3 unless --force). */
export function enforceSafety(plan: Plan, safety: SafetyConfig, force: boolean): void {
  const { refusals } = checkSafety(plan, safety, { force });
  if (refusals.length > 0) {
    throw new EmctlError('safety', `refused by the safety rails; nothing was written (${FORCE_HINT})`, refusals);
  }
}

/** Why an apply run did not fully succeed, or undefined when every operation went through and matches. */
export function applyFailure({ report, result, mismatched, verifyError }: ApplyRun): EmctlError | undefined {
  if (report.interrupted) {
    return new EmctlError('interrupted', 'apply interrupted: operations not started are listed as skipped; run "emctl plan" to see what is left');
  }
  if (mismatched.length > 0) {
    const written = new Set(report.applied.map((a) => a.address));
    return new EmctlError(
      'api',
      `apply wrote ${plural(mismatched.length, 'object')} that ${mismatched.length === 1 ? 'does' : 'do'} not match the config when read back (changed by someone else during the apply, e.g. a concurrent apply?): run "emctl plan" to see the difference`,
      mismatched.map((a) => (written.has(a) ? `${a}: does not match the config after the apply` : `${a} changed during the apply (this run did not write it)`)),
    );
  }
  if (verifyError !== undefined && report.rejected.length === 0 && report.skipped.length === 0) {
    return new EmctlError('api', `apply could not verify its result: the final re-read failed (${verifyError}); run "emctl plan" to see what is live`);
  }
  if (report.rejected.length > 0 || report.skipped.length > 0) {
    // The summary above lists each address; this line is what a CI log shows as the failure.
    const counts = `${report.applied.length} applied, ${report.rejected.length} rejected, ${report.skipped.length} skipped`;
    return new EmctlError('api', `apply incomplete (${counts}; each listed above, every call in ${result.journalPath ?? 'the journal'}): fix the cause, then run "emctl plan" to see what is left`);
  }
  return undefined;
}
