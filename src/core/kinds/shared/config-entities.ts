// The config part both PM kinds write: a PM entity (by id or { name }) and a list of them. Schema
// only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { closed, def, ifThenElse, ref } from '../../config-schema/kit.js';

export const entity = def(
  'entity',
  ifThenElse(
    { type: 'string' },
    Type.String({ minLength: 1 }),
    closed(
      {
        name: Type.String({
          description: "The entity's display name, resolved against the live entity list at plan time (ambiguous or unknown = error).",
          minLength: 1,
        }),
      },
      { title: 'an entity id string or { name: ... }' },
    ),
    { title: 'an entity id string or { name: ... }' },
  ),
);

export const entityList = def('entityList', Type.Array(ref(entity), { title: 'a list of entity ids or { name: ... }' }));
