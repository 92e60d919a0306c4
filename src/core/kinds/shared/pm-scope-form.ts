// The canonical form of a team's PM scope (core/canonical.ts says why both sides of a diff are
// turned into one form): the PM scope kind builds it (pm-scope/canonical.ts), and the PM kinds'
// shared pieces (scope-context.ts, pm.ts) and the facts kinds tell each other (kind.ts) carry it.
//
// Elements are written compactly (what a plan shows and a reviewer reads):
//   boards, epics: the entity_provider_id        labels: the label name
//   fields: { id, value }                        project_team_areas: { project, team, areas }
// Every list is a set: sorted by identity key and deduplicated. Field values and areas are sets too.

import type { PmScopeKey } from '../../../contract/types.js';

export type FieldElement = { id: string; value: string[] };
export type AreaElement = { project: string; team: string; areas: string[] };
export type ScopeElement = string | FieldElement | AreaElement;

/** The provider's scope keys, each present (empty = not scoped by that key). */
export type CanonicalScope = Partial<Record<PmScopeKey, ScopeElement[]>>;
