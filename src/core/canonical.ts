// One canonical form for both sides of every diff (dnscontrol's rule: conversion and differencing
// are separate steps). Live wire values and resolved desired values are both turned into these
// forms, then compared by identity key; nothing else in the planner compares raw wire shapes.
//
// PM scope elements are written compactly (what a plan shows and a reviewer reads):
//   boards, epics: the entity_provider_id        labels: the label name
//   fields: { id, value }                        project_team_areas: { project, team, areas }
// Every list is a set: sorted by identity key and deduplicated. Field values and areas are sets too.

import type { PmProvider, PmScope, PmScopeKey } from '../contract/types.js';
import type { OrgSection } from '../contract/git-types.js';
import { SCOPE_KEYS } from '../contract/types.js';

export type FieldElement = { id: string; value: string[] };
export type AreaElement = { project: string; team: string; areas: string[] };
export type ScopeElement = string | FieldElement | AreaElement;

/** The provider's scope keys, each present (empty = not scoped by that key). */
export type CanonicalScope = Partial<Record<PmScopeKey, ScopeElement[]>>;

/** Equal values give equal keys, whatever order their object keys were built in. */
export function identityKey(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function sortedUnique<T>(values: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const v of values) byKey.set(identityKey(v), v);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

export function sortedIds(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

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

// ---- settings sections -----------------------------------------------------------------------

/**
 * Fields the wire may omit, made explicit so that "absent", null and "" compare equal where the
 * service treats them alike: an absent pattern / title_pattern / branch_name is null ("no rule",
 * "provider's default branch"), and "" is null too; absent lists are [].
 */
const SECTION_DEFAULTS: Partial<Record<OrgSection, Record<string, unknown>>> = {
  releases_detection: { pattern: null },
  draft_pull_requests: { labels: [], title_pattern: null },
  default_branch: { branch_name: null },
  exclude_branches: { patterns: [] },
  exclude_base_branches: { patterns: [] },
  exclude_file_extensions: { patterns: [] },
  include_file_extensions: { patterns: [] },
};

const NULLABLE_STRINGS = new Set(['pattern', 'title_pattern', 'branch_name']);

/**
 * A settings section in canonical form: backfill_days removed (write-time only, it never diffs),
 * defaults explicit, pattern lists as sorted sets (a branch is excluded when any pattern matches,
 * so order carries no meaning), draft labels lower-cased sets (the service compares them
 * case-insensitively).
 */
export function canonicalSection(section: OrgSection, value: unknown): Record<string, unknown> {
  const source = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...(SECTION_DEFAULTS[section] ?? {}) };
  for (const [key, v] of Object.entries(source)) {
    if (key === 'backfill_days' || v === undefined) continue;
    out[key] = v;
  }
  for (const key of NULLABLE_STRINGS) {
    if (key in out && (out[key] === '' || out[key] === undefined)) out[key] = null;
  }
  if (Array.isArray(out.patterns)) out.patterns = sortedUnique(out.patterns as string[]);
  if (Array.isArray(out.labels)) out.labels = sortedUnique((out.labels as string[]).map((l) => l.toLowerCase()));
  return sortKeys(out) as Record<string, unknown>;
}

export function sectionsEqual(section: OrgSection, a: unknown, b: unknown): boolean {
  return identityKey(canonicalSection(section, a)) === identityKey(canonicalSection(section, b));
}

/** The backfill_days the config wrote in a section, if any. */
export function writtenBackfill(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const b = (value as Record<string, unknown>).backfill_days;
  return typeof b === 'number' ? b : undefined;
}
