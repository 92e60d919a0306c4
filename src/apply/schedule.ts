// When operations may run. A plan comes from a file a person may have edited, so its ordering
// promises are checked here once instead of being trusted by the executor: every dependency is in
// the plan and in an earlier stage, so the dependency graph has no cycle. The executor then runs
// an operation as soon as the operations it depends on are done (not when a whole stage is), each
// route on its own lane (runInLanes).

import { Fifo } from '../api/fifo.js';
import { EmctlError } from '../contract/errors.js';
import type { Operation } from '../core/plan-model.js';

export interface Schedule {
  /** Operations grouped by stage, stages ascending, plan order kept inside a stage. */
  stages: Operation[][];
  byId: Map<string, Operation>;
}

export function scheduleOperations(operations: readonly Operation[]): Schedule {
  const byId = new Map<string, Operation>();
  const problems: string[] = [];
  for (const op of operations) {
    if (byId.has(op.id)) problems.push(`operation id "${op.id}" appears twice`);
    byId.set(op.id, op);
  }
  for (const op of operations) {
    for (const dep of op.dependsOn) {
      const target = byId.get(dep);
      if (!target) problems.push(`operation "${op.id}" depends on "${dep}", which is not in the plan`);
      else if (target.stage >= op.stage) {
        problems.push(`operation "${op.id}" (stage ${op.stage}) depends on "${dep}" (stage ${target.stage}), which does not run before it`);
      }
    }
  }
  if (problems.length > 0) throw new EmctlError('config', 'the plan\'s operations are not in a runnable order', problems);

  const byStage = new Map<number, Operation[]>();
  for (const op of operations) {
    const list = byStage.get(op.stage);
    if (list) list.push(op);
    else byStage.set(op.stage, [op]);
  }
  const stages = [...byStage.keys()].sort((a, b) => a - b).map((n) => byStage.get(n) ?? []);
  return { stages, byId };
}

export interface LaneCallbacks {
  /** Operations of one route handed to the client at once (the client caps calls in flight overall). */
  perRoute: number;
  /** Carries out one operation; true when every address it carries was applied. */
  run(op: Operation): Promise<boolean>;
  /** Why no operation may start now (interrupted, or stopped after a failure), if so. */
  holdReason(): string | undefined;
  /** Records an operation that will not run, with the reason. */
  skip(op: Operation, reason: string): void;
}

interface Lane {
  running: number;
  queue: Fifo<Operation>;
}

/**
 * Runs a checked schedule's operations on per-route lanes. An operation joins its route's queue
 * once every operation it depends on succeeded, and is skipped, with the reason, as soon as one of
 * them failed or was skipped. Each lane hands at most `perRoute` operations to the client at a
 * time, so a route waiting for its pacing tokens never holds up another route whose bucket still
 * has tokens (the client paces each route and takes token and slot together). Resolves when every
 * operation has run or been skipped; an exception from `run` is rethrown once the others settled.
 */
export async function runInLanes(operations: readonly Operation[], callbacks: LaneCallbacks): Promise<void> {
  const { byId } = scheduleOperations(operations);
  const dependants = new Map<string, Operation[]>();
  const waitingOn = new Map<string, number>();
  for (const op of operations) {
    const deps = new Set(op.dependsOn);
    waitingOn.set(op.id, deps.size);
    for (const dep of deps) {
      const list = dependants.get(dep);
      if (list) list.push(op);
      else dependants.set(dep, [op]);
    }
  }
  const lanes = new Map<string, Lane>();
  const outcome = new Map<string, 'succeeded' | 'failed' | 'skipped'>();
  let remaining = operations.length;
  let thrown: { error: unknown } | undefined;

  return new Promise<void>((resolve, reject) => {
    const finishOne = (): void => {
      remaining -= 1;
      if (remaining > 0) return;
      if (thrown) reject(thrown.error);
      else resolve();
    };
    const skip = (op: Operation, reason: string): void => {
      outcome.set(op.id, 'skipped');
      callbacks.skip(op, reason);
      settle(op);
      finishOne();
    };
    /** Tells the dependants of `op` (just ended) whether they can go. */
    const settle = (op: Operation): void => {
      const status = outcome.get(op.id);
      for (const next of dependants.get(op.id) ?? []) {
        if (outcome.has(next.id)) continue;
        if (status === 'succeeded') {
          const left = (waitingOn.get(next.id) ?? 1) - 1;
          waitingOn.set(next.id, left);
          if (left === 0) enqueue(next);
          continue;
        }
        // Stopped (interrupted, or after a failure): what depends on an operation that was never
        // started says so, rather than naming that operation.
        const hold = status === 'skipped' ? callbacks.holdReason() : undefined;
        skip(next, hold ?? `depends on "${op.description}" (${op.id}), which ${status === 'failed' ? 'failed' : 'was not applied'}`);
      }
    };
    const enqueue = (op: Operation): void => {
      let lane = lanes.get(op.route);
      if (!lane) lanes.set(op.route, (lane = { running: 0, queue: new Fifo() }));
      lane.queue.push(op);
      pump(lane);
    };
    const pump = (lane: Lane): void => {
      while (lane.running < callbacks.perRoute) {
        const op = lane.queue.shift();
        if (!op) return;
        const hold = thrown ? 'not started: the apply stopped on an internal error' : callbacks.holdReason();
        if (hold) {
          skip(op, hold);
          continue;
        }
        lane.running += 1;
        callbacks.run(op).then(
          (ok) => outcome.set(op.id, ok ? 'succeeded' : 'failed'),
          (error: unknown) => {
            thrown ??= { error };
            outcome.set(op.id, 'failed');
          },
        ).finally(() => {
          lane.running -= 1;
          settle(op);
          finishOne();
          pump(lane);
        });
      }
    };

    if (remaining === 0) {
      resolve();
      return;
    }
    for (const op of operations) if ((waitingOn.get(op.id) ?? 0) === 0 && byId.has(op.id)) enqueue(op);
  });
}
