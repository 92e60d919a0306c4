// One entity of a (PM integration, entity type) selection set: `collection.tracker.boards["101"]`.
// Its diff (diff.ts), its calls (calls.ts: a select rides on a PM scope write that names its
// entity, a deselect waits for the writes that stop using it) and predicted refusals (predict.ts).

import type { TargetOf } from '../../draft.js';
import type { Kind } from '../kind.js';
import { planSelections } from './calls.js';
import { diffSelections } from './diff.js';
import { deselectInUse, unreachableSelect } from './predict.js';
import { selectionReads } from './reads.js';
import { exportSelections } from './export.js';
import { selectionOwnership } from './ownership.js';
import { selectionLiveSource } from './address.js';
import { countSelections, knownSelections, selectionNarrowing, selectionSyntax } from './shape.js';

/** Where its calls go in the plan's list of calls: selects before the PM scope writes, deselects after them (kind.ts CallGroup). */
const SELECTS_PLACE = 30;
const DESELECTS_PLACE = 80;

export const selection: Kind<'selection', TargetOf<'selection'>> = {
  kind: 'selection',
  section: 'Collection',
  integrationOf: (target) => target.integration,
  presence: { yes: 'selected', no: 'not selected' },
  // The address names the entity: its value (selected or not) says nothing more.
  valueShown: 'none',
  // A selection set and its entities are named only by their own address.
  standsAlone: (address) => address.startsWith('collection.'),
  // An entity of a set lies under the set, its object of the ownership rule (ownership.ts).
  objectOf: ({ address }) => selectionOwnership(address)?.[0],
  diff: (draft, found) => diffSelections(draft, found.selections),
  calls: {
    needs: ['pmScopeWrites'],
    plan(changes, offers) {
      const ops = planSelections(changes, offers.pmScopeWrites);
      return {
        groups: [
          { place: SELECTS_PLACE, ops: ops.filter((op) => op.phase === 'first') },
          { place: DESELECTS_PLACE, ops: ops.filter((op) => op.phase === 'last') },
        ],
      };
    },
  },
  predict(c, draft, facts) {
    if (c.change.action === 'add') unreachableSelect(draft, c);
    if (c.change.action === 'remove') deselectInUse(draft, c, facts);
  },
  // What its objects need read (reads.ts).
  reads: selectionReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportSelections,
  // What an answer proves.
  ownership: selectionOwnership,
  // Where a change's live value was read (address.ts).
  liveSource: selectionLiveSource,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownSelections,
  narrowing: selectionNarrowing,
  syntax: selectionSyntax,
  count: countSelections,
};
