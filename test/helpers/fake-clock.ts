// A clock for tests of time-dependent code (pacing, retries, polling): time moves only when the
// test says so, or, in run(), jumps to the next timer whenever nothing is on the wire. So a test
// of "one call per 100 ms" checks exact times and never waits for them.

import type { Clock, TimerHandle } from '../../src/api/clock.js';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  constructor(start = Date.parse('2026-03-01T12:00:00Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const seq = this.seq++;
    this.timers.set(seq, { at: this.time + Math.max(0, ms), seq, fn });
    return { id: seq };
  }

  clearTimer(handle: TimerHandle): void {
    this.timers.delete(handle.id as number);
  }

  /** When the next timer fires, if any. */
  nextAt(): number | undefined {
    let next: number | undefined;
    for (const t of this.timers.values()) if (next === undefined || t.at < next) next = t.at;
    return next;
  }

  /** Moves time to `at`, firing every timer due by then in time order (each at its own time). */
  advanceTo(at: number): void {
    for (;;) {
      let due: Timer | undefined;
      for (const t of this.timers.values()) if (t.at <= at && (due === undefined || t.at < due.at || (t.at === due.at && t.seq < due.seq))) due = t;
      if (due === undefined) break;
      this.timers.delete(due.seq);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = Math.max(this.time, at);
  }

  advance(ms: number): void {
    this.advanceTo(this.time + ms);
  }

  /**
   * Awaits `work`, letting real I/O happen: while `busy()` (requests on the wire), real time runs;
   * when nothing is, time jumps to the next timer. Fails if nothing is busy and no timer is set
   * for a while (the work is stuck, not waiting on time).
   */
  async run<T>(work: Promise<T>, busy: () => boolean): Promise<T> {
    let settled = false;
    const done = work.finally(() => {
      settled = true;
    });
    done.catch(() => undefined);
    let idleSpins = 0;
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) break;
      if (busy()) {
        idleSpins = 0;
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      const next = this.nextAt();
      if (next === undefined) {
        if (++idleSpins > 5000) throw new Error('FakeClock.run: nothing on the wire and no timer set: the work is stuck');
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      idleSpins = 0;
      this.advanceTo(next);
    }
    return done;
  }
}
