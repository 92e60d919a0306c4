// The Git scope kind's config part: a team's `git:` (its repositories and services). Schema only
// (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { closed, def, ifThenElse, ref } from '../../config-schema/kit.js';

export const idOrName = def(
  'idOrName',
  ifThenElse({ type: 'string' }, Type.String({ minLength: 1 }), Type.Integer({ title: 'a repository name or a numeric repository id', minimum: 1 }), {
    title: 'a repository name or a numeric repository id',
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
