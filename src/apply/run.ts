// Carrying out an approved plan: open the journal, listen for Ctrl-C, show progress, run the
// operations, check what they wrote, close the journal and print the summary. Shared by `emctl
// apply` and the convergence test, which drives it with its own client (fast retries under faults).

import { EmctlError } from '../contract/errors.js';
import type { Plan } from '../core/plan-model.js';
import { renderApplySummary, type ApplyResult } from '../render/results.js';
import type { Style } from '../render/style.js';
import { plural } from '../render/values.js';
import { RESPONSE_LOST } from './outcomes.js';
import { executeOperations, type ExecutionReport, type ItemRetryPolicy, type OperationSender } from './execute.js';
import { FileJournal, journalPath } from './journal.js';
import { progressLine, type TextSink } from './progress.js';
import type { Redactor } from '../output/redaction.js';
import { escapeControl } from '../core/escape.js';
import type { CreatedTeam, TeamCreation } from './team-creation.js';

/** What an apply needs of the workflow's io (WorkflowIO fits as it is; the convergence test gives less). */
export interface ApplyIO {
  stdout: TextSink;
  stderr: TextSink;
  /** The journal's default folder (.emctl/) is under it. */
  cwd: string;
  /** Registers a handler for Ctrl-C; returns a function that removes it. */
  onInterrupt?(handler: () => void): () => void;
  /** The run's redactor: every journal line is written through it. */
  redactor?: Redactor;
}

export interface RunApplyOptions {
  sender: OperationSender;
  io: ApplyIO;
  /** Ends the process at once after a second Ctrl-C (the CLI picks the exit code). */
  exitNow?: () => void;
  style: Style;
  continueOnError: boolean;
  concurrency: number;
  /** --journal FILE; default .emctl/journal-<timestamp>.jsonl under io.cwd. */
  journalFile?: string;
  itemRetry?: ItemRetryPolicy;
  /**
   * The final check (DESIGN 3): re-reads the objects at `addresses` (or takes them from the write
   * answers that carry their state) and returns the addresses of those objects whose live
   * state still differs from the desired state. Without it, nothing is verified and writes whose
   * answer was lost stay unresolved (reported as rejected with code response_lost).
   */
  verify?: (addresses: string[]) => Promise<string[]>;
  /** The teams the plan creates: their ids for the calls after the creation, and for the pins printed at the end. */
  teams?: TeamCreation;
}

export interface ApplyRun {
  result: ApplyResult;
  report: ExecutionReport;
  /** Addresses written (applied) whose live state does not match the desired state after the apply. */
  mismatched: string[];
  /** Why the final re-read failed, when it did (nothing could be verified). */
  verifyError?: string;
}

export async function runApply(plan: Plan, options: RunApplyOptions): Promise<ApplyRun> {
  const { io } = options;
  const journal = openJournal(journalPath(io.cwd, options.journalFile), io.redactor);
  let stopRequested = false;
  let handedOut = 0;
  // Calls on the wire (the client knows: calls waiting there for a token or a slot are not sent);
  // a sender that cannot tell counts every call handed to it.
  const inFlightNow = (): number => options.sender.inFlight?.() ?? handedOut;
  const removeInterrupt = io.onInterrupt?.(() => {
    if (stopRequested) {
      // A second Ctrl-C (Terraform's rule): the user will not wait for the calls in flight, which
      // may hang on a slow service through the client's retries. Their outcome is unknown.
      journal.write({ event: 'interrupt', in_flight: inFlightNow(), forced: true });
      journal.close();
      io.stderr.write(
        `\nSecond interrupt: exiting now. ${plural(inFlightNow(), 'call')} in flight may or may not have been applied; ` +
          `the journal ${journal.path} records what was; run "emctl plan" to see what is left.\n`,
      );
      options.exitNow?.();
      return;
    }
    stopRequested = true;
    journal.write({ event: 'interrupt', in_flight: inFlightNow() });
    io.stderr.write(`\nInterrupted: starting no new operations; waiting for ${plural(inFlightNow(), 'call')} in flight to finish (Ctrl-C again to exit now).\n`);
  });
  const progress = progressLine(io.stderr, plan.operations.length);
  let report: ExecutionReport;
  let mismatched: string[] = [];
  let verifyError: string | undefined;
  try {
    journal.write({
      event: 'apply-start',
      operations: plan.operations.length,
      addresses: plan.changes.length,
      config_files: plan.config_files,
      ...(plan.created_at === undefined ? {} : { plan_created_at: plan.created_at }),
      plan: {
        changes: plan.changes.map((c) => ({ address: c.address, action: c.action })),
        operations: plan.operations.map((o) => ({
          id: o.id,
          method: o.method,
          path: o.path,
          ...(o.body === undefined ? {} : { body: o.body }),
          addresses: o.addresses,
        })),
      },
    });
    const counting: OperationSender = {
      async send<T>(req: Parameters<OperationSender['send']>[0]): Promise<T> {
        handedOut += 1;
        try {
          return await options.sender.send<T>(req);
        } finally {
          handedOut -= 1;
        }
      },
    };
    report = await executeOperations(plan.operations, {
      sender: counting,
      journal,
      continueOnError: options.continueOnError,
      concurrency: options.concurrency,
      stopRequested: () => stopRequested,
      onProgress: (done, total) => progress.update(done, total),
      ...(options.itemRetry ? { itemRetry: options.itemRetry } : {}),
      ...(options.teams ? { teams: options.teams } : {}),
    });
    const verified = await verifyAndResolve(report, journal, options.verify);
    mismatched = verified.mismatched;
    verifyError = verified.error;
    journal.write({
      event: 'apply-end',
      applied: report.applied.length,
      rejected: report.rejected.length,
      skipped: report.skipped.length,
      interrupted: report.interrupted || stopRequested,
    });
  } finally {
    progress.finish();
    removeInterrupt?.();
    journal.close();
  }
  report.interrupted ||= stopRequested;
  const result: ApplyResult = {
    applied: report.applied.map(({ address, operation }) => ({ address, operation })),
    rejected: report.rejected.map(({ address, operation, code, message, details }) => ({
      address,
      operation,
      ...(code === undefined ? {} : { code }),
      message,
      ...(details === undefined ? {} : { details }),
    })),
    skipped: report.skipped.map(({ address, reason }) => ({ address, reason })),
    journalPath: journal.path,
  };
  io.stdout.write(`\n${renderApplySummary(result, options.style)}`);
  if (options.teams !== undefined && options.teams.created.length > 0) io.stdout.write(createdTeamsText(options.teams.created));
  return { result, report, mismatched, ...(verifyError === undefined ? {} : { verifyError }) };
}

/** Each created team's id, and the pin that keeps the config on it through a later rename. */
function createdTeamsText(created: readonly CreatedTeam[]): string {
  const lines = created.map((t) => `  ${escapeControl(t.address)}: id ${t.id} (pin it: \`id: ${t.id}\` under ${escapeControl(JSON.stringify(t.name))})`);
  return `\nCreated ${created.length === 1 ? '1 team' : `${created.length} teams`}; pin ${created.length === 1 ? 'its id' : 'their ids'} in the config:\n${lines.join('\n')}\n`;
}

/**
 * The final re-read: every address written or whose answer was lost, in one pass. A lost answer
 * becomes applied when the object matches, rejected (`response_lost`, not applied) when it does
 * not; an applied write whose object does not match is a mismatch (someone else changed it
 * during the apply). When the re-read itself fails, lost answers stay unresolved (rejected with
 * `response_lost`) and the failure is journalled.
 */
async function verifyAndResolve(report: ExecutionReport, journal: FileJournal, verify: RunApplyOptions['verify']): Promise<{ mismatched: string[]; error?: string }> {
  const lost = report.unknown;
  report.unknown = [];
  const written = [...new Set([...report.applied.map((a) => a.address), ...lost.map((u) => u.address)])];
  let differing: Set<string> | undefined;
  let failure: string | undefined;
  if (verify && written.length > 0) {
    try {
      differing = new Set(await verify(written));
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  const unknownApplied: string[] = [];
  const unknownNotApplied: string[] = [];
  for (const u of lost) {
    if (differing && !differing.has(u.address)) {
      unknownApplied.push(u.address);
      report.applied.push({ address: u.address, operation: u.operation, op: u.op });
      continue;
    }
    const message = differing
      ? `the answer was lost (${u.message}); the re-read shows the change was not made`
      : `the answer was lost (${u.message}); whether it was applied is unknown${failure ? ` (the re-read failed: ${failure})` : ''}: run "emctl plan" to see`;
    if (differing) unknownNotApplied.push(u.address);
    report.rejected.push({ address: u.address, operation: u.operation, op: u.op, code: RESPONSE_LOST, message });
  }
  const lostSet = new Set(lost.map((u) => u.address));
  // Written addresses that differ, and other keys of the objects written that differ (someone else
  // changed them during the apply: the check compares whole objects). A lost answer that differs
  // was resolved above as not applied.
  const reported = new Set([...lostSet, ...report.rejected.map((r) => r.address), ...report.skipped.map((r) => r.address)]);
  const mismatched = differing ? [...differing].filter((a) => !reported.has(a)) : [];
  if (verify && written.length > 0) {
    journal.write({
      event: 'verify',
      checked: written.length,
      mismatched,
      unknown_applied: unknownApplied,
      unknown_not_applied: unknownNotApplied,
      ...(failure === undefined ? {} : { error: failure }),
    });
  }
  return failure === undefined ? { mismatched } : { mismatched, error: failure };
}

/** The journal is opened before the first write: if it cannot be written, nothing is sent. */
function openJournal(path: string, redactor: Redactor | undefined): FileJournal {
  try {
    return new FileJournal(path, redactor);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new EmctlError('config', `cannot write the journal ${path} (${code}); nothing was applied`);
  }
}
