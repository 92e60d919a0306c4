// `emctl apply`: carry out a plan. Without a plan file it plans first (the same pipeline as
// `emctl plan`), shows the plan and asks for confirmation; with a plan file it proves live state has
// not moved since the plan was made, then runs exactly the saved operations. Either way, predicted
// refusals and the safety rails stop it before any write. Semantics and the journal format:
// docs/apply.md.

import { readPlanFile } from '../apply/plan-file.js';
import { desiredFromPlan, operationDifferences, organizationDifference, ownershipTargets, staleDifferences, staleError } from '../apply/stale.js';
import { EmctlError } from '../contract/errors.js';
import type { DesiredConfig, SafetyConfig } from '../core/model.js';
import type { Plan } from '../core/plan-model.js';
import { checkSafety, FORCE_HINT } from '../core/safety.js';
import type { Style } from '../render/style.js';
import { renderPlanText } from '../render/text.js';
import { plural } from '../render/values.js';
import type { OperationSender } from '../apply/execute.js';
import type { EmClient } from '../api/client.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { WriteAnswers } from '../state/after-writes.js';
import { repositoryIdsOfReads } from '../state/read-records.js';
import { runApply } from './apply-run.js';
import type { Connection } from './connect.js';
import { nowOf, type WorkflowIO } from './io.js';
import type { Dependencies } from './options.js';
import { planForDesired, planFromConfig, verifierFor } from './plan-output.js';
import { refusalError, styleFor } from './plan-render.js';

export interface ApplyRequest {
  planfile?: string;
  config?: string;
  autoApprove?: boolean;
  force?: boolean;
  continueOnError?: boolean;
  journal?: string;
  changedFrom?: string;
}

/** applied: every operation went through (or there was nothing to write); cancelled: the prompt was not answered "yes". */
export type ApplyOutcome = 'applied' | 'nothing-to-do' | 'cancelled';

export const CONFIRM_PROMPT = "Apply these changes? Only 'yes' will be accepted: ";

export async function applyWorkflow(deps: Dependencies, io: WorkflowIO, request: ApplyRequest): Promise<ApplyOutcome> {
  if (request.planfile !== undefined && request.config !== undefined) {
    throw new EmctlError('config', 'give either a plan file or -c PATH, not both: a saved plan carries its own desired state');
  }
  if (request.planfile !== undefined && request.changedFrom !== undefined) {
    throw new EmctlError('config', 'a saved plan is already scoped as it was made: give --changed-from to "emctl plan --out", not to "emctl apply PLANFILE"');
  }
  return request.planfile === undefined ? applyFromConfig(deps, io, request) : applySavedPlan(deps, io, request.planfile, request);
}

/** Plan, show, confirm, apply. */
async function applyFromConfig(deps: Dependencies, io: WorkflowIO, opts: ApplyRequest): Promise<ApplyOutcome> {
  const scoped = opts.changedFrom === undefined ? {} : { changedFrom: opts.changedFrom };
  return planFromConfig(deps, io, opts.config, scoped, async ({ plan, config, globals, snapshot }, connection) => {
    const style = styleFor(io, globals);
    io.stdout.write(renderPlanText(plan, style));
    if (plan.errors.length > 0) throw refusalError(plan, { shownAbove: true });
    if (plan.changes.length === 0 && plan.operations.length === 0) return 'nothing-to-do';
    enforceSafety(plan, config.safety, Boolean(opts.force));
    if (!opts.autoApprove && !(await confirmed(io))) {
      io.stdout.write('Apply cancelled.\n');
      return 'cancelled';
    }
    return execute(plan, config, snapshot, connection, io, { ...deps, globals }, style, opts);
  });
}

/** Re-plan against live state for the saved desired state; refuse if anything moved; run the saved operations. */
async function applySavedPlan(deps: Dependencies, io: WorkflowIO, planfile: string, opts: ApplyRequest): Promise<ApplyOutcome> {
  const saved = await readPlanFile(io.cwd, planfile, 'apply');
  const desired = desiredFromPlan(saved.desired, planfile);
  if (saved.errors.length > 0) throw refusalError(saved);
  if (saved.changes.length === 0 && saved.operations.length === 0) {
    io.stdout.write('No changes.\n');
    return 'nothing-to-do';
  }
  // Only the objects the saved plan changes are compared: its operations write nothing else, so a
  // change elsewhere does not make it wrong (and a plan made with --target stays applicable).
  // Each object of the ownership rule the plan writes is compared whole: a plan adding a board to
  // a team's scope is stale when that scope's labels moved since (its write would not leave the
  // scope as the config says).
  const targets = ownershipTargets(saved.changes);
  // The repository ids the saved plan read settings under: those configurations are read again by id.
  const reread: DesiredConfig = { ...desired, git: { ...desired.git, repositoryIds: repositoryIdsOfReads(saved.reads) } };
  return planForDesired(deps, io, reread, { targets }, async ({ plan: rebuilt, globals, snapshot }, connection) => {
    const otherOrganization = rebuilt.organization ? organizationDifference(saved.organization, rebuilt.organization) : undefined;
    if (otherOrganization !== undefined) {
      throw new EmctlError(
        'config',
        `the saved plan ${planfile} was made against another organization: ${otherOrganization}; nothing was written: make the plan against this organization with "emctl plan --out"`,
      );
    }
    const problems = staleDifferences(saved.changes, rebuilt.changes);
    if (problems.length > 0) throw staleError(planfile, problems);
    if (rebuilt.errors.length > 0) throw refusalError(rebuilt);
    const edited = operationDifferences(saved.operations, rebuilt.operations);
    if (edited.length > 0) {
      throw new EmctlError(
        'config',
        `the operations in ${planfile} are not the calls its changes need (the file was edited, or made by another emctl version); nothing was written: run "emctl plan --out" again`,
        edited,
      );
    }
    // The rebuilt plan holds the same changes (checked above), with destructive kinds and totals
    // computed here from live state rather than taken from the file. It read only the objects the
    // saved plan writes, so a total that needs per-object reads (scope keys, overrides) covers
    // those alone; the share is judged on the plan's own total when that is larger, so the rail
    // the reviewer saw in the plan is the rail apply enforces (docs/planning.md).
    for (const [kind, total] of Object.entries(saved.totals) as [keyof Plan['totals'], number][]) {
      rebuilt.totals[kind] = Math.max(rebuilt.totals[kind] ?? 0, total);
    }
    enforceSafety(rebuilt, desired.safety, Boolean(opts.force));
    io.stdout.write(`Applying the saved plan ${planfile}: ${saved.changes.length} changes in ${saved.operations.length} API calls; live state has not moved since it was made.\n`);
    return execute(saved, desired, snapshot, connection, io, { ...deps, globals }, styleFor(io, globals), opts);
  });
}

function enforceSafety(plan: Plan, safety: SafetyConfig, force: boolean): void {
  const { refusals } = checkSafety(plan, safety, { force });
  if (refusals.length > 0) {
    throw new EmctlError('safety', `refused by the safety rails; nothing was written (${FORCE_HINT})`, refusals);
  }
}

/**
 * On a terminal: ask, and go on only on the exact answer "yes" (Terraform's rule: a stray Enter
 * never applies). Without a terminal nobody can answer, so --auto-approve must say yes up front.
 */
async function confirmed(io: WorkflowIO): Promise<boolean> {
  if (!io.stdin.isTTY || !io.stdin.readLine) {
    throw new EmctlError('config', 'no terminal to confirm the apply: pass --auto-approve to apply without asking (nothing was written)');
  }
  io.stdout.write(`\n${CONFIRM_PROMPT}`);
  // Ctrl-C at the prompt is a "no" (exit 1 with "Apply cancelled."), not a death by signal.
  let removeInterrupt: (() => void) | undefined;
  const interrupted = new Promise<undefined>((resolve) => {
    removeInterrupt = io.onInterrupt?.(() => {
      io.stdout.write('\n');
      resolve(undefined);
    });
  });
  try {
    const answer = await Promise.race([io.stdin.readLine(), interrupted]);
    return answer?.trim() === 'yes';
  } finally {
    removeInterrupt?.();
  }
}

async function execute(
  plan: Plan,
  desired: DesiredConfig,
  before: LiveSnapshot,
  connection: Connection,
  io: WorkflowIO,
  deps: Dependencies,
  style: Style,
  opts: ApplyRequest,
): Promise<ApplyOutcome> {
  const { globals } = deps;
  // The answers of writes that carry their object's new state: the check compares them instead of reading again.
  const answers = new WriteAnswers();
  const { report, result, mismatched, verifyError } = await runApply(plan, {
    verify: verifierFor(connection.client, desired, globals.concurrency, { before, answers, now: nowOf(io) }, connection),
    sender: answerKeeping(connection.client, answers),
    io,
    exitNow: () => io.exitNow?.('abandoned'),
    style,
    continueOnError: Boolean(opts.continueOnError),
    concurrency: globals.concurrency,
    ...(opts.journal === undefined ? {} : { journalFile: opts.journal }),
  });
  if (report.interrupted) {
    throw new EmctlError('interrupted', 'apply interrupted: operations not started are listed as skipped; run "emctl plan" to see what is left');
  }
  if (mismatched.length > 0) {
    const written = new Set(report.applied.map((a) => a.address));
    throw new EmctlError(
      'api',
      `apply wrote ${plural(mismatched.length, 'object')} that ${mismatched.length === 1 ? 'does' : 'do'} not match the config when read back (changed by someone else during the apply, e.g. a concurrent apply?): run "emctl plan" to see the difference`,
      mismatched.map((a) => (written.has(a) ? `${a}: does not match the config after the apply` : `${a} changed during the apply (this run did not write it)`)),
    );
  }
  if (verifyError !== undefined && report.rejected.length === 0 && report.skipped.length === 0) {
    throw new EmctlError('api', `apply could not verify its result: the final re-read failed (${verifyError}); run "emctl plan" to see what is live`);
  }
  if (report.rejected.length > 0 || report.skipped.length > 0) {
    // The summary above lists each address; this line is what a CI log shows as the failure.
    const counts = `${report.applied.length} applied, ${report.rejected.length} rejected, ${report.skipped.length} skipped`;
    throw new EmctlError('api', `apply incomplete (${counts}; each listed above, every call in ${result.journalPath ?? 'the journal'}): fix the cause, then run "emctl plan" to see what is left`);
  }
  return 'applied';
}

/** The client as apply's sender, keeping the answers of writes that carry their object's state. */
function answerKeeping(client: EmClient, answers: WriteAnswers): OperationSender {
  return {
    async send<T>(req: { method: string; path: string; route: string; body?: unknown }): Promise<T> {
      try {
        const body = await client.send<T>(req);
        answers.answered(req.route, req.path, body);
        return body;
      } catch (error) {
        answers.failed(req.route, req.path);
        throw error;
      }
    },
    inFlight: () => client.inFlight(),
  };
}
