// Convergence under faults: 20 seeded runs against an emulator answering 30% of API calls with a
// 5xx or a connection reset. Each run plans and applies until apply reports everything applied (at
// most 5 rounds); then live state must be exactly the desired state (a final plan is empty), and
// every write the service saw must be one of the operations of the plans made in that run: the same
// method, path, query and body, or an item re-send carrying some of its list entries.
//
// The runs drive the same pipeline as `emctl apply` (planAgainstLive, then runApply) with a client
// whose retry backoff is a few milliseconds, so 20 runs finish in seconds rather than minutes.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { runApply } from '../../src/apply/run.js';
import type { CliIO } from '../../src/cli/io.js';
import { planAgainstLive } from '../../src/cli/plan-output.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import type { DesiredConfig } from '../../src/core/model.js';
import type { Operation } from '../../src/core/plan-model.js';
import { plainStyle } from '../../src/render/style.js';
import { SMALL_CONFIG } from '../apply/cli-helpers.js';
import { writesOutsidePlan } from '../helpers/plan-writes.js';
import { acmeFixture, apiRequests, startTestEmulator, TEST_KEY, writeConfig } from '../state/helpers/emulator.js';

const RUNS = 20;
const FAULT_RATE = 0.3;
const MAX_ROUNDS = 5;

function silentIO(cwd: string): CliIO {
  const sink = { write: () => true, isTTY: false };
  return { stdout: sink, stderr: sink, stdin: { isTTY: false }, env: {}, cwd };
}

function client(url: string, maxTries: number): EmClient {
  return new EmClient({ baseUrl: url, apiKey: TEST_KEY, rateLimit: 0, retryBaseMs: 1, retryMaxMs: 8, maxTries, concurrency: 4 });
}

interface RunOutcome {
  seed: number;
  rounds: number;
  converged: boolean;
  finalChanges: string[];
  strayWrites: string[];
  /** Writes whose method, path, query and body are no planned operation's (nor an item re-send). */
  offPlanWrites: string[];
  writes: number;
  faults: number;
}

async function convergeOnce(seed: number, config: DesiredConfig): Promise<RunOutcome> {
  const emulator = await startTestEmulator(await acmeFixture(), { faultRate: FAULT_RATE, seed });
  const cwd = await mkdtemp(join(tmpdir(), 'emctl-converge-'));
  const faulty = client(emulator.url, 5);
  const planned = new Set<string>();
  const operations: Operation[] = [];
  let rounds = 0;
  let converged = false;
  try {
    while (rounds < MAX_ROUNDS && !converged) {
      rounds += 1;
      let plan;
      try {
        ({ plan } = await planAgainstLive(faulty, config, { perRoute: 4 }));
      } catch {
        continue; // a read failed even after the client's retries: this round applies nothing
      }
      expect(plan.errors).toEqual([]);
      if (plan.operations.length === 0) {
        converged = true;
        break;
      }
      for (const op of plan.operations) planned.add(`${op.method} ${op.path}`);
      operations.push(...plan.operations);
      const { report } = await runApply(plan, {
        sender: faulty,
        io: silentIO(cwd),
        style: plainStyle,
        continueOnError: false,
        concurrency: 4,
        itemRetry: { retries: 3, baseMs: 1, maxMs: 8 },
      });
      converged = report.rejected.length === 0 && report.skipped.length === 0;
    }
    // The verdict is read with retries enough that a 30% fault rate cannot hide anything.
    const { plan: final } = await planAgainstLive(client(emulator.url, 30), config, { perRoute: 4 });
    const requests = await apiRequests(emulator.url);
    const writes = requests.filter((r) => r.method !== 'GET');
    const call = (r: (typeof writes)[number]): string => {
      const q = Object.entries(r.query).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`);
      return `${r.method} ${r.path}${q.length > 0 ? `?${q.join('&')}` : ''}`;
    };
    return {
      seed,
      rounds,
      converged,
      finalChanges: final.changes.map((c) => c.address),
      strayWrites: writes.map(call).filter((c) => !planned.has(c)),
      // A write refused at the emulator's gateway (an injected fault) is logged without its body:
      // it never reached a route, so it changed nothing; every write that did carries its body.
      offPlanWrites: writesOutsidePlan(
        writes.filter((w) => w.body !== undefined),
        operations,
      ),
      writes: writes.length,
      faults: requests.filter((r) => r.status === 0 || r.status >= 500).length,
    };
  } finally {
    await emulator.close();
  }
}

describe('convergence under injected faults', () => {
  it(`reaches exactly the desired state in ${RUNS} seeded runs at fault rate ${FAULT_RATE}, writing only planned operations`, async () => {
    const config = await loadConfigOrThrow(await writeConfig(SMALL_CONFIG));
    const outcomes = await Promise.all(Array.from({ length: RUNS }, (_, i) => convergeOnce(i + 1, config)));

    for (const o of outcomes) {
      expect({ seed: o.seed, converged: o.converged, finalChanges: o.finalChanges, strayWrites: o.strayWrites, offPlanWrites: o.offPlanWrites }).toEqual({
        seed: o.seed,
        converged: true,
        finalChanges: [],
        strayWrites: [],
        offPlanWrites: [],
      });
    }
    // The faults really happened, and the runs wrote something each.
    expect(outcomes.reduce((n, o) => n + o.faults, 0)).toBeGreaterThan(RUNS);
    expect(outcomes.every((o) => o.writes > 0)).toBe(true);
  });
});
