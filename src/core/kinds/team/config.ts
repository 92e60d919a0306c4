// The team kind's config part: the key of `teams:` and a team entry's own properties (the config's
// composition, src/core/config-schema/teams.ts, adds the member set, the PM scopes and the Git
// scope of the entry, which are other kinds'). Schema only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { def, multi } from '../../config-schema/kit.js';

/** Team keys: digits are a team id, any other key a team's name (validate checks the service's name rules). */
export const teamKey = def(
  'teamKey',
  multi(['string', 'integer'] as const, {
    title: "a team's name or numeric team id",
    $comment:
      "Used as an object key. Digits are a team id (an editor's YAML engine reads `42:` as a number, hence `integer`); any other key is the team's name, checked by validate against the service's name rules (3-100 characters, a letter first).",
    minimum: 1,
    pattern: '^(?:[1-9][0-9]*|[A-Za-z\u00c0-\uffff][\\s\\S]*)$',
  }),
);

/** A team entry's own properties, in the order an editor lists them. */
export const teamProperties = {
  id: Type.Optional(
    Type.Integer({
      description:
        "A name key only: pins the key to this team id. The team is renamed to the key where the service's name differs. A pinned id the service does not list is refused at plan time.",
      minimum: 1,
    }),
  ),
  name: Type.Optional(
    Type.String({
      description:
        "An id key only: the team's name, managed (a rename where the service's name differs: 3-100 characters, a letter first). It also names the team in measurement requests and goals.",
      minLength: 1,
    }),
  ),
  parent: Type.Optional(
    multi(['string', 'integer', 'null'] as const, {
      description:
        "The parent team: a team's name (of this config or of the service) or id; null = top level. Not written: the parent is not managed. A move is one PATCH; no moment of the apply holds a cycle.",
      minLength: 1,
      minimum: 1,
      title: "a team's name or id, or null",
    }),
  ),
  initials: Type.Optional(Type.String({ description: "The team's initials, 1-3 characters." })),
  color: Type.Optional(Type.String({ description: "The team's colour: #RGB or #RRGGBB." })),
};

/** What an editor says of a team entry. */
export const TEAM_TEXT = {
  description: 'One team, keyed by its name or numeric id. Each property is managed only when written.',
  title: 'a team { id?, name?, parent?, initials?, color?, members?, pm?, git? }',
};
