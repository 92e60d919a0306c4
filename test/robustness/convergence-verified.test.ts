// 10 seeded applies against an emulator failing 30% of calls (5xx and connection resets), each
// with the final re-read on (apply verifies its result): every run converges to exactly the
// desired state within 5 rounds, never reports a mismatch (no one else writes), and every write
// the service applied is an operation of one of the run's plans (or an item re-send of one).

import { describe, expect, it } from 'vitest';
import { loadConfigOrThrow } from '../../src/config/index.js';
import { SMALL_CONFIG } from '../apply/cli-helpers.js';
import { convergeUnderFaults } from '../helpers/convergence.js';
import { writeConfig } from '../helpers/emulator.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const RUNS = 10;
const FAULT_RATE = 0.3;
const MAX_ROUNDS = 5;

describe('seeded applies under faults, verified', () => {
  it(`${RUNS} runs at fault rate ${FAULT_RATE} converge with every write inside the plan`, async () => {
    const config = await loadConfigOrThrow(await writeConfig(SMALL_CONFIG), CONFIG_CHECKS);
    // Emulator seeds apart from the unverified e2e runs' (1-20), so these are other fault sequences.
    const outcomes = await Promise.all(
      Array.from({ length: RUNS }, async (_, i) => ({
        seed: i + 1,
        ...(await convergeUnderFaults(config, { seed: 1000 + i + 1, faultRate: FAULT_RATE, maxRounds: MAX_ROUNDS, verify: true })),
      })),
    );
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
