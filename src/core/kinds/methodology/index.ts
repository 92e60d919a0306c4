// A team's methodology on one PM integration: `team[42].pm.tracker.methodology`. It is part of
// the team's PM scope: diffed with each managed scope (after its keys) and written in the scope's
// item of a PM scope write, which carries it (ChangeFacts.pmScopeRiders).

import { methodologyAddress, methodologyLiveSource } from './address.js';
import type { TargetOf } from '../../draft.js';
import type { Kind } from '../kind.js';
import { methodologyReads } from './reads.js';
import { knownMethodologies } from './shape.js';

export const methodology: Kind<'methodology', TargetOf<'methodology'>> = {
  kind: 'methodology',
  section: 'Teams',
  teamOf: (target) => target.scope.teamId,
  integrationOf: (target) => target.scope.integration,
  diffInPmScope(draft, ctx) {
    if (ctx.desiredMethodology !== undefined && ctx.desiredMethodology !== ctx.liveMethodology) {
      draft.add(
        {
          address: methodologyAddress(ctx.teamKey, ctx.alias),
          kind: 'methodology',
          action: ctx.liveMethodology === undefined ? 'add' : 'update',
          before: ctx.liveMethodology ?? null,
          after: ctx.desiredMethodology,
          impacts: ['changes-team-metrics'],
        },
        { kind: 'methodology', scope: ctx },
        [...ctx.path, 'methodology'],
      );
    }
  },
  facts: (changes, at) => ({ pmScopeRiders: changes.map((c, i) => ({ write: { scope: c.target.scope, address: c.change.address }, at: at[i] as number })) }),
  // What its objects need read (reads.ts).
  reads: methodologyReads,
  // Where a change's live value was read (address.ts).
  liveSource: methodologyLiveSource,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownMethodologies,
};
