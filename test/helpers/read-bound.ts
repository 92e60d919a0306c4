// The read lower bound of docs/performance.md, computed independently of src/state from a config
// document and the fixture it was written against: the end-to-end request-count tests compare
// the emulator's request log with it, route by route.

import { ENTITY_TYPES, type EmulatorRequestLogEntry, type PmProvider } from '../../src/contract/types.js';
import type { Fixture } from '../../src/emulator/index.js';
import type { Plan } from '../../src/core/plan-model.js';
import type { GeneratedConfigDoc } from '../state/helpers/generated-org.mjs';

const ENTITY_PAGE = 1000;
const REPO_PAGE = 100;

/**
 * The route a logged request belongs to. Entity lists keep their type, which the bound counts per
 * type, and say which of the three reads they are: with unreachable entities (include_invalid),
 * the selected ones again with used_by, or reachable ones only.
 */
export function routeOf(r: Pick<EmulatorRequestLogEntry, 'method' | 'path' | 'query'>): string {
  if (r.path.startsWith('/api/v2/pm/entities/')) return `${r.method} ${r.path} ${entityReadKind(r.query)}`;
  const template = r.path
    .replace(/^\/api\/v1\/pm\/config\/teams\/\d+\/scope$/, '/api/v1/pm/config/teams/{team_id}/scope')
    .replace(/^\/api\/v1\/git\/config\/teams\/\d+\/scope$/, '/api/v1/git/config/teams/{team_id}/scope')
    .replace(/^\/api\/v1\/git\/repositories\/\d+\/config$/, '/api/v1/git/repositories/{repo_id}/config');
  return `${r.method} ${template}`;
}

export const pages = (items: number, size: number) => Math.max(1, Math.ceil(items / size));

function entityReadKind(query: EmulatorRequestLogEntry['query']): string {
  if (query.is_selected_for_collection === 'true') return '[selected, used_by]';
  return query.include_invalid === 'true' ? '[all]' : '[reachable]';
}

/** (integration, entity type) pairs whose entities the plan's writes name: selects and PM scope writes. */
export function namedByWrites(plan: Plan): Set<string> {
  const named = new Set<string>();
  const SCOPE_TYPES: Record<string, string[]> = { boards: ['boards'], epics: ['epics'], labels: ['labels'], fields: ['fields'], project_team_areas: ['projects', 'teams', 'areas'] };
  for (const op of plan.operations) {
    const select = /^\/api\/v2\/pm\/integrations\/(\d+)\/entities\/(\w+)$/.exec(op.path);
    const body = op.body as { entities?: { is_selected_for_collection: boolean }[]; teams?: { items: { integration_id: number; scope?: Record<string, unknown[]> }[] }[] };
    if (select && body.entities?.some((e) => e.is_selected_for_collection)) named.add(`${select[1]}/${select[2]}`);
    if (op.method === 'PATCH' && op.path.startsWith('/api/v1/pm/config/teams/scope')) {
      for (const item of (body.teams ?? []).flatMap((t) => t.items)) {
        for (const [key, list] of Object.entries(item.scope ?? {})) {
          if (list.length > 0) for (const type of SCOPE_TYPES[key] ?? []) named.add(`${item.integration_id}/${type}`);
        }
      }
    }
  }
  return named;
}

/**
 * The fewest GETs that read what `doc` manages, by the rules of the state reader's contract:
 * integrations once; per entity type one sequence over the integrations that need it, with
 * unreachable entities (a selected one may need dropping, a team scope may hold one the config
 * keeps); the selected entities again
 * with used_by for types whose set drops a selected entity; one PM scope read per team with PM
 * scopes; one Git scope read per team with a git block; the whole repository list when monitoring
 * is managed; one configuration per repository whose settings are managed; the org configuration;
 * and, per type read with unreachable entities, the reachable ones of the integrations whose
 * entities the plan's writes name (so a write naming an unreachable one is predicted refused).
 */
export function lowerBound(doc: GeneratedConfigDoc, fixture: Fixture, plan: Plan): Record<string, number> {
  const bound: Record<string, number> = { 'GET /api/v1/integrations': 1 };
  const add = (route: string, n: number) => {
    if (n > 0) bound[route] = (bound[route] ?? 0) + n;
  };
  const integration = (alias: string) => fixture.integrations.find((i) => i.id === doc.integrations[alias]?.id && !i.deleted_at && i.type === 'pm');

  // (type) -> integration ids that need the list.
  const needs = new Map<string, Set<number>>();
  const need = (alias: string, type: string) => {
    const i = integration(alias);
    if (!i || !ENTITY_TYPES[i.provider as PmProvider].includes(type as never)) return;
    needs.set(type, (needs.get(type) ?? new Set()).add(i.id));
  };
  for (const [alias, sets] of Object.entries(doc.collection)) {
    for (const type of Object.keys(sets)) need(alias, type);
  }
  for (const team of Object.values(doc.teams)) {
    for (const [alias, scope] of Object.entries(team.pm ?? {})) {
      for (const key of ['boards', 'epics', 'labels', 'fields'] as const) if (scope[key]?.length) need(alias, key);
      if (scope.project_team_areas?.length) for (const type of ['projects', 'teams', 'areas']) need(alias, type);
    }
  }
  const listed = (type: string, ids: Set<number>) =>
    fixture.integrations.filter((i) => ids.has(i.id)).flatMap((i) => i.entities?.[type as keyof NonNullable<typeof i.entities>] ?? []);
  const named = namedByWrites(plan);
  for (const [type, ids] of needs) {
    add(`GET /api/v2/pm/entities/${type} [all]`, pages(listed(type, ids).length, ENTITY_PAGE));
    const recheck = new Set([...ids].filter((id) => named.has(`${id}/${type}`)));
    if (recheck.size > 0) {
      add(`GET /api/v2/pm/entities/${type} [reachable]`, pages(listed(type, recheck).filter((e) => e.reachable !== false).length, ENTITY_PAGE));
    }
  }

  // used_by: the selected entities of sets that drop one, per type.
  const dropping = new Map<string, number>();
  for (const [alias, sets] of Object.entries(doc.collection)) {
    const i = integration(alias);
    for (const [type, wanted] of Object.entries(sets) as [string, string[]][]) {
      const selected = (i?.entities?.[type as 'boards' | 'projects'] ?? []).filter((e) => e.selected);
      if (selected.some((e) => !wanted.includes(e.entity_provider_id))) dropping.set(type, (dropping.get(type) ?? 0) + selected.length);
    }
  }
  for (const [type, selected] of dropping) add(`GET /api/v2/pm/entities/${type} [selected, used_by]`, pages(selected, ENTITY_PAGE));

  const teams = Object.values(doc.teams);
  add('GET /api/v1/pm/config/teams/{team_id}/scope', teams.filter((t) => Object.keys(t.pm ?? {}).length > 0).length);
  add('GET /api/v1/git/config/teams/{team_id}/scope', teams.filter((t) => t.git !== undefined).length);
  add('GET /api/v1/git/repositories', repositoryListCalls(doc, fixture));
  add('GET /api/v1/git/repositories/{repo_id}/config', Object.values(doc.git.repositories).filter((r) => r.settings !== undefined).length);
  if (Object.keys(doc.git.defaults).length > 0) add('GET /api/v1/git/config', 1);
  return bound;
}

/**
 * Repository list calls: every page when monitoring is managed or a repository is named by id (the
 * list has no id filter); one exact-name lookup for a single name; for several names, page 1 (its
 * total) and then the cheaper of the remaining pages and one lookup per name.
 */
function repositoryListCalls(doc: GeneratedConfigDoc, fixture: Fixture): number {
  const total = fixture.repositories?.length ?? 0;
  const refs: (string | number)[] = [
    ...Object.keys(doc.git.repositories).map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
    ...Object.values(doc.teams).flatMap((t) => t.git?.repositories ?? []),
  ];
  if (doc.git.monitoring || refs.some((r) => typeof r === 'number')) return pages(total, REPO_PAGE);
  const names = new Set(refs);
  if (names.size <= 1) return names.size;
  return 1 + Math.min(pages(total, REPO_PAGE) - 1, names.size);
}

/** The document with only what `keep` says, written out by hand per case (independent of src/state). */
export function emptyDoc(doc: GeneratedConfigDoc): GeneratedConfigDoc {
  return { ...doc, collection: {}, teams: {}, git: { defaults: {}, repositories: {} } };
}

