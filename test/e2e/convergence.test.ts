// Convergence under faults: 20 seeded runs against an emulator answering 30% of API calls with a
// 5xx or a connection reset. Each run plans and applies until apply reports everything applied (at
// most 5 rounds); then live state must be exactly the desired state (a final plan is empty), and
// every write the service saw must be one of the operations of the plans made in that run: the same
// method, path, query and body, or an item re-send carrying some of its list entries.
//
// The runs drive the same pipeline as `emctl apply` (test/helpers/convergence.ts) with a client
// whose retry backoff is a few milliseconds, so 20 runs finish in seconds rather than minutes.

import { describe, expect, it } from 'vitest';
import { loadConfigOrThrow } from '../../src/config/index.js';
import { SMALL_CONFIG } from '../apply/cli-helpers.js';
import { convergeUnderFaults } from '../helpers/convergence.js';
import { writeConfig } from '../helpers/emulator.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const RUNS = 20;
const FAULT_RATE = 0.3;
const MAX_ROUNDS = 5;

describe('convergence under injected faults', () => {
  it(`reaches exactly the desired state in ${RUNS} seeded runs at fault rate ${FAULT_RATE}, writing only planned operations`, async () => {
    const config = await loadConfigOrThrow(await writeConfig(SMALL_CONFIG), CONFIG_CHECKS);
    const outcomes = await Promise.all(
      Array.from({ length: RUNS }, async (_, i) => ({
        seed: i + 1,
        ...(await convergeUnderFaults(config, { seed: i + 1, faultRate: FAULT_RATE, maxRounds: MAX_ROUNDS, verify: false })),
      })),
    );

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
