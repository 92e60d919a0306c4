// Turns the global options into a connected API client: the service and its key (service.ts),
// pacing, concurrency, the -v request log, and the progress line of its reads. A workflow connects,
// then closes in try/finally.

import { Agent } from 'undici';
import { isLoopback } from '../api/loopback.js';
import { EmClient } from '../api/client.js';
import type { ResponseLog, ThrottleEvent } from '../api/client-options.js';
import type { RunningEmulator } from '../emulator/index.js';
import { ReadProgress, systemProgressClock, type ProgressClock, type RouteCalls } from '../output/read-progress.js';
import { requestLogLine, throttleNote } from '../render/request-notices.js';
import type { WorkflowIO } from './io.js';
import type { GlobalOptions } from './options.js';
import { serviceFor } from './service.js';

export interface Connection {
  client: EmClient;
  baseUrl: string;
  /** The service as a plan names it: the base URL, or `emulator:FIXTURE` for --emulator. */
  service: string;
  /** Requests in flight at once (--concurrency), and reads of one route handed to the client at once. */
  concurrency: number;
  /** The progress line of reads made through this connection (DESIGN 3). */
  progress: ReadProgress;
  /**
   * Runs a read with its progress line shown; with `interrupt` (the default), Ctrl-C during it
   * prints "Interrupted: nothing was written" and exits 130 (a read has written nothing).
   */
  reading<T>(read: () => Promise<T>, options?: { interrupt?: boolean }): Promise<T>;
  /** Present when --emulator started one in this process. */
  emulator?: RunningEmulator;
  /** Closes the connection pool and stops the in-process emulator, if any. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Default true: a missing API key is an error. False sends no key when none is given. */
  needKey?: boolean;
  /** The progress line's clock; default the system's (tests give a fake one). */
  clock?: ProgressClock;
}

export async function connect(globals: GlobalOptions, io: WorkflowIO, opts: ConnectOptions = {}): Promise<Connection> {
  const { baseUrl, apiKey, emulator } = await serviceFor(globals, io, opts.needKey ?? true);
  const agent = new Agent({ connections: Math.max(1, globals.concurrency) });
  // Made once the client is (its counts feed it); the client's notices go through it.
  // eslint-disable-next-line prefer-const
  let progress: ReadProgress;
  let throttleTold = false;
  const client = new EmClient({
    baseUrl,
    apiKey,
    dispatcher: agent,
    // The in-process emulator has no rate limit of its own, so pacing against it only slows demos.
    rateLimit: emulator ? 0 : globals.rateLimit,
    concurrency: globals.concurrency,
    ...(globals.maxThrottleWaitMs === undefined ? {} : { maxThrottleWaitMs: globals.maxThrottleWaitMs }),
    ...(globals.verbose ? { onResponse: (log: ResponseLog) => io.stderr.write(requestLogLine(log, apiKey)) } : {}),
    // Said once per run, on the progress line's stderr; later slow-downs are silent.
    onThrottle: (event: ThrottleEvent) => {
      if (throttleTold) return;
      throttleTold = true;
      progress.say(throttleNote(event));
    },
    // Report links at the base URL's own http origin are fetched only when http was allowed.
    insecureHttp: globals.insecureHttp,
  });

  // What the client has done and still holds per route, with each route's pace and ETA (its
  // pacing view); the scheduler adds the reads it holds back.
  const calls = (): RouteCalls[] => client.pacing().routes();
  // Against a local emulator the service's 60 calls a minute is only ours: say what lifts it.
  const local = !emulator && globals.rateLimit > 0 && isLoopback(new URL(baseUrl).hostname);
  progress = new ReadProgress(io.stderr, opts.clock ?? systemProgressClock, calls, local ? { pacingHint: '--rate-limit 0 lifts the pacing for a local emulator' } : {});
  let closed = false;
  const connection: Connection = {
    client,
    baseUrl,
    service: globals.emulator !== undefined ? `emulator:${globals.emulator}` : baseUrl,
    concurrency: globals.concurrency,
    progress,
    reading: (read, options = {}) => guardedRead(progress, io, read, options.interrupt ?? true),
    async close() {
      if (closed) return;
      closed = true;
      await agent.close();
      await emulator?.close();
    },
  };
  if (emulator) connection.emulator = emulator;
  return connection;
}

async function guardedRead<T>(progress: ReadProgress, io: WorkflowIO, read: () => Promise<T>, interrupt: boolean): Promise<T> {
  progress.start();
  const removeInterrupt = interrupt
    ? io.onInterrupt?.(() => {
        progress.stop();
        io.stderr.write('\nInterrupted: nothing was written\n');
        io.exitNow?.('interrupted');
      })
    : undefined;
  try {
    return await read();
  } finally {
    removeInterrupt?.();
    progress.stop();
  }
}
