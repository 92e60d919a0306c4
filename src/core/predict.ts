// Plan-time predictions of what the service would refuse (DESIGN.md §3), computed on the changes
// that survive --target/--exclude and on the operations that carry them: a plan with any of these
// exits 1 before a single write.

import type { PmScopeKey, ScopeWriteBody } from '../contract/types.js';
import { WRITABLE_INTEGRATION_STATES } from '../contract/types.js';
import { pmScopeAddress } from './address.js';
import { scopeKeyToWire, type ScopeElement } from './canonical.js';
import type { PlanMessage } from './plan-model.js';
import { isMonitored } from './monitoring-decisions.js';
import { impliedSelections } from './diff-pm.js';
import { type PlanDraft, type PlannedChange, type ScopeContext } from './draft.js';
import type { DraftOperation } from './ops-common.js';
import { singularType } from './resolve.js';
import { integrationOfTarget } from './kinds/registry.js';

export function predictRefusals(draft: PlanDraft, changes: PlannedChange[], ops: DraftOperation[]): void {
  /** Monitoring after this plan, for the repositories whose monitoring it changes. */
  const monitoringAfter = new Map<number, boolean>();
  for (const c of changes) if (c.target.kind === 'monitoring') monitoringAfter.set(c.target.repo.id, c.target.monitored);
  for (const c of changes) {
    readOnlyIntegration(draft, c);
    if (c.target.kind === 'selection' && c.change.action === 'add') unreachableSelect(draft, c);
    if (c.target.kind === 'selection' && c.change.action === 'remove') deselectInUse(draft, c, changes);
    if (c.target.kind === 'git-scope' && c.target.key === 'repositories') unmonitoredInGitScope(draft, c, monitoringAfter);
  }
  for (const op of ops) if (op.route === 'PATCH /api/v1/pm/config/teams/scope') unreachableInScopeWrite(draft, op);
}

function push(draft: PlanDraft, c: PlannedChange, message: string): void {
  const m: { message: string; address: string; location?: string } = { message, address: c.change.address };
  if (c.location !== undefined) m.location = c.location;
  draft.errors.push(m);
}

function readOnlyIntegration(draft: PlanDraft, c: PlannedChange): void {
  const integration = integrationOfTarget(c.target);
  if (!integration || WRITABLE_INTEGRATION_STATES.includes(integration.state)) return;
  push(draft, c, `integration ${integration.id} (${integration.name}) is ${integration.state}, so it is read-only: the service refuses this write (integration_read_only)`);
}

function unreachableSelect(draft: PlanDraft, c: PlannedChange): void {
  if (c.target.kind !== 'selection') return;
  if (draft.namesUnreachable(c.target.integration.id, c.target.entityType, c.target.entityId)) {
    push(draft, c, `${singularType(c.target.entityType)} "${c.target.entityId}" on ${c.target.alias} is no longer exposed by the provider: it cannot be selected (entity_not_reachable)`);
  }
}

/** The (scope, key) pairs this plan writes, found once per plan rather than once per deselect. */
const scopeKeysWritten = new WeakMap<PlannedChange[], Map<ScopeContext, Set<PmScopeKey>>>();

/** The scope key as it will be after this plan: desired when its change is in the plan, else live. */
function scopeAfter(ctx: ScopeContext, key: PmScopeKey, changes: PlannedChange[]): ScopeElement[] {
  let written = scopeKeysWritten.get(changes);
  if (written === undefined) {
    written = new Map();
    for (const c of changes) {
      if (c.target.kind !== 'pm-scope') continue;
      const keys = written.get(c.target.scope) ?? new Set();
      keys.add(c.target.key);
      written.set(c.target.scope, keys);
    }
    scopeKeysWritten.set(changes, written);
  }
  const changing = written.get(ctx)?.has(key) === true;
  return (changing ? ctx.desired[key] : ctx.live[key]) ?? [];
}

function deselectInUse(draft: PlanDraft, c: PlannedChange, changes: PlannedChange[]): void {
  if (c.target.kind !== 'selection') return;
  const { integration, alias, entityType, entityId } = c.target;
  const what = `${singularType(entityType)} "${entityId}" on ${alias}`;
  const usedBy = draft.entities.find(integration.id, entityType, entityId)?.used_by;
  for (const team of usedBy?.teams ?? []) {
    const ctx = draft.scopes.get(`${team.id}/${integration.id}`);
    if (!ctx) {
      push(draft, c, `cannot deselect ${what}: team ${team.id} (${team.name}) uses it and the config does not manage that team's scope on ${alias} (entity_in_use)`);
      continue;
    }
    const stillUsed = Object.keys(ctx.desired).some((key) => {
      const implied = impliedSelections(ctx.provider, key as PmScopeKey, scopeAfter(ctx, key as PmScopeKey, changes));
      return implied?.type === entityType && implied.ids.includes(entityId);
    });
    if (stillUsed) push(draft, c, `cannot deselect ${what}: team ${team.id} (${team.name}) still uses it after this plan (entity_in_use)`);
  }
  const projects = usedBy?.projects ?? [];
  if (projects.length > 0) push(draft, c, `cannot deselect ${what}: ${projects.length} project(s) use it (entity_in_use)`);
}

function unmonitoredInGitScope(draft: PlanDraft, c: PlannedChange, monitoringAfter: Map<number, boolean>): void {
  if (c.target.kind !== 'git-scope') return;
  for (const id of c.target.after) {
    const repo = draft.repos.byId.get(id);
    if (!repo) continue;
    const monitoredAfter = monitoringAfter.get(id) ?? isMonitored(repo);
    if (monitoredAfter) continue;
    const why = isMonitored(repo) ? 'this plan stops monitoring it' : 'it is not monitored and this plan does not start monitoring it';
    push(draft, c, `repository ${repo.name} (${id}) cannot be in team ${c.target.teamId}'s Git scope: ${why} (the service refuses the write)`);
  }
}

const ENTITY_TYPE: Record<PmScopeKey, string> = {
  boards: 'boards',
  epics: 'epics',
  labels: 'labels',
  fields: 'fields',
  project_team_areas: 'projects',
};

/** Every entity a scope write names must be reachable, or the service refuses the whole item. */
function unreachableInScopeWrite(draft: PlanDraft, op: DraftOperation): void {
  const body = op.body as ScopeWriteBody;
  for (const team of body.teams) {
    for (const item of team.items) {
      const ctx = draft.scopes.get(`${team.team_id}/${item.integration_id}`);
      for (const [key, list] of Object.entries(item.scope ?? {}) as [PmScopeKey, unknown[]][]) {
        // The key's live entries, indexed once per key on its first unreachable entry (not per entry).
        let live: Set<string> | undefined;
        for (const [type, id] of namedIds(key, list)) {
          if (!draft.namesUnreachable(item.integration_id, type, id)) continue;
          const address = pmScopeAddress(team.team_id, ctx?.alias ?? String(item.integration_id), key);
          // A key written whole re-sends what it keeps; one that keeps an unreachable entry is
          // added to instead (ops-pm-items.ts), unless it also loses entries: then no write can
          // make it, and only taking the entry out of the config lets the key be written.
          const kept = ctx !== undefined && (live ??= liveNames(ctx, key)).has(`${type}/${id}`);
          const why = kept ? `; the key loses entries, so it is written whole, and a whole write must name every entry it keeps: take "${id}" out of the config to write it` : '';
          const message = `team ${team.team_id}'s ${key} on ${ctx?.alias ?? item.integration_id} names ${singularType(type)} "${id}", which the provider no longer exposes: the service refuses the item (entity_not_found)${why}`;
          const m: PlanMessage = { message, address };
          const location = draft.locate(ctx ? [...ctx.path, key] : undefined);
          if (location !== undefined) m.location = location;
          draft.errors.push(m);
        }
      }
    }
  }
}

/** `${type}/${id}` of every entity a live scope key names. */
function liveNames(ctx: ScopeContext, key: PmScopeKey): Set<string> {
  return new Set(namedIds(key, scopeKeyToWire(key, ctx.live[key] ?? [])).map(([type, id]) => `${type}/${id}`));
}

function namedIds(key: PmScopeKey, list: unknown[]): [string, string][] {
  if (key === 'labels') return (list as { name: string }[]).map((l) => ['labels', l.name]);
  if (key !== 'project_team_areas') return (list as { entity_provider_id: string }[]).map((e) => [ENTITY_TYPE[key], e.entity_provider_id]);
  return (list as { project: { entity_provider_id: string }; team: { entity_provider_id: string }; areas: { entity_provider_id: string }[] }[]).flatMap((p) => [
    ['projects', p.project.entity_provider_id] as [string, string],
    ['teams', p.team.entity_provider_id] as [string, string],
    ...p.areas.map((a) => ['areas', a.entity_provider_id] as [string, string]),
  ]);
}
