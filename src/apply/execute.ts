// The apply engine: runs a plan's operations on per-route lanes, each as soon as the operations it
// depends on succeeded (src/apply/schedule.ts), and reports per address what the service applied,
// rejected, or what was never sent and why. The client paces and retries each call (429, 5xx,
// transport); this layer adds what the client cannot know: which list items to re-send
// (write_failed, used_by_unavailable), what a failure means for the operations after it, and when
// to stop (after a failure unless --continue-on-error, Ctrl-C).

import type { Operation } from '../core/plan-model.js';
import type { JournalSink } from './journal.js';
import { narrowBody, outcomesFromError, outcomesFromResponse, RESPONSE_LOST, RETRYABLE_ITEM_CODES, type AddressOutcome } from './outcomes.js';
import { runInLanes } from './schedule.js';
import { CREATE_ROUTE, type TeamCreation } from './team-creation.js';
import type { TeamBody } from '../core/kinds/team/target.js';

/** Sends one pre-described call; EmClient.send has this shape. */
export interface OperationSender {
  send<T>(req: { method: string; path: string; route: string; body?: unknown; once?: boolean }): Promise<T>;
  /**
   * Calls on the wire now. Operations of several routes wait in the client for their pacing token
   * and a slot, so calls handed to the sender are not all in flight; EmClient.inFlight.
   */
  inFlight?(): number;
}

/** Re-sends of rejected items whose code says "retry"; separate from the client's per-call retries. */
export interface ItemRetryPolicy {
  /** Re-sends after the first try. */
  retries: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_ITEM_RETRY: ItemRetryPolicy = { retries: 3, baseMs: 1000, maxMs: 15_000 };

export interface ExecuteOptions {
  sender: OperationSender;
  journal: JournalSink;
  /** Keep running operations that do not depend on a failed one (else start nothing after a failure). */
  continueOnError: boolean;
  /** Operations of one route handed to the client at once (the client caps calls in flight overall). */
  concurrency: number;
  itemRetry?: ItemRetryPolicy;
  /** True once the user asked to stop (Ctrl-C): no operation starts after that. */
  stopRequested(): boolean;
  /** Called after each operation ends (or is skipped), for the progress line. */
  onProgress?(done: number, total: number): void;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The teams this apply creates: their ids replace the placeholders of later calls; a lost create is looked up, never sent twice. */
  teams?: TeamCreation;
}

export type OperationStatus = 'succeeded' | 'failed' | 'skipped';

export interface ExecutionReport {
  applied: { address: string; operation: string; op: string }[];
  /** `details`: the lines under the message of a call refused as a whole (AddressOutcome.details). */
  rejected: { address: string; operation: string; op: string; code?: string; message: string; details?: string[] }[];
  skipped: { address: string; reason: string; op: string }[];
  /** Writes whose answer was lost: applied or not, the final re-read decides. */
  unknown: { address: string; operation: string; op: string; message: string }[];
  operations: { id: string; status: OperationStatus }[];
  interrupted: boolean;
}

const defaultSleep = (ms: number): Promise<void> => (ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms)));

export async function executeOperations(operations: readonly Operation[], options: ExecuteOptions): Promise<ExecutionReport> {
  const status = new Map<string, OperationStatus>();
  const outcomes = new Map<string, AddressOutcome[]>();
  const skipReasons = new Map<string, string>();
  const total = operations.length;
  let done = 0;
  let failed = false;
  let interrupted = false;

  const finishOne = (): void => {
    done += 1;
    options.onProgress?.(done, total);
  };
  await runInLanes(operations, {
    perRoute: Math.max(1, options.concurrency),
    holdReason: () => {
      if (options.stopRequested()) {
        interrupted = true;
        return 'not started: interrupted';
      }
      // Without --continue-on-error nothing starts after a failure; what is in flight finishes.
      if (failed && !options.continueOnError) return 'not started: an earlier operation failed (--continue-on-error runs independent operations)';
      return undefined;
    },
    skip: (op, reason) => {
      status.set(op.id, 'skipped');
      skipReasons.set(op.id, reason);
      for (const address of op.addresses) {
        options.journal.write({ event: 'item', op: op.id, attempt: 0, address, status: 'skipped', message: reason });
      }
      finishOne();
    },
    run: async (op) => {
      const prepared = options.teams === undefined ? op : options.teams.prepare(op);
      const result = options.teams !== undefined && op.route === CREATE_ROUTE ? await runCreate(prepared, options, options.teams) : await runOperation(prepared, options);
      outcomes.set(op.id, result);
      const ok = result.every((o) => o.status === 'applied');
      status.set(op.id, ok ? 'succeeded' : 'failed');
      if (!ok) failed = true;
      finishOne();
      return ok;
    },
  });
  if (options.stopRequested()) interrupted = true;

  const report: ExecutionReport = { applied: [], rejected: [], skipped: [], unknown: [], operations: [], interrupted };
  for (const op of operations) {
    const s = status.get(op.id) ?? 'skipped';
    report.operations.push({ id: op.id, status: s });
    if (s === 'skipped') {
      const reason = skipReasons.get(op.id) ?? 'not started';
      for (const address of op.addresses) report.skipped.push({ address, reason, op: op.id });
      continue;
    }
    for (const o of outcomes.get(op.id) ?? []) {
      if (o.status === 'applied') report.applied.push({ address: o.address, operation: op.description, op: op.id });
      else if (o.status === 'unknown') report.unknown.push({ address: o.address, operation: op.description, op: op.id, message: o.message ?? 'answer lost' });
      else {
        const r: ExecutionReport['rejected'][number] = { address: o.address, operation: op.description, op: op.id, message: o.message ?? 'rejected' };
        if (o.code !== undefined) r.code = o.code;
        if (o.details !== undefined) r.details = o.details;
        report.rejected.push(r);
      }
    }
  }
  return report;
}

/**
 * One operation: the first call, then re-sends of the items rejected with a retryable code, only
 * those items, with exponential backoff. Returns the final outcome of every address.
 */
async function runOperation(op: Operation, options: ExecuteOptions): Promise<AddressOutcome[]> {
  const policy = options.itemRetry ?? DEFAULT_ITEM_RETRY;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  const final = new Map<string, AddressOutcome>();
  let body = op.body;
  let pending: readonly string[] = op.addresses;

  for (let attempt = 1; ; attempt++) {
    const { outcomes } = await attemptOnce(op, body, pending, attempt, options);
    // A Set: a selection call carries up to 1,000 addresses, each outcome is looked up in it.
    const sent = new Set(pending);
    for (const o of outcomes) if (sent.has(o.address)) final.set(o.address, o);

    const retryable = outcomes.filter((o) => sent.has(o.address) && isRetryableItem(o));
    if (retryable.length === 0 || attempt > policy.retries || options.stopRequested()) {
      for (const o of outcomes) if (sent.has(o.address)) journalItem(options, op, attempt, o, o.status);
      break;
    }
    const retryAddresses = new Set(retryable.map((o) => o.address));
    for (const o of outcomes) {
      if (sent.has(o.address)) journalItem(options, op, attempt, o, retryAddresses.has(o.address) ? 'retrying' : o.status);
    }
    // Re-send only the retryable entries; when the body has no list to narrow, send it whole again
    // (every write sets absolute values, so a repeat has the effect of one).
    const keys = new Set(retryable.flatMap((o) => (o.key === undefined ? [] : [o.key])));
    const narrowed = keys.size > 0 ? narrowBody(op.body, keys) : undefined;
    if (narrowed !== undefined) {
      body = narrowed;
      const sameKey = new Set((op.items ?? []).filter((i) => keys.has(i.key)).map((i) => i.address));
      pending = op.addresses.filter((a) => sameKey.has(a));
    } else {
      body = op.body;
      pending = [...retryAddresses];
    }
    const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
    await sleep(Math.floor(ceiling / 2 + (random() * ceiling) / 2));
  }
  return op.addresses.map((address) => final.get(address) ?? { address, status: 'rejected', message: 'no result recorded' });
}

/**
 * An item worth re-sending: rejected with a code that says "retry", in an answer the client did not
 * already retry. A 5xx answer was retried by the client, call and all, with its own backoff; sending
 * it again here would only multiply those tries.
 */
function isRetryableItem(o: AddressOutcome): boolean {
  if (o.status !== 'rejected' || !RETRYABLE_ITEM_CODES.has(o.code ?? '')) return false;
  return o.httpStatus === undefined || o.httpStatus < 500;
}

/**
 * A create call: sent once per try (the client does not repeat a try that may have arrived). When
 * its answer is lost, the names are looked up in the team list: those there were created by it;
 * only the others are sent again. The ids the answer (or the lookup) gives replace the
 * placeholders of the calls after it.
 */
async function runCreate(op: Operation, options: ExecuteOptions, teams: TeamCreation): Promise<AddressOutcome[]> {
  const final = new Map<string, AddressOutcome>();
  let pending = (op.body as TeamBody[] | undefined) ?? [];
  for (let attempt = 1; ; attempt++) {
    const addresses = teams.addressesOf(op, pending);
    const sent: Operation = { ...op, body: pending, addresses, items: (op.items ?? []).filter((i) => addresses.includes(i.address)) };
    const { outcomes, answer } = await attemptOnce(sent, pending, addresses, attempt, options, true);
    for (const o of outcomes) final.set(o.address, o);
    if (answer !== undefined) {
      const problem = teams.answered(op, pending, answer.body);
      if (problem !== undefined) for (const address of addresses) final.set(address, { address, status: 'unknown', code: RESPONSE_LOST, message: `created, but ${problem}` });
      break;
    }
    if (!outcomes.some((o) => o.status === 'unknown') || attempt > DEFAULT_ITEM_RETRY.retries || options.stopRequested()) break;
    try {
      pending = await teams.settleLost(op, pending);
    } catch {
      break; // the lookup failed: the final re-read decides
    }
    const still = new Set(teams.addressesOf(op, pending));
    for (const address of addresses) if (!still.has(address)) final.set(address, { address, status: 'applied' });
    if (pending.length === 0) break;
  }
  const result = op.addresses.map((address) => final.get(address) ?? { address, status: 'rejected' as const, message: 'no result recorded' });
  for (const o of result) journalItem(options, op, 0, o, o.status);
  return result;
}

/** One call; `sent` are the addresses this try carries (all on the first, the retried ones after). */
async function attemptOnce(
  op: Operation,
  body: unknown,
  sent: readonly string[],
  attempt: number,
  options: ExecuteOptions,
  once = false,
): Promise<{ outcomes: AddressOutcome[]; answer?: { body: unknown } }> {
  options.journal.write({
    event: 'operation-start',
    op: op.id,
    attempt,
    stage: op.stage,
    method: op.method,
    path: op.path,
    description: op.description,
    addresses: [...sent],
  });
  const started = performance.now();
  const req: { method: string; path: string; route: string; body?: unknown; once?: boolean } = { method: op.method, path: op.path, route: op.route };
  if (body !== undefined) req.body = body;
  if (once) req.once = true;
  let outcomes: AddressOutcome[];
  let answer: { body: unknown } | undefined;
  let message: string | undefined;
  let httpStatus: number | undefined;
  try {
    const response = await options.sender.send<unknown>(req);
    outcomes = outcomesFromResponse(op, response);
    answer = { body: response };
    httpStatus = 200;
  } catch (error) {
    outcomes = outcomesFromError(op, error);
    httpStatus = outcomes[0]?.httpStatus;
    message = error instanceof Error ? error.message : String(error);
  }
  const rejectedCount = outcomes.filter((o) => o.status === 'rejected').length;
  const endStatus = rejectedCount === 0 ? 'ok' : rejectedCount < outcomes.length ? 'partial' : 'failed';
  const end: Extract<Parameters<JournalSink['write']>[0], { event: 'operation-end' }> = {
    event: 'operation-end',
    op: op.id,
    attempt,
    status: endStatus,
    ms: Math.round(performance.now() - started),
  };
  if (httpStatus !== undefined) end.http_status = httpStatus;
  if (message !== undefined) end.message = message;
  options.journal.write(end);
  return answer === undefined ? { outcomes } : { outcomes, answer };
}

function journalItem(
  options: ExecuteOptions,
  op: Operation,
  attempt: number,
  o: AddressOutcome,
  status: AddressOutcome['status'] | 'retrying',
): void {
  const event: Extract<Parameters<JournalSink['write']>[0], { event: 'item' }> = { event: 'item', op: op.id, attempt, address: o.address, status };
  if (o.key !== undefined) event.key = o.key;
  if (o.code !== undefined) event.code = o.code;
  if (o.message !== undefined) event.message = o.message;
  if (o.details !== undefined) event.details = o.details;
  options.journal.write(event);
}
