// 10 seeded applies against an emulator failing 30% of calls (5xx and connection resets), each
// with the final re-read on (apply verifies its result): every run converges to exactly the
// desired state within 5 rounds, never reports a mismatch (no one else writes), and every write
// the service applied is an operation of one of the run's plans (or an item re-send of one).

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { runApply } from '../../src/apply/run.js';
import { planAgainstLive, verifierFor } from '../../src/cli/plan-output.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import type { DesiredConfig } from '../../src/core/model.js';
import type { Operation } from '../../src/core/plan-model.js';
import { plainStyle } from '../../src/render/style.js';
import { SMALL_CONFIG } from '../apply/cli-helpers.js';
import { writesOutsidePlan } from '../helpers/plan-writes.js';
import { acmeFixture, apiRequests, startTestEmulator, TEST_KEY, writeConfig } from '../state/helpers/emulator.js';

const RUNS = 10;
const FAULT_RATE = 0.3;
const MAX_ROUNDS = 5;

function client(url: string, maxTries: number): EmClient {
  return new EmClient({ baseUrl: url, apiKey: TEST_KEY, rateLimit: 0, retryBaseMs: 1, retryMaxMs: 8, maxTries, concurrency: 4 });
}

async function convergeVerified(seed: number, config: DesiredConfig) {
  const emulator = await startTestEmulator(await acmeFixture(), { faultRate: FAULT_RATE, seed: 1000 + seed });
  const cwd = await mkdtemp(join(tmpdir(), 'emctl-robust-converge-'));
  const faulty = client(emulator.url, 5);
  const operations: Operation[] = [];
  const mismatches: string[] = [];
  let rounds = 0;
  let converged = false;
  try {
    while (rounds < MAX_ROUNDS && !converged) {
      rounds += 1;
      let plan;
      try {
        ({ plan } = await planAgainstLive(faulty, config, { perRoute: 4 }));
      } catch {
        continue;
      }
      if (plan.operations.length === 0) {
        converged = true;
        break;
      }
      operations.push(...plan.operations);
      const sink = { write: () => true, isTTY: false };
      const { report, mismatched, verifyError } = await runApply(plan, {
        sender: faulty,
        io: { stdout: sink, stderr: sink, cwd },
        style: plainStyle,
        continueOnError: false,
        concurrency: 4,
        itemRetry: { retries: 3, baseMs: 1, maxMs: 8 },
        verify: verifierFor(faulty, config, 4),
      });
      mismatches.push(...mismatched);
      converged = report.rejected.length === 0 && report.skipped.length === 0 && verifyError === undefined;
    }
    const { plan: final } = await planAgainstLive(client(emulator.url, 30), config, { perRoute: 4 });
    const requests = await apiRequests(emulator.url);
    const applied = requests.filter((r) => r.method !== 'GET' && r.body !== undefined);
    return {
      seed,
      converged,
      mismatches,
      finalChanges: final.changes.map((c) => c.address),
      offPlanWrites: writesOutsidePlan(applied, operations),
      faults: requests.filter((r) => r.status === 0 || r.status >= 500).length,
      rounds,
    };
  } finally {
    await emulator.close();
  }
}

describe('seeded applies under faults, verified', () => {
  it(`${RUNS} runs at fault rate ${FAULT_RATE} converge with every write inside the plan`, async () => {
    const config = await loadConfigOrThrow(await writeConfig(SMALL_CONFIG));
    const outcomes = await Promise.all(Array.from({ length: RUNS }, (_, i) => convergeVerified(i + 1, config)));
    for (const o of outcomes) {
      expect({ seed: o.seed, converged: o.converged, mismatches: o.mismatches, finalChanges: o.finalChanges, offPlanWrites: o.offPlanWrites }).toEqual({
        seed: o.seed,
        converged: true,
        mismatches: [],
        finalChanges: [],
        offPlanWrites: [],
      });
    }
    expect(outcomes.reduce((n, o) => n + o.faults, 0)).toBeGreaterThan(RUNS);
    if (process.env.EMCTL_FIGURES) {
      console.log(`convergence: ${RUNS} runs, ${outcomes.reduce((n, o) => n + o.faults, 0)} faults, rounds ${outcomes.map((o) => o.rounds).join(',')}`);
    }
  });
});
