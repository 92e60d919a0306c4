// One seeded convergence run under injected faults, shared by the e2e convergence test and the
// robustness one that also has apply verify its result: plan and apply against an emulator that
// fails a share of calls, until apply reports everything applied (at most maxRounds), then read the
// verdict (a final plan) and what the service saw. The runs drive the same pipeline as `emctl
// apply` (makePlan, then runApply with its checked writes) with a client whose retry backoff is a
// few milliseconds.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { runApply } from '../../src/apply/run.js';
import { checkedWrites } from '../../src/apply/verify.js';
import { makePlan } from '../../src/plan/make.js';
import type { DesiredConfig } from '../../src/core/model.js';
import type { Operation } from '../../src/core/plan-model.js';
import { plainStyle } from '../../src/render/style.js';
import { acmeFixture, apiRequests, startTestEmulator, TEST_KEY } from './emulator.js';
import { writesOutsidePlan } from './plan-writes.js';

export interface ConvergenceOptions {
  /** The emulator's fault seed. */
  seed: number;
  faultRate: number;
  maxRounds: number;
  /** Apply re-reads what it wrote (DESIGN 3) and reports the objects that do not match. */
  verify: boolean;
}

export interface ConvergenceOutcome {
  rounds: number;
  converged: boolean;
  /** Addresses apply's final re-read found not matching (always empty without verify). */
  mismatches: string[];
  finalChanges: string[];
  /** Writes whose method, path and query are no planned operation's. */
  strayWrites: string[];
  /** Writes whose method, path, query and body are no planned operation's (nor an item re-send). */
  offPlanWrites: string[];
  writes: number;
  faults: number;
}

function client(url: string, maxTries: number): EmClient {
  return new EmClient({ baseUrl: url, apiKey: TEST_KEY, rateLimit: 0, retryBaseMs: 1, retryMaxMs: 8, maxTries, concurrency: 4 });
}

export async function convergeUnderFaults(config: DesiredConfig, options: ConvergenceOptions): Promise<ConvergenceOutcome> {
  const emulator = await startTestEmulator(await acmeFixture(), { faultRate: options.faultRate, seed: options.seed });
  const cwd = await mkdtemp(join(tmpdir(), 'emctl-converge-'));
  const faulty = client(emulator.url, 5);
  const planned = new Set<string>();
  const operations: Operation[] = [];
  const mismatches: string[] = [];
  let rounds = 0;
  let converged = false;
  try {
    while (rounds < options.maxRounds && !converged) {
      rounds += 1;
      let plan, snapshot;
      try {
        ({ plan, snapshot } = await makePlan(config, { client: faulty, perRoute: 4 }, {}, new Date(), { service: emulator.url, cwd }));
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
      const sink = { write: () => true, isTTY: false };
      const { report, mismatched, verifyError } = await runApply(plan, {
        ...(options.verify ? checkedWrites(faulty, config, snapshot, { perRoute: 4 }) : { sender: faulty }),
        io: { stdout: sink, stderr: sink, cwd },
        style: plainStyle,
        continueOnError: false,
        concurrency: 4,
        itemRetry: { retries: 3, baseMs: 1, maxMs: 8 },
      });
      mismatches.push(...mismatched);
      converged = report.rejected.length === 0 && report.skipped.length === 0 && verifyError === undefined;
    }
    // The verdict is read with retries enough that a 30% fault rate cannot hide anything.
    const { plan: final } = await makePlan(config, { client: client(emulator.url, 30), perRoute: 4 }, {}, new Date(), { service: emulator.url, cwd });
    const requests = await apiRequests(emulator.url);
    const writes = requests.filter((r) => r.method !== 'GET');
    const call = (r: (typeof writes)[number]): string => {
      const q = Object.entries(r.query).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`);
      return `${r.method} ${r.path}${q.length > 0 ? `?${q.join('&')}` : ''}`;
    };
    return {
      rounds,
      converged,
      mismatches,
      finalChanges: final.changes.map((c) => c.address),
      strayWrites: writes.map(call).filter((c) => !planned.has(c)),
      // The log keeps the body of an accepted write only: a write refused at the emulator's gateway
      // (an injected fault) or by a route changed nothing, and every write that did carries its body.
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
