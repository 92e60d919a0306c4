// The selection kind's config part: one integration's selection set under `collection:`. Schema
// only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { closed, def, ref } from '../../config-schema/kit.js';
import { entityList } from '../shared/config-entities.js';

export const selection = def(
  'selection',
  closed(
    {
      boards: Type.Optional(
        ref(entityList, {
          description: 'tracker_a only: the exact set of boards selected for collection (entity_provider_id strings or { name }). `[]` deselects every board.',
        }),
      ),
      projects: Type.Optional(
        ref(entityList, {
          description:
            'tracker_a or tracker_b: the exact set of projects selected for collection (entity_provider_id strings or { name }). `[]` deselects every project.',
        }),
      ),
    },
    {
      description:
        'The PM entities selected for collection on one integration. Each list written is the exact selected set of that entity type; a list not written is left alone.',
      title: 'a selection { boards?, projects? }',
    },
  ),
);
