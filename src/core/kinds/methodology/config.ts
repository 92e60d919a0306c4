// The methodology kind's config part: `methodology:` in a team's PM scope on one integration (the
// config's composition, src/core/config-schema/teams.ts, puts it first in the `pmScope` part).
// Schema only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { values } from '../../config-schema/kit.js';

export const methodology = Type.Optional(values(['Scrum', 'Kanban'] as const, { description: 'Scrum or Kanban; omitted = not managed.' }));
