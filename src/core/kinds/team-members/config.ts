// The member set kind's config part: a team entry's `members:`. Schema only (TypeBox): it never
// loads at run time.

import { Type } from '@sinclair/typebox';
import { multi } from '../../config-schema/kit.js';

/** A team's exact member set. */
export const members = Type.Optional(
  Type.Array(
    multi(['string', 'integer'] as const, {
      description: "A contributor's email or numeric contributor id.",
      minLength: 1,
      minimum: 1,
      title: "a contributor's email or id",
    }),
    {
      description:
        'The exact member set: contributor emails (resolved through /api/v1/users) or contributor ids. Adds go in one call per team; each removal is its own call and its own plan line.',
    },
  ),
);
