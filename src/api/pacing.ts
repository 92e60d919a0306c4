// Client-side pacing. The service allows N calls per minute per endpoint and key (api-notes.md),
// so each route (method + path template) gets its own token bucket: calls on different routes
// proceed in parallel, calls on one route are spaced to the rate. Buckets start full so short
// bursts go at once (DESIGN.md).
//
// Adaptive: when the service answers 429 the route slows down (slowDown): its rate is halved and
// its bucket emptied, so a service whose real limit is below --rate-limit is met within a few
// halvings instead of failing the run. A route with pacing off starts at the service's documented
// 60 calls a minute when it first gets a 429. A slowed route climbs back additively (answered()):
// after a quiet spell of a bucketful of calls answered without a 429 (a minute's worth at its
// lowered pace, with the default bucket), its pace goes up by a tenth of the pace it was set to,
// never above it.
//
// Margin: the service counts a call when it arrives, emctl when it sends it, so a call paced at
// exactly the service's rate can arrive a little early (latency varies) and find the service just
// under a token. Two guards, so our own pacing never meets a 429 (which would cost a busy route
// its pace for minutes): a paced route keeps a token of its bucket in hand, or half a
// second's worth of its pace when that is more (a call goes when that margin remains after it; the
// burst is that much smaller, so at the service's own rate the service always holds that much more
// than emctl counts: a second of slack at 60 a minute), and the
// first 429 of a route still at its configured pace is taken as that kind of miss (or as a bucket a
// previous run left low): the route's bucket is emptied, not its pace halved. Only a second one
// slows it down.

import { systemClock, type Clock } from './clock.js';

export interface PacerOptions {
  /** Calls per minute per route; 0 turns pacing off. */
  ratePerMinute: number;
  /** Bucket capacity: calls that may go at once after a quiet spell. Default: one minute's worth. */
  burst?: number;
  /** Time: the system's, a fake one in tests. */
  clock?: Clock;
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
  /** The last call stamp when the route slowed down: a 429 for a call sent before it was already answered by it. */
  slowedAfter: number;
  /** The pace the route climbs back to after a slow-down: the configured one (60 a minute when pacing is off). */
  targetMsPerToken: number;
  /** The bucket size it climbs back to. */
  targetCapacity: number;
  /** Calls sent after the route last slowed down and answered without a 429 since it slowed down or sped up (answered()). */
  quiet: number;
  /** Whether this route already had its one 429 at the configured pace that does not halve it. */
  forgiven: boolean;
}

/** The pace a route with pacing off takes on its first 429: the service's documented 60 calls a minute. */
export const THROTTLED_START_PER_MINUTE = 60;
/** A route is never slowed below one call a minute. */
export const THROTTLED_FLOOR_PER_MINUTE = 1;
/** A slowed route's pace goes up by this share of the pace it was set to after each quiet spell. */
export const RECOVERY_STEP = 0.1;
/**
 * Time a paced route keeps in hand (see the margin above): at least one token, and at least this
 * much of its pace (a token is a second at 60 a minute, but 17 ms time-compressed at 3,600, where
 * the first call of a route reaching a busy service late is enough to put the two buckets out of
 * step). Never the whole bucket: a call can always go from a full one.
 */
const MARGIN_MS = 500;

export class RoutePacer {
  private readonly msPerToken: number;
  private readonly capacity: number;
  private readonly clock: Clock;
  private readonly buckets = new Map<string, Bucket>();
  /** Calls stamped so far (stamp()). */
  private sent = 0;

  constructor(options: PacerOptions) {
    const rate = options.ratePerMinute;
    if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`rate limit must be >= 0, got ${rate}`);
    this.msPerToken = rate === 0 ? 0 : 60_000 / rate;
    this.capacity = Math.max(1, Math.floor(options.burst ?? rate));
    this.clock = options.clock ?? systemClock;
  }

  private now(): number {
    return this.clock.now();
  }

  get enabled(): boolean {
    return this.msPerToken > 0;
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
   * The service answered 429 to a call on `route` stamped `sentAt`: halve the route's rate and
   * empty its bucket, once per episode (the other calls already in flight when it slowed down
   * get their 429s too, and must not halve it again). Returns the new rate in calls per minute,
   * or undefined when this 429 was already accounted for.
   */
  slowDown(route: string, sentAt: number): number | undefined {
    const bucket = this.bucket(route);
    if (sentAt <= bucket.slowedAfter) return undefined;
    if (!bucket.forgiven && bucket.msPerToken > 0 && bucket.msPerToken === bucket.targetMsPerToken) {
      // At the configured pace, one 429 says the service's bucket and ours were out of step, not
      // that the service allows less: start from an empty bucket at the same pace.
      bucket.forgiven = true;
      bucket.tokens = 0;
      bucket.updatedAt = this.now();
      bucket.slowedAfter = this.sent;
      return undefined;
    }
    const floor = 60_000 / THROTTLED_FLOOR_PER_MINUTE;
    if (bucket.msPerToken === 0) {
      // Pacing off: paced from now on at the documented limit, which is also as high as it climbs back.
      bucket.msPerToken = 60_000 / THROTTLED_START_PER_MINUTE;
      bucket.targetMsPerToken = bucket.msPerToken;
      bucket.targetCapacity = THROTTLED_START_PER_MINUTE;
      bucket.capacity = THROTTLED_START_PER_MINUTE;
      bucket.forgiven = true; // the service's own limit, met with no margin of ours: a 429 there is a real one
    } else {
      bucket.msPerToken = Math.min(floor, bucket.msPerToken * 2);
    }
    bucket.capacity = Math.max(1, Math.min(bucket.capacity, Math.floor(60_000 / bucket.msPerToken)));
    bucket.tokens = 0;
    bucket.updatedAt = this.now();
    bucket.slowedAfter = this.sent;
    bucket.quiet = 0;
    return 60_000 / bucket.msPerToken;
  }

  /**
   * Milliseconds until a call on `route` may go (0: now), without taking anything: the Retry-After
   * pause, then the bucket. A route that is not paced answers 0 unless paused.
   */
  waitFor(route: string): number {
    const paused = this.pausedFor(route);
    if (paused > 0) return paused;
    const bucket = this.enabled ? this.bucket(route) : this.buckets.get(route);
    if (bucket === undefined || bucket.msPerToken === 0) return 0;
    this.refill(bucket);
    const margin = Math.min(bucket.capacity - 1, Math.max(1, Math.ceil(MARGIN_MS / bucket.msPerToken)));
    const needed = 1 + margin;
    return bucket.tokens >= needed ? 0 : Math.max(1, Math.ceil((needed - bucket.tokens) * bucket.msPerToken - 1e-6));
  }

  /** Takes a token of `route` (call after waitFor answered 0). */
  take(route: string): void {
    const bucket = this.buckets.get(route);
    if (bucket !== undefined && bucket.msPerToken > 0) bucket.tokens -= 1;
  }

  /**
   * The service answered a call on `route` stamped `sentAt` with something other than 429. A route
   * slowed below the pace it was set to speeds up again after a quiet spell: once a bucketful of
   * calls sent since it last slowed down (its bucket then holds at most a minute's worth of its
   * lowered pace) have been answered without a 429 slowing it down meanwhile, its pace goes up by a
   * tenth of the pace it was set to, and its bucket back toward its size, never above either.
   * Additive increase after multiplicative decrease: a limit just under the pace is met again by a
   * halving, then approached slowly, never overshot by much.
   */
  answered(route: string, sentAt: number): void {
    const bucket = this.buckets.get(route);
    if (bucket === undefined || bucket.msPerToken === 0 || bucket.msPerToken <= bucket.targetMsPerToken) return;
    if (sentAt <= bucket.slowedAfter) return; // sent before the slow-down: says nothing of the new pace
    bucket.quiet += 1;
    if (bucket.quiet < bucket.capacity) return;
    const target = 60_000 / bucket.targetMsPerToken;
    const rate = 60_000 / bucket.msPerToken + target * RECOVERY_STEP;
    this.refill(bucket); // tokens so far at the old pace
    bucket.quiet = 0;
    if (rate >= target) {
      // Back at the configured pace exactly: set, not computed, so rounding cannot pass --rate-limit.
      bucket.msPerToken = bucket.targetMsPerToken;
      bucket.capacity = bucket.targetCapacity;
      return;
    }
    bucket.msPerToken = 60_000 / rate;
    bucket.capacity = Math.max(1, Math.min(bucket.targetCapacity, Math.floor(rate)));
  }

  /** A number for a call being sent, increasing (not a time: two calls may leave in one millisecond); for slowDown. */
  stamp(): number {
    this.sent += 1;
    return this.sent;
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
      bucket = {
        tokens: this.capacity,
        updatedAt: this.now(),
        pausedUntil: 0,
        msPerToken: this.msPerToken,
        capacity: this.capacity,
        slowedAfter: 0,
        targetMsPerToken: this.msPerToken,
        targetCapacity: this.capacity,
        quiet: 0,
        forgiven: false,
      };
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
}
