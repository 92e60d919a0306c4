// A repository's monitoring state: `repo["acme/api"].monitored`. Its diff (diff.ts) and its calls
// (calls.ts), which the Git scope writes wait for (starts) or make wait (stops).

import type { TargetOf } from '../../draft.js';
import type { Kind } from '../kind.js';
import { planMonitoring } from './calls.js';
import { diffMonitoring } from './diff.js';
import { monitoringReads } from './reads.js';
import { exportMonitoring } from './export.js';
import { monitoringLiveSource } from './address.js';
import { knownRepositories } from '../shared/known-repositories.js';
import { countMonitoring, monitoringNarrowing, monitoringSyntax } from './shape.js';

/** Where its calls go in the plan's list of calls: starts before every other write, stops after them (kind.ts CallGroup). */
const STARTS_PLACE = 20;
const STOPS_PLACE = 90;

export const monitoring: Kind<'monitoring', TargetOf<'monitoring'>> = {
  kind: 'monitoring',
  section: 'Monitoring',
  presence: { yes: 'monitored', no: 'not monitored' },
  // The patterns decide every repository's state: when they changed, every monitoring change is in scope.
  followsMonitoringPatterns: true,
  diff: (draft) => diffMonitoring(draft),
  /** Monitoring after the plan, for the repositories whose monitoring it changes. */
  facts: (changes) => ({ monitoredAfter: new Map(changes.map((c) => [c.target.repo.id, c.target.monitored])) }),
  calls: {
    offers: ['monitoringCalls'],
    plan(changes, _offers, facts) {
      const calls = planMonitoring(changes, facts.droppedRepositories);
      return {
        groups: [
          { place: STARTS_PLACE, ops: calls.starts },
          { place: STOPS_PLACE, ops: calls.stops },
        ],
        offers: { monitoringCalls: calls },
      };
    },
  },
  // What its objects need read (reads.ts).
  reads: monitoringReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportMonitoring,
  // Where a change's live value was read (address.ts).
  liveSource: monitoringLiveSource,
  // Shape: where its objects sit in a config (shape.ts), by their addresses: under each repository.
  known: knownRepositories,
  narrowing: monitoringNarrowing,
  syntax: monitoringSyntax,
  count: countMonitoring,
};
