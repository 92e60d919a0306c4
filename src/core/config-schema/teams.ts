import { Type } from '@sinclair/typebox';
import { closed, def, mapOf, multi, ref } from './kit.js';
import { idOrName } from './git-settings.js';
import { integrationKey, pmScope } from './pm.js';

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

export const gitScope = def(
  'gitScope',
  closed(
    {
      repositories: Type.Optional(
        Type.Array(ref(idOrName), {
          description:
            'Repositories by name (owner/name) or numeric id, or globs on names (`*`, `?`): a glob stands for every repository monitored once the plan is applied whose name it matches.',
        }),
      ),
      services: Type.Optional(Type.Array(Type.Integer({ minimum: 1, title: 'a numeric service id' }), { description: 'Service ids.' })),
    },
    {
      description: "The team's whole Git scope: keys not written are empty. Every repository must be monitored (or made monitored by this config).",
      title: 'a Git scope { repositories?, services? }',
    },
  ),
);

export const team = def(
  'team',
  closed(
    {
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
      members: Type.Optional(
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
      ),
      pm: Type.Optional(
        mapOf(ref(integrationKey), ref(pmScope), {
          description: "The team's PM scope per integration (keyed by alias or integration id). Integrations not written are left alone.",
        }),
      ),
      git: Type.Optional(ref(gitScope, { description: "The team's whole Git scope (repositories and services)." })),
    },
    {
      description: 'One team, keyed by its name or numeric id. Each property is managed only when written.',
      title: 'a team { id?, name?, parent?, initials?, color?, members?, pm?, git? }',
    },
  ),
);
