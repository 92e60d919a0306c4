// The entries of `git.repositories`: a repository (its Git integration, its monitoring state and
// its override set) and a settings rule, and the shapes that name a repository or an integration.

import { Type } from '@sinclair/typebox';
import { closed, def, ifThenElse, multi, NUMERIC_KEY_COMMENT, ref } from './kit.js';
import { monitored } from '../kinds/monitoring/config.js';
import { repositorySettings } from '../kinds/repo-override/config.js';

export const repoKey = def(
  'repoKey',
  multi(['string', 'integer'] as const, {
    title: 'a repository name (owner/name) or a numeric repository id (1 or more)',
    $comment: NUMERIC_KEY_COMMENT,
    minimum: 1,
    minLength: 1,
    maxLength: 256,
    pattern: '^(?!0[0-9]*$)\\S(.*\\S)?$',
  }),
);

export const integrationRef = def(
  'integrationRef',
  ifThenElse(
    { type: 'string' },
    Type.String({ title: 'an integration alias (a letter, then letters, digits, _ or -)', pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' }),
    Type.Integer({ title: 'an integration alias (a string) or a numeric integration id', minimum: 1 }),
    { title: 'an integration alias (a string) or a numeric integration id' },
  ),
);

export const repository = def(
  'repository',
  closed(
    {
      integration: Type.Optional(
        ref(integrationRef, {
          description: 'The Git integration (alias or id) the repository belongs to; disambiguates a name found on several integrations.',
        }),
      ),
      monitored,
      settings: Type.Optional(
        ref(repositorySettings, {
          description: "The repository's whole set of overrides: sections not written follow the organization default. `{}` removes every override.",
        }),
      ),
    },
    { description: 'One repository, keyed by name (owner/name) or numeric id.', title: 'a repository { integration?, monitored?, settings? }' },
  ),
);

export const repositoryRule = def(
  'repositoryRule',
  closed(
    {
      integration: Type.Optional(ref(integrationRef, { description: "Matches only this Git integration's repositories (alias or id)." })),
      settings: ref(repositorySettings, {
        description:
          'The whole set of overrides of every repository the rule matches: sections not written follow the organization default. `{}` removes every override.',
      }),
    },
    {
      description:
        'A settings rule: every repository its pattern matches (`*` any run of characters, `/` included; `?` one character; monitored once the plan is applied) that no literal key writes the settings of gets these settings as its whole override set. Of several matching rules the last one written wins.',
      title: 'a rule { integration?, settings }',
    },
  ),
);
