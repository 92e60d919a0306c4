// Traffic shaping of the emulated service: a per-route, per-key token bucket (429 with
// Retry-After on excess) and seeded fault injection (500/502/503/504 or a connection reset).

import { seededRandom } from '../fixture/random.js';

/** Token bucket per (key, route): `perMinute` tokens, refilled continuously, starting full. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token; returns 0 when allowed, else the seconds to wait before one is available. */
  take(key: string, route: string): number {
    if (this.perMinute <= 0) return 0;
    const id = `${route}\u0000${key}`;
    const t = this.now();
    const rate = this.perMinute / 60_000; // tokens per ms
    const bucket = this.buckets.get(id) ?? { tokens: this.perMinute, at: t };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (t - bucket.at) * rate);
    bucket.at = t;
    this.buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate / 1000));
  }
}

export type Fault = 500 | 502 | 503 | 504 | 'reset';
const FAULTS: readonly Fault[] = [500, 502, 503, 504, 'reset'];

/** Decides, request by request, whether to inject a fault and which. */
export class FaultInjector {
  private readonly random: () => number;

  constructor(
    private readonly rate: number,
    seed?: number,
  ) {
    this.random = seed === undefined ? Math.random : seededRandom(seed);
  }

  next(): Fault | undefined {
    if (this.rate <= 0) return undefined;
    if (this.random() >= this.rate) return undefined;
    return FAULTS[Math.floor(this.random() * FAULTS.length)] ?? 500;
  }
}
