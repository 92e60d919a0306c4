// Diff of the PM side: selection sets, team PM scopes and methodologies. Each object the config
// writes is the whole truth for that object (DESIGN.md §2); objects it does not write are never
// looked at. Resolution errors become plan errors and drop only the object they concern.

import type { Integration, PmProvider, PmScopeKey, SelectableEntityType, TeamPmScopeResponse } from '../contract/types.js';
import { SCOPE_KEYS, SELECTABLE_TYPES } from '../contract/types.js';
import { methodologyAddress, pmScopeAddress, selectionAddress } from './address.js';
import {
  areaElement,
  canonicalScope,
  fieldElement,
  identityKey,
  liveScope,
  type AreaElement,
  type ScopeElement,
} from './canonical.js';
import { PlanDraft, type ScopeContext } from './draft.js';
import type { ConfigPath, DesiredPmScope, DesiredTeam, EntityName } from './model.js';
import type { Change, Impact } from './plan-model.js';
import { resolveEntity, resolveIntegration } from './resolve.js';
import { identifiedTeams } from './kinds/team-directory.js';

/** Natural order for entity ids, so "99" sorts before "101". */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Selected sets the config writes, by `${integrationId}/${type}`, for cross-checks with scopes. */
type DesiredSelections = Map<string, { address: string; ids: Set<string> }>;

export function diffPm(draft: PlanDraft): void {
  const selections = diffSelections(draft);
  for (const team of identifiedTeams(draft.config).sort((a, b) => a.id - b.id)) diffTeamPm(draft, team, selections);
}

function pmIntegration(draft: PlanDraft, ref: string | number, path: ConfigPath): Integration | undefined {
  const r = resolveIntegration(draft.config, ref, draft.live.integrations, 'pm');
  if (r.value === undefined) draft.error(r.error ?? `unknown integration ${String(ref)}`, path);
  return r.value;
}

// ---- selection sets -------------------------------------------------------------------------

function diffSelections(draft: PlanDraft): DesiredSelections {
  const out: DesiredSelections = new Map();
  for (const sel of draft.config.collection) {
    const alias = String(sel.integration);
    const integration = pmIntegration(draft, sel.integration, sel.path);
    if (!integration) continue;
    const provider = integration.provider as PmProvider;
    const type: SelectableEntityType = sel.entityType;
    if (!SELECTABLE_TYPES[provider]?.includes(type)) {
      draft.error(`${type} cannot be selected on ${alias} (${provider})`, sel.path);
      continue;
    }
    const key = `${integration.id}/${type}`;
    if (out.has(key)) {
      draft.error(`the ${type} selection of integration ${integration.id} is written twice`, sel.path);
      continue;
    }
    const list = draft.entities.list(integration.id, type);
    const desired = new Set<string>();
    /** Where each resolved entity was written, for the location of its change. */
    const writtenAt = new Map<string, number>();
    let failed = false;
    sel.entities.forEach((ref, i) => {
      const r = resolveEntity(ref, type, alias, list);
      if (r.value === undefined) {
        draft.error(r.error ?? 'unresolved entity', [...sel.path, i]);
        failed = true;
      } else {
        desired.add(r.value);
        if (!writtenAt.has(r.value)) writtenAt.set(r.value, i);
      }
    });
    const live = draft.entities.selected(integration.id, type);
    if (live === undefined) {
      draft.error(`the ${type} of ${alias} were not read; cannot plan its selection`, sel.path);
      continue;
    }
    // A set with an unresolved entry is not diffed: removing "everything else" from it would be wrong.
    if (failed) continue;
    out.set(key, { address: `collection.${alias}.${type}`, ids: desired });
    draft.count('deselect', live.size);
    const changed = [...new Set([...desired, ...live])].filter((id) => desired.has(id) !== live.has(id)).sort(naturalCompare);
    for (const id of changed) {
      const adding = desired.has(id);
      const change: Change = {
        address: selectionAddress(alias, type, id),
        kind: 'selection',
        action: adding ? 'add' : 'remove',
        before: adding ? null : true,
        after: adding ? true : null,
        impacts: adding ? ['counts-against-limit'] : ['stops-collection'],
      };
      if (!adding) change.destructive = 'deselect';
      const label = draft.entities.find(integration.id, type, id)?.name;
      if (label !== undefined) change.label = label;
      const index = writtenAt.get(id);
      draft.add(change, { kind: 'selection', integration, alias, entityType: type, entityId: id }, index === undefined ? sel.path : [...sel.path, index]);
    }
  }
  return out;
}

// ---- team PM scopes --------------------------------------------------------------------------

function diffTeamPm(draft: PlanDraft, team: DesiredTeam & { id: number }, selections: DesiredSelections): void {
  if (team.pm.length === 0) return;
  const read = draft.teamRead(team, draft.live.teamPmScopes.get(team.id), 'PM scope', team.path);
  if (read === undefined) return;
  const seen = new Set<number>();
  for (const desired of team.pm) {
    const integration = pmIntegration(draft, desired.integration, desired.path);
    if (!integration) continue;
    if (seen.has(integration.id)) {
      draft.error(`team ${team.id} writes its scope on integration ${integration.id} twice`, desired.path);
      continue;
    }
    seen.add(integration.id);
    const ctx = scopeContext(draft, team, desired, integration, read);
    if (!ctx) continue;
    draft.scopes.set(`${team.id}/${integration.id}`, ctx);
    checkAgainstSelections(draft, ctx, selections);
    diffScope(draft, ctx);
  }
}

function scopeContext(draft: PlanDraft, team: DesiredTeam & { id: number }, desired: DesiredPmScope, integration: Integration, read: TeamPmScopeResponse): ScopeContext | undefined {
  const alias = String(desired.integration);
  const provider = integration.provider as PmProvider;
  const keys = SCOPE_KEYS[provider];
  if (!keys) {
    draft.error(`integration ${alias} (${integration.provider}) is not a supported PM provider`, desired.path);
    return undefined;
  }
  let failed = false;
  const resolve = (ref: EntityName, type: string, path: ConfigPath): string => {
    const r = resolveEntity(ref, type, alias, draft.entities.list(integration.id, type));
    if (r.value !== undefined) return r.value;
    draft.error(r.error ?? 'unresolved entity', path);
    failed = true;
    return '';
  };
  const written: Partial<Record<PmScopeKey, ScopeElement[]>> = {};
  const at = (key: string, i: number, ...rest: (string | number)[]): ConfigPath => [...desired.path, key, i, ...rest];
  for (const key of ['boards', 'epics', 'labels', 'fields', 'project_team_areas'] as const) {
    if (desired[key] === undefined) continue;
    if (!keys.includes(key)) {
      draft.error(`scope key "${key}" is not writable on ${alias} (${provider})`, [...desired.path, key]);
      failed = true;
    }
  }
  if (desired.boards) written.boards = desired.boards.map((b, i) => resolve(b, 'boards', at('boards', i)));
  if (desired.epics) written.epics = desired.epics.map((e, i) => resolve(e, 'epics', at('epics', i)));
  if (desired.labels) written.labels = desired.labels.map((l, i) => resolve({ id: l }, 'labels', at('labels', i)));
  if (desired.fields) {
    written.fields = desired.fields.map((f, i) => fieldElement(resolve(f.field, 'fields', at('fields', i)), f.value));
  }
  if (desired.project_team_areas) {
    written.project_team_areas = desired.project_team_areas.map((p, i) => {
      const element = areaElement(
        resolve(p.project, 'projects', at('project_team_areas', i, 'project')),
        resolve(p.team, 'teams', at('project_team_areas', i, 'team')),
        p.areas.map((a, j) => resolve(a, 'areas', at('project_team_areas', i, 'areas', j))),
      );
      if (!failed) checkTeamAreas(draft, integration.id, alias, element, at('project_team_areas', i));
      return element;
    });
  }
  if (failed) return undefined;
  const item = read.items.find((i) => i.integration_id === integration.id);
  const ctx: ScopeContext = {
    teamId: team.id,
    teamKey: team.key,
    integration,
    provider,
    alias,
    live: item ? liveScope(provider, item.scope ?? {}) : canonicalScope(provider, {}),
    desired: canonicalScope(provider, written),
    path: desired.path,
  };
  if (item?.methodology !== undefined) ctx.liveMethodology = item.methodology;
  if (desired.methodology !== undefined) ctx.desiredMethodology = desired.methodology;
  return ctx;
}

/** tracker_b: the team must belong to the project and each area to the team (else invalid_scope). */
function checkTeamAreas(draft: PlanDraft, integrationId: number, alias: string, e: AreaElement, path: ConfigPath): void {
  const team = draft.entities.find(integrationId, 'teams', e.team);
  const parent = team?.parent_project as unknown;
  const parentId = typeof parent === 'string' ? parent : (parent as { entity_provider_id?: string } | undefined)?.entity_provider_id;
  if (team && parentId !== undefined && parentId !== e.project) {
    draft.error(`team "${e.team}" on ${alias} belongs to project "${parentId}", not "${e.project}" (the service refuses it as invalid_scope)`, path);
  }
  for (const areaId of e.areas) {
    const area = draft.entities.find(integrationId, 'areas', areaId);
    const teams = (area?.teams as unknown[] | undefined)?.map((t) => (typeof t === 'string' ? t : (t as { entity_provider_id: string }).entity_provider_id));
    if (area && teams && !teams.includes(e.team)) {
      draft.error(`area "${areaId}" on ${alias} does not belong to team "${e.team}" (the service refuses it as invalid_scope)`, path);
    }
  }
}

/** Entities a scope write selects as a side effect: tracker_a boards, tracker_b projects. */
export function impliedSelections(provider: PmProvider, key: PmScopeKey, elements: readonly ScopeElement[]): { type: SelectableEntityType; ids: string[] } | undefined {
  if (provider === 'tracker_a' && key === 'boards') return { type: 'boards', ids: elements as string[] };
  if (provider === 'tracker_b' && key === 'project_team_areas') {
    return { type: 'projects', ids: [...new Set((elements as AreaElement[]).map((e) => e.project))] };
  }
  return undefined;
}

/** A scope naming a board/project that the written selection set leaves out would select it anyway. */
function checkAgainstSelections(draft: PlanDraft, ctx: ScopeContext, selections: DesiredSelections): void {
  for (const key of SCOPE_KEYS[ctx.provider]) {
    const implied = impliedSelections(ctx.provider, key, ctx.desired[key] ?? []);
    if (!implied) continue;
    const set = selections.get(`${ctx.integration.id}/${implied.type}`);
    if (!set) continue;
    for (const id of implied.ids) {
      if (set.ids.has(id)) continue;
      draft.error(
        `team ${ctx.teamId} scopes ${implied.type.slice(0, -1)} "${id}" on ${ctx.alias}, which ${set.address} leaves out; a scope write selects what it names`,
        [...ctx.path, key],
        pmScopeAddress(ctx.teamKey, ctx.alias, key),
      );
    }
  }
}

function diffScope(draft: PlanDraft, ctx: ScopeContext): void {
  for (const key of SCOPE_KEYS[ctx.provider]) {
    const before = ctx.live[key] ?? [];
    const after = ctx.desired[key] ?? [];
    if (before.length > 0) draft.count('scope_removal', 1);
    if (identityKey(before) === identityKey(after)) continue;
    const afterKeys = new Set(after.map(identityKey));
    const beforeKeys = new Set(before.map(identityKey));
    const added = after.filter((e) => !beforeKeys.has(identityKey(e)));
    const impacts: Impact[] = ['changes-team-metrics'];
    const implied = impliedSelections(ctx.provider, key, added);
    if (implied) {
      const selected = draft.entities.selected(ctx.integration.id, implied.type);
      if (implied.ids.some((id) => !selected?.has(id))) impacts.push('counts-against-limit');
    }
    const change: Change = {
      address: pmScopeAddress(ctx.teamKey, ctx.alias, key),
      kind: 'pm-scope',
      action: before.length === 0 ? 'add' : after.length === 0 ? 'remove' : 'update',
      before: before.length === 0 ? null : before,
      after: after.length === 0 ? null : after,
      impacts,
    };
    if (before.some((e) => !afterKeys.has(identityKey(e)))) change.destructive = 'scope_removal';
    draft.add(change, { kind: 'pm-scope', scope: ctx, key }, [...ctx.path, key]);
  }
  if (ctx.desiredMethodology !== undefined && ctx.desiredMethodology !== ctx.liveMethodology) {
    draft.add(
      {
        address: methodologyAddress(ctx.teamKey, ctx.alias),
        kind: 'methodology',
        action: ctx.liveMethodology === undefined ? 'add' : 'update',
        before: ctx.liveMethodology ?? null,
        after: ctx.desiredMethodology,
        impacts: ['changes-team-metrics'],
      },
      { kind: 'methodology', scope: ctx },
      [...ctx.path, 'methodology'],
    );
  }
}
