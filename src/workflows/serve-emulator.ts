// `emctl emulator`: serves the emulated Engineering Metrics Service until Ctrl-C / SIGTERM. Prints
// exactly one line, `emulator listening on http://HOST:PORT`, to stdout once it accepts requests.

import { existsSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { EmctlError } from '../contract/errors.js';
import type { WorkflowIO } from './io.js';

export interface EmulatorRequest {
  fixture?: string;
  generate?: string;
  port: number;
  host: string;
  state?: string;
  latency: number;
  faultRate: number;
  rateLimit: number;
  seed?: number;
  reportDelay: number;
  reportRetention: number;
}

const GENERATE_KEYS: Record<string, string> = {
  repos: 'repos',
  teams: 'teams',
  boards: 'boards',
  seed: 'seed',
  projects: 'projects',
  work_projects: 'workProjects',
  monitored_share: 'monitoredShare',
  prs: 'prs',
  contributors: 'contributors',
  months: 'months',
};

/** `repos=10000,teams=500,boards=2000[,seed=N]` -> a generator spec. */
export function parseGenerateSpec(text: string): { repos: number; teams: number; boards: number; [k: string]: number } {
  const spec: Record<string, number> = { repos: 0, teams: 0, boards: 0 };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [key, value, extra] = part.split('=');
    const field = key !== undefined ? GENERATE_KEYS[key.trim()] : undefined;
    const n = Number(value);
    if (!field || value === undefined || extra !== undefined || value.trim() === '' || !Number.isFinite(n) || n < 0) {
      throw new EmctlError('config', `--generate: bad entry "${part}"; expected key=number with keys ${Object.keys(GENERATE_KEYS).join(', ')}`);
    }
    if (field !== 'monitoredShare' && !Number.isInteger(n)) throw new EmctlError('config', `--generate: ${key} must be a whole number, got "${value}"`);
    spec[field] = n;
  }
  return spec as { repos: number; teams: number; boards: number };
}

export async function serveEmulator(io: WorkflowIO, options: EmulatorRequest): Promise<void> {
  if (options.fixture !== undefined && options.generate !== undefined) {
    throw new EmctlError('config', 'give either --fixture or --generate, not both');
  }
  const { startEmulator, loadFixtureFile, generateFixture, EXAMPLE_FIXTURE_PATH } = await import('../emulator/index.js');
  let fixture;
  if (options.generate !== undefined) {
    const spec = parseGenerateSpec(options.generate);
    fixture = generateFixture({ ...spec, seed: spec.seed ?? options.seed });
  } else {
    const path = options.fixture === undefined ? EXAMPLE_FIXTURE_PATH : resolvePath(io.cwd, options.fixture);
    if (!existsSync(path)) throw new EmctlError('config', `--fixture ${options.fixture ?? ''}: no such fixture file (${path}); without --fixture the emulator serves the bundled example organization`);
    fixture = await loadFixtureFile(path);
  }
  const emulator = await startEmulator({
    fixture,
    port: options.port,
    host: options.host,
    latencyMs: options.latency,
    faultRate: options.faultRate,
    rateLimit: options.rateLimit,
    statePath: options.state === undefined ? undefined : resolvePath(io.cwd, options.state),
    seed: options.seed,
    reportDelayMs: options.reportDelay,
    reportRetentionS: options.reportRetention,
  });
  io.stdout.write(`emulator listening on ${emulator.url}\n`);
  // The key its fixture accepts, for the person who started it: on stderr, so that stdout stays
  // the one line scripts wait for. A fixture's keys are test keys by construction.
  const key = fixture.api_keys?.[0];
  for (const own of fixture.api_keys ?? []) io.redactor?.forget(own);
  if (key !== undefined) io.stderr.write(`API key: ${key} (export EMCTL_API_KEY=${key} EMCTL_BASE_URL=${emulator.url})\n`);
  await untilStopped(io);
  await emulator.close();
}

/** Resolves on the interrupt hook (Ctrl-C) or on SIGINT/SIGTERM sent to the process. */
function untilStopped(io: WorkflowIO): Promise<void> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    const stop = () => {
      for (const c of cleanups) c();
      resolve();
    };
    if (io.onInterrupt) cleanups.push(io.onInterrupt(stop));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, stop);
      cleanups.push(() => process.off(signal, stop));
    }
  });
}
