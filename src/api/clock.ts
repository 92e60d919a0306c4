// The time pacing, retries and polling depend on, behind one small interface so that their tests
// run on a fake clock (no test waits for real time or asserts a wall-clock bound, DESIGN.md 5).
// Time on the wire (a request's deadline, the -v log's milliseconds) stays on the real clock: it
// measures the network, not the schedule.

export interface TimerHandle {
  readonly id: unknown;
}

export interface Clock {
  /** Milliseconds since the epoch (Retry-After may be an HTTP-date). */
  now(): number;
  /** Calls `fn` once after `ms`. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => ({ id: setTimeout(fn, ms) }),
  clearTimer: (handle) => clearTimeout(handle.id as NodeJS.Timeout),
};

/** Resolves after `ms` on `clock` (at once for 0 or less). */
export function sleepOn(clock: Clock, ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => void clock.setTimer(resolve, ms));
}
