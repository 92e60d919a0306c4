// The PM scope kind's config part: the keys of a team's PM scope on one integration, and the
// shapes of their entries. The methodology, written in the same object, is the methodology kind's
// (kinds/methodology/config.ts); the config's composition (src/core/config-schema/teams.ts) puts
// the two together into the `pmScope` part. Schema only (TypeBox): it never loads at run time.

import { Type } from '@sinclair/typebox';
import { closed, def, exactlyOne, ref } from '../../config-schema/kit.js';
import { entity, entityList } from '../shared/config-entities.js';

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

/** The keys of a PM scope, in the order an editor lists them after the methodology. */
export const pmScopeKeys = {
  boards: Type.Optional(ref(entityList, { description: "tracker_a: boards in the team's scope (auto-selected for collection)." })),
  epics: Type.Optional(ref(entityList, { description: "tracker_a: epics in the team's scope (auto-selected for collection)." })),
  labels: Type.Optional(
    Type.Array(Type.String({ minLength: 1, description: 'A label name.' }), {
      description: "tracker_a: label names in the team's scope (a label's name is its id).",
    }),
  ),
  fields: Type.Optional(Type.Array(ref(field), { description: "tracker_a: field values in the team's scope." })),
  project_team_areas: Type.Optional(Type.Array(ref(projectTeamAreas), { description: 'tracker_b: project, team and areas entries.' })),
};

/** What an editor says of a PM scope. */
export const PM_SCOPE_TEXT = {
  description:
    "The team's whole PM scope on this integration: keys not written are empty; `{}` = unscoped (the team sees everything the integration collects).",
  title: 'a PM scope { methodology?, boards?, epics?, labels?, fields?, project_team_areas? }',
};
