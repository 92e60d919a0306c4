// The progress of a long read (DESIGN 3): calls done / total, the route being read and an ETA from
// the pacing. On a terminal one line on stderr, rewritten in place; elsewhere (CI) one plain line
// every 30 s; never anything on stdout. Time comes from a clock the caller gives (tests use a fake
// one), counts from the client's pacing view and from the state reader's scheduler, which holds
// back reads the client has not been handed yet.

/**
 * One route's calls as the client's pacing view counts them (api/gate.ts RouteProgress fits as it
 * is): answered, waiting for a token or a slot, on the wire; its pace (0 = none) and when the calls
 * waiting will have been sent.
 */
export interface RouteCalls { route: string; done: number; waiting: number; inFlight: number; ratePerMinute: number; etaMs: number }

export interface ProgressClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemProgressClock: ProgressClock = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    // A progress line never keeps the process alive.
    timer.unref();
    return () => clearInterval(timer);
  },
};

interface ProgressSink {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** A terminal's width (Node keeps a TTY stream's up to date when the window is resized). */
  columns?: number;
}

/** A terminal that does not say its width is taken to be this wide. */
const DEFAULT_COLUMNS = 80;

/** On a terminal the line is redrawn this often, once a read has lasted SHOW_AFTER_MS. */
const TTY_EVERY_MS = 250;
const SHOW_AFTER_MS = 1000;
/** Elsewhere one plain line this often (a CI log should show life, not a line per call). */
const PLAIN_EVERY_MS = 30_000;
/**
 * A read that will take longer than this is said so once, up front, as soon as the pacing knows
 * (checked every ESTIMATE_CHECK_MS): at the default 60 calls a minute a 300-repository plan takes
 * minutes, and the person waiting should know why (and, against a local emulator, what lifts it).
 */
const LONG_READ_MS = 60_000;
const ESTIMATE_CHECK_MS = 1_000;

export interface ReadProgressOptions {
  /** What lifts the pacing where it is not needed, said with a long read's estimate and on its line (a local emulator: `--rate-limit 0`). */
  pacingHint?: string;
}

interface Snapshot {
  done: number;
  total: number;
  eta: number;
  busiest: { route: string; left: number; ratePerMinute: number } | undefined;
}

export class ReadProgress {
  /** Reads the scheduler holds back per route (not handed to the client yet). */
  private readonly held = new Map<string, number>();
  private stopTicking: (() => void) | undefined;
  private startedAt = 0;
  /** Calls done per route when this read started: the counts shown are this read's own. */
  private baseline = new Map<string, number>();
  private shown = 0;
  private stopChecking: (() => void) | undefined;
  /** Whether this run's estimate was said (by estimate() or the check): said once. */
  private estimated = false;

  constructor(
    private readonly sink: ProgressSink,
    private readonly clock: ProgressClock,
    private readonly calls: () => readonly RouteCalls[],
    private readonly options: ReadProgressOptions = {},
  ) {}

  /** The scheduler holds a read of `route` back (its lane is full). */
  hold(route: string): void {
    this.held.set(route, (this.held.get(route) ?? 0) + 1);
  }

  /** A held read of `route` goes to the client. */
  release(route: string): void {
    this.held.set(route, Math.max(0, (this.held.get(route) ?? 0) - 1));
  }

  get active(): boolean {
    return this.stopTicking !== undefined;
  }

  start(): void {
    if (this.active) return;
    this.startedAt = this.clock.now();
    this.baseline = new Map(this.calls().map((c) => [c.route, c.done]));
    if (!this.estimated) this.stopChecking = this.clock.every(ESTIMATE_CHECK_MS, () => this.checkEstimate());
    const tty = this.sink.isTTY === true;
    this.stopTicking = this.clock.every(tty ? TTY_EVERY_MS : PLAIN_EVERY_MS, () => {
      if (!tty) {
        this.sink.write(`${this.line()}\n`);
        return;
      }
      if (this.clock.now() - this.startedAt < SHOW_AFTER_MS) return;
      // A line as wide as the terminal (or wider) wraps, and `\r` then rewrites only its last
      // row: every redraw would leave a copy behind. One column is kept free for the cursor.
      const width = this.width() - 1;
      const text = this.line(width);
      this.sink.write(`\r${text.padEnd(Math.min(this.shown, width))}`);
      this.shown = Math.min(Math.max(this.shown, text.length), width);
    });
  }

  /** What lifts the pacing here, if anything (a long read's own estimate says it too). */
  get pacingHint(): string | undefined {
    return this.options.pacingHint;
  }

  /** Says a long read's own estimate (export counts its configurations): the generic one is then not said. */
  estimate(text: string): void {
    this.estimated = true;
    this.stopChecking?.();
    this.say(text);
  }

  /** Once the pacing knows that this read takes longer than LONG_READ_MS: how long, at what pace, and what lifts it. */
  private checkEstimate(): void {
    const { total, eta, busiest } = this.snapshot();
    if (busiest === undefined || !Number.isFinite(eta) || eta < LONG_READ_MS) return;
    const pace = busiest.ratePerMinute > 0 ? ` at ${busiest.ratePerMinute} calls a minute per route (the service's limit)` : '';
    const hint = this.options.pacingHint === undefined ? '' : `; ${this.options.pacingHint}`;
    this.estimate(`This read takes about ${duration(eta)}: ${total} calls${pace}${hint}.\n`);
  }

  /** Prints a line of its own on the sink: the progress line is erased first and redrawn at the next tick. */
  say(text: string): void {
    if (this.shown > 0) this.sink.write(`\r${' '.repeat(this.shown)}\r`);
    this.shown = 0;
    this.sink.write(text);
  }

  /** Stops; on a terminal the line is erased, so what is printed next starts at column 0. */
  stop(): void {
    this.stopTicking?.();
    this.stopTicking = undefined;
    this.stopChecking?.();
    this.stopChecking = undefined;
    if (this.shown > 0) this.sink.write(`\r${' '.repeat(this.shown)}\r`);
    this.shown = 0;
  }

  private width(): number {
    const columns = this.sink.columns;
    return typeof columns === 'number' && Number.isInteger(columns) && columns > 0 ? columns : DEFAULT_COLUMNS;
  }

  /**
   * `reading: 120/480 calls, GET /api/v1/git/repositories/{id}/config, about 6m 10s left`, in at
   * most `width` columns (fitLine).
   */
  line(width = Number.POSITIVE_INFINITY): string {
    const { done, total, eta, busiest } = this.snapshot();
    const left = busiest === undefined ? '' : Number.isFinite(eta) ? `, about ${duration(eta)} left` : ', time left not known yet';
    const hint = this.options.pacingHint !== undefined && Number.isFinite(eta) && eta >= LONG_READ_MS ? ` (${this.options.pacingHint})` : '';
    return fitLine({ counts: `reading: ${done}/${total} calls`, route: busiest?.route, left, hint }, width);
  }

  private snapshot(): Snapshot {
    const elapsed = this.clock.now() - this.startedAt;
    let done = 0;
    let total = 0;
    let eta = 0;
    let busiest: Snapshot['busiest'];
    for (const c of this.calls()) {
      const mine = c.done - (this.baseline.get(c.route) ?? 0);
      const pending = this.held.get(c.route) ?? 0;
      const left = pending + c.waiting + c.inFlight;
      done += mine;
      total += mine + left;
      if (left === 0) continue;
      eta = Math.max(eta, routeEta(c, pending, mine, elapsed));
      if (busiest === undefined || left > busiest.left) busiest = { route: c.route, left, ratePerMinute: c.ratePerMinute };
    }
    return { done, total, eta, busiest };
  }
}

/**
 * A route's time left: its waiting calls as the pacing says, then the reads still held back at its
 * pace; a route that is not paced goes at the speed it has shown so far.
 */
function routeEta(c: RouteCalls, pending: number, done: number, elapsed: number): number {
  const afterWaiting = pending + c.inFlight;
  if (c.ratePerMinute > 0) return c.etaMs + (pending * 60_000) / c.ratePerMinute;
  if (done === 0 || elapsed <= 0) return Number.POSITIVE_INFINITY;
  return ((c.waiting + afterWaiting) * elapsed) / done;
}

/**
 * The progress line in `width` columns (ASCII only, so one character is one column). What goes
 * first: the pacing hint, then the middle of the route (`GET /api/v1/…/{repo_id}/config`), then
 * the route; the counts and the time left stay while they fit, and are cut with `…` last.
 */
export function fitLine(parts: { counts: string; route: string | undefined; left: string; hint: string }, width: number): string {
  const { counts, route, left, hint } = parts;
  const where = route === undefined ? '' : `, ${route}`;
  const full = `${counts}${where}${left}${hint}`;
  if (full.length <= width) return full;
  const bare = `${counts}${where}${left}`;
  if (bare.length <= width) return bare;
  // The route elided in its middle, keeping its method and its last part (what is being read).
  const room = width - counts.length - left.length - 2;
  if (route !== undefined && room >= 20) {
    const tail = Math.ceil((room - 1) / 2);
    return `${counts}, ${route.slice(0, room - 1 - tail)}…${route.slice(route.length - tail)}${left}`;
  }
  const short = `${counts}${left}`;
  if (short.length <= width) return short;
  return width <= 1 ? short.slice(0, Math.max(0, width)) : `${short.slice(0, width - 1)}…`;
}

/** `45s`, `6m 10s`, `1h 2m`. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}
