import { Type } from '@sinclair/typebox';
import { PM_PROVIDERS, GIT_PROVIDERS } from '../../contract/types.js';
import { closed, def, exactlyOne, ifThenElse, multi, ref, values } from './kit.js';
import { NUMERIC_KEY_COMMENT } from './git-settings.js';

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

export const selection = def(
  'selection',
  closed(
    {
      boards: Type.Optional(
        ref(entityList, {
          description: 'tracker_a only: the exact set of boards selected for collection (entity_provider_id strings or { name }). `[]` deselects every board.',
        }),
      ),
      projects: Type.Optional(
        ref(entityList, {
          description:
            'tracker_a or tracker_b: the exact set of projects selected for collection (entity_provider_id strings or { name }). `[]` deselects every project.',
        }),
      ),
    },
    {
      description:
        'The PM entities selected for collection on one integration. Each list written is the exact selected set of that entity type; a list not written is left alone.',
      title: 'a selection { boards?, projects? }',
    },
  ),
);

export const field = def(
  'field',
  exactlyOne(
    closed(
      {
        id: Type.Optional(Type.String({ description: "The field's entity_provider_id (e.g. customfield_1).", minLength: 1 })),
        name: Type.Optional(Type.String({ description: "The field's display name, resolved at plan time.", minLength: 1 })),
        value: Type.Array(Type.String({ description: 'One field value.' }), { description: "The field values that put an issue in the team's scope." }),
      },
      {
        title: 'a field { id or name, value: [...] }',
      },
    ),
    'id',
    'name',
  ),
);

export const projectTeamAreas = def(
  'projectTeamAreas',
  closed(
    {
      project: ref(entity, { description: 'The tracker_b project (entity_provider_id or { name }). A scope write selects it for collection.' }),
      team: ref(entity, { description: 'A tracker_b team of that project.' }),
      areas: Type.Array(ref(entity), { description: 'At least one area of that team.', minItems: 1 }),
    },
    { title: 'a { project, team, areas } entry' },
  ),
);

export const pmScope = def(
  'pmScope',
  closed(
    {
      methodology: Type.Optional(values(['Scrum', 'Kanban'] as const, { description: 'Scrum or Kanban; omitted = not managed.' })),
      boards: Type.Optional(ref(entityList, { description: "tracker_a: boards in the team's scope (auto-selected for collection)." })),
      epics: Type.Optional(ref(entityList, { description: "tracker_a: epics in the team's scope (auto-selected for collection)." })),
      labels: Type.Optional(
        Type.Array(Type.String({ minLength: 1, description: 'A label name.' }), {
          description: "tracker_a: label names in the team's scope (a label's name is its id).",
        }),
      ),
      fields: Type.Optional(Type.Array(ref(field), { description: "tracker_a: field values in the team's scope." })),
      project_team_areas: Type.Optional(Type.Array(ref(projectTeamAreas), { description: 'tracker_b: project, team and areas entries.' })),
    },
    {
      description:
        "The team's whole PM scope on this integration: keys not written are empty; `{}` = unscoped (the team sees everything the integration collects).",
      title: 'a PM scope { methodology?, boards?, epics?, labels?, fields?, project_team_areas? }',
    },
  ),
);
