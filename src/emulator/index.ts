// The emulator of the Engineering Metrics Service (DESIGN.md §4): start one on a fixture, in
// process, on an OS-chosen port by default. See docs/emulator.md.

import { readFile } from 'node:fs/promises';
import { EmctlError } from '../contract/errors.js';
import { checkFixtureData } from './fixture/load.js';
import type { Fixture } from './fixture/types.js';
import { startServer } from './http/server.js';
import { DEFAULT_REPORT_OPTIONS } from './measurements/reports.js';
import { EmulatorStore, type StateFile } from './store.js';

export { loadFixtureFile, parseFixture, checkFixtureData } from './fixture/load.js';
export type { Fixture } from './fixture/types.js';
export { generateFixture, type GenerateSpec } from './fixture/generate.js';
export { EXAMPLE_FIXTURE_PATH, FIXTURE_SCHEMA_PATH } from './fixture/paths.js';
export { EmulatorStore } from './store.js';

export interface EmulatorOptions {
  /** Parsed and checked fixture (loadFixtureFile, parseFixture or generateFixture). */
  fixture: Fixture;
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added to every response, in milliseconds. */
  latencyMs?: number;
  /** Waits out the latency (default: a timer): a test counts the waits instead of timing them. */
  latencyWait?: (ms: number) => Promise<unknown>;
  /** 0..1: share of API requests answered by an injected fault (500/502/503/504 or connection reset). */
  faultRate?: number;
  /** Calls per minute per route (method + path template) per key; 0/undefined = off; excess -> 429. */
  rateLimit?: number;
  /** Persist the state atomically after each change; loaded on start when the file exists. */
  statePath?: string;
  /** Makes fault injection deterministic. */
  seed?: number;
  /** v1 measurement reports: ms from the create call until they are ready (default 1500). */
  reportDelayMs?: number;
  /** Seconds report links (and v1 request ids) live once the file is ready (default 3600). */
  reportRetentionS?: number;
  /** The clock report readiness and expiry are judged by (ms; default Date.now): tests share a fake one with the client. */
  reportClock?: () => number;
  /** Time for a whole request, headers and body, in ms (default 30,000); past it the answer is 408. */
  requestTimeoutMs?: number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
  store: EmulatorStore;
}

async function readStateFile(path: string, apiKeys: string[]): Promise<StateFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new EmctlError('config', `cannot read emulator state ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let data: Partial<StateFile>;
  try {
    data = JSON.parse(text) as Partial<StateFile>;
  } catch {
    throw new EmctlError('config', `emulator state ${path} is not valid JSON`);
  }
  if (data.format !== 'emctl-emulator-state' || data.version !== 1) {
    throw new EmctlError('config', `${path} is not an emctl emulator state file (format emctl-emulator-state, version 1)`);
  }
  return {
    format: 'emctl-emulator-state',
    version: 1,
    // Keys are not stored in state files: check the stored organization with the running keys.
    fixture: checkFixtureData({ ...(data.fixture ?? {}), api_keys: apiKeys }, `${path} (fixture)`),
    audit_log: Array.isArray(data.audit_log) ? data.audit_log : [],
    recomputes: Array.isArray(data.recomputes) ? data.recomputes : [],
  };
}

function checkOptions(o: EmulatorOptions): void {
  const bad = (what: string) => {
    throw new EmctlError('config', `emulator: ${what}`);
  };
  if (o.port !== undefined && (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)) bad(`port must be 0..65535, got ${o.port}`);
  if (o.latencyMs !== undefined && !(o.latencyMs >= 0)) bad(`latency must be >= 0 ms, got ${o.latencyMs}`);
  if (o.faultRate !== undefined && !(o.faultRate >= 0 && o.faultRate <= 1)) bad(`fault rate must be between 0 and 1, got ${o.faultRate}`);
  if (o.rateLimit !== undefined && !(o.rateLimit >= 0)) bad(`rate limit must be >= 0 calls per minute, got ${o.rateLimit}`);
  if (o.reportDelayMs !== undefined && !(o.reportDelayMs >= 0)) bad(`report delay must be >= 0 ms, got ${o.reportDelayMs}`);
  if (o.reportRetentionS !== undefined && !(o.reportRetentionS > 0)) bad(`report retention must be > 0 s, got ${o.reportRetentionS}`);
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  checkOptions(options);
  const current = options.statePath ? await readStateFile(options.statePath, options.fixture.api_keys) : undefined;
  const reports = { delayMs: options.reportDelayMs ?? DEFAULT_REPORT_OPTIONS.delayMs, retentionS: options.reportRetentionS ?? DEFAULT_REPORT_OPTIONS.retentionS };
  const store = new EmulatorStore(options.fixture, { reports, ...(current ? { current } : {}), ...(options.reportClock ? { reportClock: options.reportClock } : {}) });
  const server = await startServer(store, {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    latencyMs: options.latencyMs ?? 0,
    ...(options.latencyWait ? { latencyWait: options.latencyWait } : {}),
    faultRate: options.faultRate ?? 0,
    rateLimit: options.rateLimit ?? 0,
    statePath: options.statePath,
    seed: options.seed,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
  });
  return { url: server.url, port: server.port, close: () => server.close(), store };
}
