// CallGate: a route's token and one of the --concurrency slots taken together, and each route's
// calls counted (waiting, in flight, done) for progress lines and their ETA (PacingView).

import { systemClock, type Clock, type TimerHandle } from './clock.js';
import { Fifo } from './fifo.js';
import type { RoutePacer } from './pacing.js';

/** One route's calls as the client sees them now (PacingView). */
export interface RouteProgress {
  route: string;
  /** Tries answered (any status, or a transport failure). */
  done: number;
  /** Tries waiting for their token or a slot. */
  waiting: number;
  /** Tries on the wire. */
  inFlight: number;
  /** The route's pace now, calls per minute; 0 = not paced. */
  ratePerMinute: number;
  /** Milliseconds before the route's waiting calls have all had their tokens, from its pace and bucket now. */
  etaMs: number;
}

/** What a progress line needs from the pacing, read-only (DESIGN.md 3: calls done / total, an ETA). */
export interface PacingView {
  /** The routes called so far, in the order of their first call. */
  routes(): RouteProgress[];
}

interface RouteCounts {
  queue: Fifo<{ seq: number; go: () => void; fail: (error: Error) => void }>;
  /** Set once the route gave up (closed()): its calls fail with this instead of waiting. */
  closedWith?: Error;
  waiting: number;
  inFlight: number;
  done: number;
}

/**
 * Hands out a route's token and an in-flight slot together (--concurrency slots, RoutePacer
 * tokens): a call leaves only when both are there, so calls that got their tokens while every slot
 * was busy do not pile up and leave in a bunch when slots free, and a call waiting for its token
 * holds no slot. Among the routes whose token is there, the call that has waited longest goes
 * first. Waiting is per route; picking a call scans the routes that have waiters (a few dozen).
 */
export class CallGate implements PacingView {
  private inFlight = 0;
  private sequence = 0;
  private readonly counts = new Map<string, RouteCounts>();
  /** Routes with calls waiting (a subset of counts): what pump() scans. */
  private readonly waiting = new Set<string>();
  private timer: TimerHandle | undefined;

  constructor(
    private readonly pacer: RoutePacer,
    private readonly max: number,
    private readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency must be an integer >= 1, got ${max}`);
  }

  /** Calls holding a slot: sent and not yet answered (those waiting for a token or slot are not). */
  get busy(): number {
    return this.inFlight;
  }

  /** Runs `task` once `route` has a token and a slot is free; the slot is held until it settles. */
  async run<T>(route: string, task: () => Promise<T>): Promise<T> {
    const counts = this.countsOf(route);
    await new Promise<void>((go, fail) => {
      if (counts.closedWith !== undefined) {
        fail(counts.closedWith);
        return;
      }
      counts.queue.push({ seq: this.sequence++, go, fail });
      counts.waiting += 1;
      this.waiting.add(route);
      this.pump();
    });
    try {
      return await task();
    } finally {
      this.inFlight -= 1;
      counts.inFlight -= 1;
      counts.done += 1;
      this.pump();
    }
  }

  /**
   * The route gave up (--max-throttle-wait): its waiting calls and any later one fail with `error`
   * at once, rather than each waiting for a token only to meet the same answer.
   */
  close(route: string, error: Error): void {
    const counts = this.countsOf(route);
    counts.closedWith = error;
    for (let next = counts.queue.shift(); next !== undefined; next = counts.queue.shift()) {
      counts.waiting -= 1;
      next.fail(error);
    }
    this.waiting.delete(route);
    this.pump();
  }

  routes(): RouteProgress[] {
    return [...this.counts].map(([route, c]) => {
      const ratePerMinute = this.pacer.rateOf(route);
      const first = this.pacer.waitFor(route);
      const etaMs = c.waiting === 0 ? 0 : ratePerMinute === 0 ? first : first + ((c.waiting - 1) * 60_000) / ratePerMinute;
      return { route, done: c.done, waiting: c.waiting, inFlight: c.inFlight, ratePerMinute, etaMs: Math.ceil(etaMs) };
    });
  }

  private countsOf(route: string): RouteCounts {
    let counts = this.counts.get(route);
    if (!counts) this.counts.set(route, (counts = { queue: new Fifo(), waiting: 0, inFlight: 0, done: 0 }));
    return counts;
  }

  private pump(): void {
    if (this.timer) {
      this.clock.clearTimer(this.timer);
      this.timer = undefined;
    }
    let soonest = Number.POSITIVE_INFINITY;
    while (this.inFlight < this.max) {
      let best: { counts: RouteCounts; route: string; seq: number } | undefined;
      soonest = Number.POSITIVE_INFINITY;
      for (const route of this.waiting) {
        const counts = this.counts.get(route) as RouteCounts;
        const head = counts.queue.peek();
        if (head === undefined) {
          this.waiting.delete(route);
          continue;
        }
        const wait = this.pacer.waitFor(route);
        if (wait > 0) soonest = Math.min(soonest, wait);
        else if (best === undefined || head.seq < best.seq) best = { counts, route, seq: head.seq };
      }
      if (best === undefined) break;
      this.pacer.take(best.route);
      this.inFlight += 1;
      best.counts.waiting -= 1;
      best.counts.inFlight += 1;
      best.counts.queue.shift()?.go();
    }
    // A free slot and waiters whose tokens are not there yet: look again when the first one is.
    if (this.inFlight < this.max && soonest !== Number.POSITIVE_INFINITY) {
      this.timer = this.clock.setTimer(() => {
        this.timer = undefined;
        this.pump();
      }, soonest);
    }
  }
}
