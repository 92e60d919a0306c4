// The team entry and the PM scope, composed of the parts of the kinds written in them: the team's
// own properties (kinds/team), its member set (kinds/team-members), its PM scope per integration
// (the methodology, kinds/methodology, then the scope keys, kinds/pm-scope) and its Git scope
// (kinds/git-scope).

import { Type } from '@sinclair/typebox';
import { closed, def, mapOf, ref } from './kit.js';
import { integrationKey } from './integrations.js';
import { gitScope } from '../kinds/git-scope/config.js';
import { methodology } from '../kinds/methodology/config.js';
import { PM_SCOPE_TEXT, pmScopeKeys } from '../kinds/pm-scope/config.js';
import { TEAM_TEXT, teamProperties } from '../kinds/team/config.js';
import { members } from '../kinds/team-members/config.js';

export const pmScope = def('pmScope', closed({ methodology, ...pmScopeKeys }, PM_SCOPE_TEXT));

export const team = def(
  'team',
  closed(
    {
      ...teamProperties,
      members,
      pm: Type.Optional(
        mapOf(ref(integrationKey), ref(pmScope), {
          description: "The team's PM scope per integration (keyed by alias or integration id). Integrations not written are left alone.",
        }),
      ),
      git: Type.Optional(ref(gitScope, { description: "The team's whole Git scope (repositories and services)." })),
    },
    TEAM_TEXT,
  ),
);
