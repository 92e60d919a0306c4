// The monitoring kind's config part: the `git.monitoring` patterns and a repository entry's own
// `monitored:`. Schema only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { closed, def, ifThenElse, ref } from '../../config-schema/kit.js';

export const globOrId = def(
  'globOrId',
  ifThenElse({ type: 'string' }, Type.String({ minLength: 1 }), Type.Integer({ title: 'a glob on repository names or a numeric repository id', minimum: 1 }), {
    title: 'a glob on repository names or a numeric repository id',
  }),
);

/** `git.monitoring`: when written, the exact set of monitored repositories. */
export const monitoringPatterns = Type.Optional(
  closed(
    {
      include: Type.Array(ref(globOrId), {
        description: 'Globs on repository names (`*` any run of characters, `/` included; `?` one character) or numeric ids.',
      }),
      exclude: Type.Optional(Type.Array(ref(globOrId), { description: 'Globs or ids removed from what include matches.' })),
    },
    {
      description:
        "When written, the exact set of monitored repositories: those matching include and not exclude (a repository's own `monitored:` wins).",
      title: 'a monitoring section { include, exclude? }',
    },
  ),
);

/** A repository entry's `monitored:`. */
export const monitored = Type.Optional(
  Type.Boolean({
    description: "true/false: the repository's monitoring state; wins over git.monitoring patterns. Omitted = follows git.monitoring (or not managed).",
  }),
);
