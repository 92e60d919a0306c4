// The PM scope kind's diff: each managed (team, PM integration) scope the config writes, resolved
// into its canonical form (ScopeContext), checked against the selection sets written and the
// provider's rules, and diffed key by key. The kinds written within a scope (its methodology) are
// diffed right after its keys (DiffFindings.diffInPmScope).

import type { Integration, PmProvider, PmScopeKey, TeamPmScopeResponse } from '../../../contract/types.js';
import { PM_SCOPE_KEYS, SCOPE_KEYS } from '../../../contract/types.js';
import { pmScopeAddress } from './address.js';
import { identityKey } from '../../canonical.js';
import type { AreaElement, ScopeElement } from '../shared/pm-scope-form.js';
import { areaElement, canonicalScope, fieldElement, liveScope } from './canonical.js';
import type { PlanDraft } from '../../draft.js';
import type { ScopeContext } from '../shared/scope-context.js';
import type { ConfigPath, DesiredPmScope, DesiredTeam, EntityName } from '../../model.js';
import type { Change, Impact } from '../../plan-model.js';
import { resolveEntity } from '../../resolve.js';
import type { DesiredSelections, DiffFindings } from '../kind.js';
import { listKey } from '../../snapshot.js';
import { impliedSelections, pmIntegration } from '../shared/pm.js';
import { identifiedTeams } from '../shared/team-directory.js';

/** Every managed PM scope of the config's teams, teams by id. */
export function diffPmScopes(draft: PlanDraft, found: DiffFindings): void {
  for (const team of identifiedTeams(draft.config).sort((a, b) => a.id - b.id)) diffTeamPm(draft, team, found);
}

function diffTeamPm(draft: PlanDraft, team: DesiredTeam & { id: number }, found: DiffFindings): void {
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
    checkAgainstSelections(draft, ctx, found.selections);
    diffScope(draft, ctx);
    found.diffInPmScope(ctx);
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
  for (const key of PM_SCOPE_KEYS) {
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

/** A scope naming a board/project that the written selection set leaves out would select it anyway. */
function checkAgainstSelections(draft: PlanDraft, ctx: ScopeContext, selections: DesiredSelections): void {
  for (const key of SCOPE_KEYS[ctx.provider]) {
    const implied = impliedSelections(ctx.provider, key, ctx.desired[key] ?? []);
    if (!implied) continue;
    const set = selections.get(listKey(ctx.integration.id, implied.type));
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

/** The changes of a managed scope's keys, each key written whole. */
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
}
