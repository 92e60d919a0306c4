// PM rules for integrations and entities (api-spec.md endpoints 1-3): listing integrations, listing
// entities with used_by, and selecting/deselecting boards and projects for collection.

import {
  ENTITY_TYPES,
  SELECTABLE_TYPES,
  WRITABLE_INTEGRATION_STATES,
  type EntityType,
  type Integration,
  type IntegrationType,
  type PmEntity,
  type PmProvider,
  type Provider,
  type SelectEntry,
  type SelectResponse,
  type UsedBy,
} from '../../contract/types.js';
import { refused, sharedStatus, type Reply } from '../route/reply.js';
import type { EmulatorState, EntityRec } from '../state/state.js';
import type { Journal } from '../state/journal.js';

export function listIntegrations(state: EmulatorState, q: { type?: IntegrationType; providers?: Provider[]; includeInvalid: boolean }) {
  const items: Integration[] = [];
  for (const i of state.integrations.values()) {
    if (i.deleted_at && !q.includeInvalid) continue;
    if (q.type && i.type !== q.type) continue;
    if (q.providers && !q.providers.includes(i.provider)) continue;
    const out: Integration = { ...i };
    if (i.state !== 'failing') delete out.failing_reason;
    items.push(out);
  }
  return { items };
}

/** A non-deleted PM integration of the organization, or 404. */
export function livePmIntegration(state: EmulatorState, id: number): Integration & { provider: PmProvider } {
  const i = state.integrations.get(id);
  if (!i || i.type !== 'pm' || i.deleted_at) throw refused(404, `integration ${id} not found`);
  return i as Integration & { provider: PmProvider };
}

/** Why a PM integration refuses writes, or undefined when it accepts them. */
export function readOnlyReason(i: Integration): string | undefined {
  if (WRITABLE_INTEGRATION_STATES.includes(i.state)) return undefined;
  const why =
    i.state === 'in-progress' ? 'it is still being connected' : i.state === 'inactive' ? 'it is inactive' : 'it is being removed';
  return `integration ${i.id} is read-only: ${why} (state ${i.state})`;
}

/** Teams whose scope uses each board/project, keyed `${integration}/${type}/${id}`; rebuilt when scopes change. */
const usedByCache = new WeakMap<EmulatorState, { version: number; map: Map<string, number[]> }>();

function usedByIndex(state: EmulatorState): Map<string, number[]> {
  const cached = usedByCache.get(state);
  if (cached && cached.version === state.scopeVersion) return cached.map;
  const map = new Map<string, number[]>();
  const add = (key: string, team: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [team]);
    else if (!list.includes(team)) list.push(team);
  };
  const teamIds = [...state.pmScopes.keys()].sort((a, b) => a - b);
  for (const teamId of teamIds) {
    for (const [integrationId, rec] of state.pmScopes.get(teamId)!) {
      for (const b of rec.scope.boards ?? []) add(`${integrationId}/boards/${b}`, teamId);
      for (const p of rec.scope.project_team_areas ?? []) add(`${integrationId}/projects/${p.project}`, teamId);
    }
  }
  usedByCache.set(state, { version: state.scopeVersion, map });
  return map;
}

export function usedBy(state: EmulatorState, e: EntityRec): UsedBy {
  const teams = usedByIndex(state).get(`${e.integrationId}/${e.type}/${e.id}`) ?? [];
  return { teams: teams.map((id) => ({ id, name: state.teams.get(id)?.name ?? '' })), projects: [] };
}

function isSelectable(provider: PmProvider, type: EntityType): boolean {
  return (SELECTABLE_TYPES[provider] as readonly EntityType[]).includes(type);
}

function entityToWire(state: EmulatorState, provider: PmProvider, e: EntityRec, withUsedBy: boolean): PmEntity {
  const out: PmEntity = { entity_provider_id: e.id, name: e.name, state: e.state };
  if (isSelectable(provider, e.type)) {
    out.is_selected_for_collection = e.selected;
    out.selected_last_updated_at = e.selectedAt;
  }
  if (withUsedBy && (e.type === 'boards' || e.type === 'projects')) out.used_by = usedBy(state, e);
  if (e.providerKey !== undefined) out.provider_key = e.providerKey;
  const byType = state.entities.get(e.integrationId);
  if (e.parentProject !== undefined) {
    const p = byType?.get('projects')?.get(e.parentProject);
    out.parent_project = { entity_provider_id: e.parentProject, name: p?.name ?? e.parentProject };
  }
  if (e.teams !== undefined) {
    out.teams = e.teams.map((t) => ({ entity_provider_id: t, name: byType?.get('teams')?.get(t)?.name ?? t }));
  }
  return out;
}

export interface ListEntitiesQuery {
  type: EntityType;
  integrationIds?: number[];
  selected?: boolean;
  includeInvalid: boolean;
  withUsedBy: boolean;
  limit: number;
  offset: number;
}

interface EntityPage {
  total: number;
  groups: { integration: Integration & { provider: PmProvider }; entities: EntityRec[] }[];
}

/** The entities of one page, grouped by integration; offset counts across all integrations. */
function pageEntities(state: EmulatorState, q: ListEntitiesQuery): EntityPage {
  let integrations: (Integration & { provider: PmProvider })[];
  if (q.integrationIds) {
    integrations = [...new Set(q.integrationIds)].map((id) => livePmIntegration(state, id));
    for (const i of integrations) {
      if (!ENTITY_TYPES[i.provider].includes(q.type)) {
        throw refused(400, `integration ${i.id} (${i.provider}) has no ${q.type}; its types are ${ENTITY_TYPES[i.provider].join(', ')}`);
      }
    }
  } else {
    integrations = [...state.integrations.values()]
      .filter((i) => i.type === 'pm' && !i.deleted_at && ENTITY_TYPES[i.provider as PmProvider]?.includes(q.type))
      .sort((a, b) => a.id - b.id) as (Integration & { provider: PmProvider })[];
  }
  if (q.selected !== undefined && q.type !== 'boards' && q.type !== 'projects') {
    throw refused(400, `is_selected_for_collection applies only to boards and projects, not ${q.type}`);
  }
  const groups: EntityPage['groups'] = [];
  let total = 0;
  const end = q.offset + q.limit;
  for (const integration of integrations) {
    const entities: EntityRec[] = [];
    for (const e of state.entities.get(integration.id)?.get(q.type)?.values() ?? []) {
      if (!e.reachable && !q.includeInvalid) continue;
      if (q.selected !== undefined && e.selected !== q.selected) continue;
      if (total >= q.offset && total < end) entities.push(e);
      total++;
    }
    if (entities.length > 0) groups.push({ integration, entities });
  }
  return { total, groups };
}

/** Each entity's wire JSON, keyed by what can change it (selection, any scope change). */
const entityJson = new WeakMap<EntityRec, { scopeVersion: number; withUsedBy: boolean; selected: boolean; selectedAt: string; text: string }>();

/** The list response as JSON text, from per-entity JSON kept between requests. */
export function listEntitiesJson(state: EmulatorState, q: ListEntitiesQuery): string {
  const { total, groups } = pageEntities(state, q);
  const parts = groups.map((g) => {
    const entities = g.entities.map((e) => {
      const cached = entityJson.get(e);
      if (cached && cached.scopeVersion === state.scopeVersion && cached.withUsedBy === q.withUsedBy && cached.selected === e.selected && cached.selectedAt === e.selectedAt) {
        return cached.text;
      }
      const text = JSON.stringify(entityToWire(state, g.integration.provider, e, q.withUsedBy));
      entityJson.set(e, { scopeVersion: state.scopeVersion, withUsedBy: q.withUsedBy, selected: e.selected, selectedAt: e.selectedAt, text });
      return text;
    });
    const head = JSON.stringify({ integration_id: g.integration.id, provider: g.integration.provider, integration_name: g.integration.name });
    return `${head.slice(0, -1)},"entities":[${entities.join(',')}]}`;
  });
  return `{"total":${total},"offset":${q.offset},"type":${JSON.stringify(q.type)},"integrations":[${parts.join(',')}]}`;
}

/** Selected boards and projects across the organization's live PM integrations (the limit's count). */
export function selectedCount(state: EmulatorState): number {
  let n = 0;
  for (const i of state.integrations.values()) {
    if (i.type !== 'pm' || i.deleted_at) continue;
    const byType = state.entities.get(i.id);
    for (const type of SELECTABLE_TYPES[i.provider as PmProvider] ?? []) {
      for (const e of byType?.get(type)?.values() ?? []) if (e.selected) n++;
    }
  }
  return n;
}

export function selectEntities(
  state: EmulatorState,
  journal: Journal,
  integrationId: number,
  type: EntityType,
  entries: SelectEntry[],
): Reply {
  const integration = livePmIntegration(state, integrationId);
  if (!isSelectable(integration.provider, type)) {
    throw refused(400, `${type} cannot be selected on ${integration.provider}; selectable types: ${SELECTABLE_TYPES[integration.provider].join(', ')}`);
  }
  const readOnly = readOnlyReason(integration);
  if (readOnly) throw refused(400, readOnly);
  const entities = state.entities.get(integrationId)?.get(type) ?? new Map<string, EntityRec>();
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.entity_provider_id, (counts.get(e.entity_provider_id) ?? 0) + 1);

  const body: SelectResponse = { integration_id: integrationId, type: type as SelectResponse['type'], applied: [], rejected: [] };
  const toApply: [EntityRec, boolean][] = [];
  for (const entry of entries) {
    const reject = (code: SelectResponse['rejected'][number]['code'], message: string, used?: UsedBy) =>
      body.rejected.push({ ...entry, code, message, ...(used ? { used_by: used } : {}) });
    const e = entities.get(entry.entity_provider_id);
    if ((counts.get(entry.entity_provider_id) ?? 0) > 1) reject('duplicate_entity', `${entry.entity_provider_id} appears more than once in the request`);
    else if (!e) reject('entity_not_found', `no ${type} ${entry.entity_provider_id} on integration ${integrationId}`);
    else if (entry.is_selected_for_collection && !e.reachable) reject('entity_not_reachable', `${entry.entity_provider_id} is no longer exposed by the provider`);
    else if (!entry.is_selected_for_collection && e.usedByUnavailable) reject('used_by_unavailable', `could not check what uses ${entry.entity_provider_id}; retry`);
    else if (!entry.is_selected_for_collection && usedBy(state, e).teams.length > 0) {
      const used = usedBy(state, e);
      reject('entity_in_use', `${entry.entity_provider_id} is used by team scopes: ${used.teams.map((t) => t.id).join(', ')}`, used);
    } else {
      body.applied.push({ ...entry });
      toApply.push([e, entry.is_selected_for_collection]);
    }
  }
  const before = selectedCount(state);
  const delta = toApply.reduce((d, [e, sel]) => d + (sel === e.selected ? 0 : sel ? 1 : -1), 0);
  if (delta > 0 && before + delta > state.limits.boardProjectLimit) {
    throw refused(403, `selecting ${delta} more boards/projects would exceed the organization's limit of ${state.limits.boardProjectLimit} (${before} selected)`);
  }
  if (body.applied.length === 0) return { status: sharedStatus([400]), body };
  for (const [e, sel] of toApply) {
    if (e.selected === sel) continue;
    e.selected = sel;
    e.selectedAt = journal.now();
    journal.audit({
      action: sel ? 'entity_selected' : 'entity_deselected',
      integration_id: integrationId,
      entity_type: type,
      entity_provider_id: e.id,
      detail: `${type} ${e.id} (${e.name}) ${sel ? 'selected for' : 'deselected from'} collection`,
    });
  }
  return { status: 200, body };
}
