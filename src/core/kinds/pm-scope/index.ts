// One key of a team's PM scope on one integration: `team[42].pm.tracker.boards`. Its diff
// (diff.ts), the scope writes that carry its changes and the methodology changes (calls.ts, each
// key's item: items.ts), and predicted refusals (predict.ts).

import type { TargetOf } from '../../draft.js';
import type { Kind } from '../kind.js';
import { planPmScopes, SCOPE_WRITE, scopeWrites } from './calls.js';
import { diffPmScopes } from './diff.js';
import { scopeAfter, unreachableInScopeWrite } from './predict.js';
import { pmScopeReads } from './reads.js';
import { exportPmScopes } from './export.js';
import { pmScopeOwnership } from './ownership.js';
import { pmScopeLiveSource } from './address.js';
import { countPmScopes, knownPmScopes, pmScopeNarrowing, pmScopeSyntax } from './shape.js';

/** Where the PM scope writes go in the plan's list of calls (kind.ts CallGroup). */
const PLACE = 40;

export const pmScope: Kind<'pm-scope', TargetOf<'pm-scope'>> = {
  kind: 'pm-scope',
  section: 'Teams',
  teamOf: (target) => target.scope.teamId,
  integrationOf: (target) => target.scope.integration,
  diff: (draft, found) => diffPmScopes(draft, found),
  facts: (changes) => ({ pmScopeAfter: scopeAfter(changes) }),
  calls: {
    offers: ['pmScopeWrites'],
    plan(changes, _offers, facts, context) {
      const writes = scopeWrites(changes, context.at, facts.pmScopeRiders);
      const calls = planPmScopes(writes, context.unreachable);
      return { groups: [{ place: PLACE, ops: calls.ops }], offers: { pmScopeWrites: calls }, errors: calls.errors };
    },
  },
  predictCalls(ops, draft) {
    for (const op of ops) if (op.route === `PATCH ${SCOPE_WRITE}`) unreachableInScopeWrite(draft, op);
  },
  // What its objects need read (reads.ts).
  reads: pmScopeReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportPmScopes,
  // What an answer proves.
  ownership: pmScopeOwnership,
  // Where a change's live value was read (address.ts).
  liveSource: pmScopeLiveSource,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownPmScopes,
  narrowing: pmScopeNarrowing,
  syntax: pmScopeSyntax,
  count: countPmScopes,
};
