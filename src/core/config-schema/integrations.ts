// The integrations a config names: an alias declared under `integrations:`, and the key that names
// an integration (an alias or a numeric id) in `collection:` and a team's `pm:`.

import { Type } from '@sinclair/typebox';
import { GIT_PROVIDERS, PM_PROVIDERS } from '../../contract/types.js';
import { closed, def, exactlyOne, multi, NUMERIC_KEY_COMMENT, values } from './kit.js';

export const aliasName = def(
  'aliasName',
  Type.String({ title: 'an alias name (a letter, then letters, digits, _ or -)', pattern: '^[A-Za-z_][A-Za-z0-9_-]*$', maxLength: 64 }),
);

export const integrationKey = def(
  'integrationKey',
  multi(['string', 'integer'] as const, {
    title: 'an integration alias declared under `integrations:` or a numeric integration id',
    $comment: NUMERIC_KEY_COMMENT,
    minimum: 1,
    pattern: '^([A-Za-z_][A-Za-z0-9_-]*|[1-9][0-9]*)$',
    maxLength: 64,
  }),
);

export const integrationAlias = def(
  'integrationAlias',
  exactlyOne(
    closed(
      {
        id: Type.Optional(Type.Integer({ description: 'The integration id.', minimum: 1 })),
        name: Type.Optional(Type.String({ description: "The integration's display name, resolved at plan time; ambiguous or unknown = error.", minLength: 1 })),
        provider: Type.Optional(
          values([...PM_PROVIDERS, ...GIT_PROVIDERS], {
            description: "Optional: the integration's provider, so validate can check provider-specific keys offline (plan checks it against the service).",
          }),
        ),
      },
      {
        description:
          'An alias for one integration: `{ id: 10 }` or `{ name: "Acme Work" }` (exactly one), plus an optional provider so that provider-specific keys are checked offline.',
        title: 'an integration alias { id } or { name }',
      },
    ),
    'id',
    'name',
  ),
);
