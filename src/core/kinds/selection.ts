// One entity of a (PM integration, entity type) selection set: `collection.tracker.boards["101"]`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

export const selection: Kind<'selection', TargetOf<'selection'>> = {
  kind: 'selection',
  section: 'Collection',
  integrationOf: (target) => target.integration,
  presence: { yes: 'selected', no: 'not selected' },
  // The address names the entity: its value (selected or not) says nothing more.
  valueShown: 'none',
  // A selection set and its entities are named only by their own address.
  standsAlone: (address) => address.startsWith('collection.'),
  // `collection.ALIAS.TYPE["ID"]`: the id may hold dots, so the set is cut at its opening bracket.
  objectOf: ({ address }) => (address.includes('[') ? address.slice(0, address.indexOf('[')) : undefined),
};
