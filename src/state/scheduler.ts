// Runs the reads of one stage concurrently, without flooding the client and without going on after
// a failure. The client already paces each route and caps requests in flight; this layer only
// decides when a read is handed to it:
// - at most `perRoute` reads of one route wait in the client at a time, so a route with thousands
//   of reads (repository configs) cannot fill the queue ahead of the other routes, which therefore
//   still run side by side within the client's pacing;
// - after the first failure nothing new starts: a plan built on part of the data would be wrong,
//   and a thousand queued reads should not keep running after the error is already known.

import { Fifo } from '../api/fifo.js';

export class ReadAborted extends Error {
  constructor() {
    super('read abandoned after an earlier read failed');
    this.name = 'ReadAborted';
  }
}

interface Lane {
  running: number;
  queue: Fifo<() => void>;
}

/** Told when a read waits in its lane and when it leaves it (progress lines count these as to come). */
export interface LaneObserver {
  hold(route: string): void;
  release(route: string): void;
}

export class ReadScheduler {
  private readonly lanes = new Map<string, Lane>();
  private failure: unknown = undefined;

  constructor(
    private readonly perRoute: number,
    private readonly observer?: LaneObserver,
  ) {
    if (!Number.isInteger(perRoute) || perRoute < 1) throw new RangeError(`perRoute must be an integer >= 1, got ${perRoute}`);
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Runs `task` when its route has room; rejects without running it once a read has failed. */
  async run<T>(route: string, task: () => Promise<T>): Promise<T> {
    const lane = this.lane(route);
    if (lane.running >= this.perRoute) {
      this.observer?.hold(route);
      await new Promise<void>((resolve) => lane.queue.push(resolve));
      this.observer?.release(route);
    } else lane.running += 1;
    try {
      if (this.failed) throw new ReadAborted();
      return await task();
    } catch (error) {
      if (!(error instanceof ReadAborted)) this.failure ??= error;
      throw error;
    } finally {
      const next = lane.queue.shift();
      if (next) next();
      else lane.running -= 1;
    }
  }

  private lane(route: string): Lane {
    let lane = this.lanes.get(route);
    if (!lane) {
      lane = { running: 0, queue: new Fifo() };
      this.lanes.set(route, lane);
    }
    return lane;
  }
}

/**
 * Like Promise.all, but when a task fails waits for the others to settle (they stop quickly: the
 * scheduler refuses to start new ones) and rethrows the first real failure, so no read is left
 * running after the caller has moved on and no ReadAborted hides the cause.
 */
export async function allOrFirstFailure<T>(tasks: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failures = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason as unknown);
  const cause = failures.find((f) => !(f instanceof ReadAborted)) ?? failures[0];
  if (failures.length > 0) throw cause;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
