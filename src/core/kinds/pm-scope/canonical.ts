// The PM scope kind's canonical form (its types: shared/pm-scope-form.ts): the live scope as read
// and the desired one as resolved are both turned into it before the diff, and a key's elements
// are turned back into the wire list a scope write sends.

import type { PmProvider, PmScope, PmScopeKey } from '../../../contract/types.js';
import { SCOPE_KEYS } from '../../../contract/types.js';
import { sortedUnique } from '../../canonical.js';
import type { AreaElement, CanonicalScope, FieldElement, ScopeElement } from '../shared/pm-scope-form.js';

export function fieldElement(id: string, value: readonly string[]): FieldElement {
  return { id, value: sortedUnique(value) };
}

export function areaElement(project: string, team: string, areas: readonly string[]): AreaElement {
  return { project, team, areas: sortedUnique(areas) };
}

/** A scope with every key of the provider present, each a canonical set. */
export function canonicalScope(provider: PmProvider, keys: Partial<Record<PmScopeKey, ScopeElement[]>>): CanonicalScope {
  const out: CanonicalScope = {};
  for (const key of SCOPE_KEYS[provider]) out[key] = sortedUnique(keys[key] ?? []);
  return out;
}

/** A live scope as read (wire shapes, with display names) in canonical form. */
export function liveScope(provider: PmProvider, scope: PmScope): CanonicalScope {
  return canonicalScope(provider, {
    boards: (scope.boards ?? []).map((b) => b.entity_provider_id),
    epics: (scope.epics ?? []).map((e) => e.entity_provider_id),
    labels: (scope.labels ?? []).map((l) => l.name),
    fields: (scope.fields ?? []).map((f) => fieldElement(f.entity_provider_id, f.value ?? [])),
    project_team_areas: (scope.project_team_areas ?? []).map((p) =>
      areaElement(p.project?.entity_provider_id ?? '', p.team?.entity_provider_id ?? '', (p.areas ?? []).map((a) => a.entity_provider_id)),
    ),
  });
}

/** The wire list for one key, as a scope write sends it. */
export function scopeKeyToWire(key: PmScopeKey, elements: readonly ScopeElement[]): unknown[] {
  switch (key) {
    case 'boards':
    case 'epics':
      return elements.map((e) => ({ entity_provider_id: e as string }));
    case 'labels':
      return elements.map((e) => ({ name: e as string }));
    case 'fields':
      return elements.map((e) => {
        const f = e as FieldElement;
        return { entity_provider_id: f.id, value: f.value };
      });
    case 'project_team_areas':
      return elements.map((e) => {
        const p = e as AreaElement;
        return {
          project: { entity_provider_id: p.project },
          team: { entity_provider_id: p.team },
          areas: p.areas.map((a) => ({ entity_provider_id: a })),
        };
      });
  }
}

/** Entities a wire scope list counts against the 1000-per-call limit (a team-area entry counts its project, team and areas). */
export function countScopeElements(key: PmScopeKey, elements: readonly ScopeElement[]): number {
  if (key !== 'project_team_areas') return elements.length;
  return elements.reduce((n, e) => n + 2 + (e as AreaElement).areas.length, 0);
}
