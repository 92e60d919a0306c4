// `emctl apply`: carry out a plan. Without a plan file it plans first (the same engine as `emctl
// plan`, src/plan/), shows the plan and asks for confirmation; with a plan file it proves live state
// has not moved since the plan was made, then runs exactly the saved operations. Either way,
// predicted refusals and the safety rails stop it before any write. Semantics and the journal
// format: docs/apply.md.

import { readPlanFile } from '../apply/plan-file.js';
import { runApply } from '../apply/run.js';
import { desiredFromPlan, ownershipTargets, provenSavedPlan } from '../apply/stale.js';
import { applyFailure, enforceSafety } from '../apply/verdict.js';
import { checkedWrites } from '../apply/verify.js';
import { EmctlError } from '../contract/errors.js';
import type { DesiredConfig } from '../core/model.js';
import type { Plan } from '../core/plan-model.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { refusalError } from '../render/plan-messages.js';
import { renderPlanText } from '../render/text.js';
import { repositoryIdsOfReads } from '../plan/read-records.js';
import { connect, type Connection } from './connect.js';
import { answeredYes, type WorkflowIO } from './io.js';
import { styleFor, type Dependencies } from './options.js';
import { loadDesired, planThrough } from './planning.js';

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
async function applyFromConfig(deps: Dependencies, io: WorkflowIO, request: ApplyRequest): Promise<ApplyOutcome> {
  const { config, changed } = await loadDesired(io, request.config, request.changedFrom);
  const connection = await connect(deps.globals, io);
  try {
    const { plan, snapshot, expanded } = await planThrough(connection, io, config, changed === undefined ? {} : { changed });
    io.stdout.write(renderPlanText(plan, styleFor(io, deps.globals)));
    if (plan.errors.length > 0) throw refusalError(plan, { shownAbove: true });
    if (plan.changes.length === 0 && plan.operations.length === 0) return 'nothing-to-do';
    enforceSafety(plan, config.safety, Boolean(request.force));
    if (!request.autoApprove) {
      const yes = await answeredYes(io, CONFIRM_PROMPT);
      if (yes === undefined) throw new EmctlError('config', 'no terminal to confirm the apply: pass --auto-approve to apply without asking (nothing was written)');
      if (!yes) {
        io.stdout.write('Apply cancelled.\n');
        return 'cancelled';
      }
    }
    return await writePlan(plan, expanded, snapshot, connection, deps, io, request);
  } finally {
    await connection.close();
  }
}

/** Re-plan against live state for the saved desired state; refuse if anything moved; run the saved operations. */
async function applySavedPlan(deps: Dependencies, io: WorkflowIO, planfile: string, request: ApplyRequest): Promise<ApplyOutcome> {
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
  // scope as the config says). The repository ids the saved plan read settings under: those
  // configurations are read again by id. The targets are its changes' own addresses, spelled as the
  // config spells them, so no other spelling of a repository is looked up.
  const asked = { targets: ownershipTargets(saved.changes), asWritten: true, repositoryIds: repositoryIdsOfReads(saved.reads) };
  const connection = await connect(deps.globals, io);
  try {
    const { plan: rebuilt, snapshot, expanded } = await planThrough(connection, io, desired, asked);
    const proven = provenSavedPlan(saved, rebuilt, planfile);
    enforceSafety(proven, desired.safety, Boolean(request.force));
    io.stdout.write(`Applying the saved plan ${planfile}: ${saved.changes.length} changes in ${saved.operations.length} API calls; live state has not moved since it was made.\n`);
    return await writePlan(saved, expanded, snapshot, connection, deps, io, request);
  } finally {
    await connection.close();
  }
}

/** Runs the plan's operations through the connection, then checks what they wrote against `desired`, its rules expanded (DESIGN 3). */
async function writePlan(
  plan: Plan,
  desired: DesiredConfig,
  before: LiveSnapshot,
  connection: Connection,
  deps: Dependencies,
  io: WorkflowIO,
  request: ApplyRequest,
): Promise<ApplyOutcome> {
  const { globals } = deps;
  // Progress, but no "nothing was written" on Ctrl-C: the apply's own handler speaks for the check.
  const reads = { perRoute: globals.concurrency, observer: connection.progress, reading: <T>(read: () => Promise<T>) => connection.reading(read, { interrupt: false }) };
  const run = await runApply(plan, {
    ...checkedWrites(connection.client, desired, before, reads),
    io,
    exitNow: () => io.exitNow?.('abandoned'),
    style: styleFor(io, globals),
    continueOnError: Boolean(request.continueOnError),
    concurrency: globals.concurrency,
    ...(request.journal === undefined ? {} : { journalFile: request.journal }),
  });
  const failure = applyFailure(run);
  if (failure !== undefined) throw failure;
  return 'applied';
}
