import { Type } from '@sinclair/typebox';
import { closed, def, mapOf, multi, ref } from './kit.js';
import { NUMERIC_KEY_COMMENT, idOrName } from './git-settings.js';
import { integrationKey, pmScope } from './pm.js';

export const teamId = def(
  'teamId',
  multi(['string', 'integer'] as const, { title: 'a numeric team id', $comment: NUMERIC_KEY_COMMENT, minimum: 1, pattern: '^[1-9][0-9]*$', maxLength: 18 }),
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
      name: Type.Optional(
        Type.String({ description: "Optional; plan warns when the service's team_name differs. Never used to resolve the team.", minLength: 1 }),
      ),
      pm: Type.Optional(
        mapOf(ref(integrationKey), ref(pmScope), {
          description: "The team's PM scope per integration (keyed by alias or integration id). Integrations not written are left alone.",
        }),
      ),
      git: Type.Optional(ref(gitScope, { description: "The team's whole Git scope (repositories and services)." })),
    },
    { description: 'One team, keyed by its numeric id.', title: 'a team { name?, pm?, git? }' },
  ),
);
