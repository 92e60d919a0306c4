// Client-side pacing. The service allows N calls per minute per endpoint and key (api-notes.md),
// so each route (method + path template) gets its own token bucket: calls on different routes
// proceed in parallel, calls on one route are spaced to the rate. Buckets start full so short
// bursts go at once (DESIGN.md). Waiters are served first come, first served.
//
// Adaptive: when the service answers 429 the route slows down (slowDown): its rate is halved and
// its bucket emptied, so a service whose real limit is below --rate-limit is met within a few
// halvings instead of failing the run. A route with pacing off starts at the service's documented
// 60 calls a minute when it first gets a 429.
//
// Also a small semaphore that caps requests in flight overall (--concurrency).

import { Fifo } from './fifo.js';

export interface PacerOptions {
  /** Calls per minute per route; 0 turns pacing off. */
  ratePerMinute: number;
  /** Bucket capacity: calls that may go at once after a quiet spell. Default: one minute's worth. */
  burst?: number;
  /** Clock, replaceable in tests of pure timing logic. */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  /** When tokens was last brought up to date. */
  updatedAt: number;
  /** Nothing is handed out before this time (set by a 429's Retry-After). */
  pausedUntil: number;
  /** This route's pace: the configured one until the service asks for less; 0 = not paced. */
  msPerToken: number;
  /** This route's bucket size: the configured one, then at most a minute's worth of its lowered pace. */
  capacity: number;
  /** When the route last slowed down: a 429 for a call sent before it was already answered by it. */
  sloweddownAt: number;
  waiters: Fifo<() => void>;
  timer: NodeJS.Timeout | undefined;
}

/** The pace a route with pacing off takes on its first 429: the service's documented 60 calls a minute. */
export const THROTTLED_START_PER_MINUTE = 60;
/** A route is never slowed below one call a minute. */
export const THROTTLED_FLOOR_PER_MINUTE = 1;

export class RoutePacer {
  private readonly msPerToken: number;
  private readonly capacity: number;
  private readonly now: () => number;
  private readonly buckets = new Map<string, Bucket>();

  constructor(options: PacerOptions) {
    const rate = options.ratePerMinute;
    if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`rate limit must be >= 0, got ${rate}`);
    this.msPerToken = rate === 0 ? 0 : 60_000 / rate;
    this.capacity = Math.max(1, Math.floor(options.burst ?? rate));
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.msPerToken > 0;
  }

  /** Resolves when a call on `route` may go. */
  acquire(route: string): Promise<void> {
    const bucket = this.enabled ? this.bucket(route) : this.buckets.get(route);
    if (bucket === undefined || bucket.msPerToken === 0) {
      const paused = this.pausedFor(route);
      return paused > 0 ? new Promise((resolve) => setTimeout(resolve, paused)) : Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      bucket.waiters.push(resolve);
      this.drain(bucket);
    });
  }

  /**
   * Holds every call on `route` until `ms` from now: a 429 with Retry-After means the whole route
   * is over its limit, not just the call that got it. Works even when pacing is off.
   */
  pause(route: string, ms: number): void {
    const bucket = this.bucket(route);
    bucket.pausedUntil = Math.max(bucket.pausedUntil, this.now() + ms);
  }

  /**
   * The service answered 429 to a call on `route` sent at `sentAt`: halve the route's rate and
   * empty its bucket, once per episode (the other calls already in flight when it slowed down
   * get their 429s too, and must not halve it again). Returns the new rate in calls per minute,
   * or undefined when this 429 was already accounted for.
   */
  slowDown(route: string, sentAt: number): number | undefined {
    const bucket = this.bucket(route);
    if (sentAt < bucket.sloweddownAt) return undefined;
    const floor = 60_000 / THROTTLED_FLOOR_PER_MINUTE;
    bucket.msPerToken = bucket.msPerToken === 0 ? 60_000 / THROTTLED_START_PER_MINUTE : Math.min(floor, bucket.msPerToken * 2);
    bucket.capacity = Math.max(1, Math.min(bucket.capacity, Math.floor(60_000 / bucket.msPerToken)));
    bucket.tokens = 0;
    bucket.updatedAt = this.now();
    bucket.sloweddownAt = this.now();
    return 60_000 / bucket.msPerToken;
  }

  /** The pacer's clock now: stamp a call with it when it is sent, for slowDown. */
  stamp(): number {
    return this.now();
  }

  /** The route's current rate in calls per minute (0 = not paced). */
  rateOf(route: string): number {
    const ms = this.buckets.get(route)?.msPerToken ?? this.msPerToken;
    return ms === 0 ? 0 : 60_000 / ms;
  }

  /** Milliseconds a call on `route` must still wait because of pause(); 0 when not paused. */
  pausedFor(route: string): number {
    const bucket = this.buckets.get(route);
    return bucket ? Math.max(0, bucket.pausedUntil - this.now()) : 0;
  }

  private bucket(route: string): Bucket {
    let bucket = this.buckets.get(route);
    if (!bucket) {
      bucket = { tokens: this.capacity, updatedAt: this.now(), pausedUntil: 0, msPerToken: this.msPerToken, capacity: this.capacity, sloweddownAt: -Infinity, waiters: new Fifo(), timer: undefined };
      this.buckets.set(route, bucket);
    }
    return bucket;
  }

  private refill(bucket: Bucket): void {
    const now = this.now();
    const elapsed = now - bucket.updatedAt;
    if (elapsed > 0) {
      bucket.tokens = Math.min(bucket.capacity, bucket.tokens + elapsed / bucket.msPerToken);
      bucket.updatedAt = now;
    }
  }

  /** Hands out tokens to waiters in order; schedules one timer for the next token if any wait. */
  private drain(bucket: Bucket): void {
    if (bucket.timer) return; // a timer is already due for the head of the queue
    this.refill(bucket);
    const paused = bucket.pausedUntil - this.now();
    while (paused <= 0 && bucket.waiters.length > 0 && bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.waiters.shift()!();
    }
    if (bucket.waiters.length === 0) return;
    const wait = Math.max(paused, (1 - bucket.tokens) * bucket.msPerToken, 1);
    bucket.timer = setTimeout(() => {
      bucket.timer = undefined;
      this.drain(bucket);
    }, Math.ceil(wait));
  }
}

/** Caps how many requests are in flight at once; waiters are served in order. */
export class Semaphore {
  private inFlight = 0;
  private readonly waiters = new Fifo<() => void>();

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency must be an integer >= 1, got ${max}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.max) await new Promise<void>((resolve) => this.waiters.push(resolve));
    else this.inFlight += 1;
    try {
      return await task();
    } finally {
      const next = this.waiters.shift();
      // Hand the slot straight to the next waiter, so inFlight never drops below what is running.
      if (next) next();
      else this.inFlight -= 1;
    }
  }
}
