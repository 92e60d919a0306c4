// The PM scope kind's calls: team scope writes (batched PATCH items, or a DELETE when that is the
// single cheapest call; how each key is written is items.ts), carrying the methodology changes
// too (a methodology is written in its scope's item).

import { API_LIMITS, type PmScopeKey, type ScopeWriteItem } from '../../../contract/types.js';
import type { AreaElement, ScopeElement } from '../shared/pm-scope-form.js';
import { groupBy, operation, plural, pushUnique, type DraftOperation } from '../../ops-common.js';
import type { TargetOf } from '../../draft.js';
import type { ChangeFacts, KindChange, PmScopeCalls, PmScopeWrite, Unreachable } from '../kind.js';
import { listKey } from '../../snapshot.js';
import { impliedSelections } from '../shared/pm.js';
import { scopeItems, type ScopeItem } from './items.js';

export const SCOPE_WRITE = '/api/v1/pm/config/teams/scope';

/**
 * The scope keys' changes and the methodology changes their writes carry, back in plan order
 * (`at`: each key change's place in the plan's list; the riders are in plan order too).
 */
export function scopeWrites(changes: readonly KindChange<TargetOf<'pm-scope'>>[], at: readonly number[], riders: ChangeFacts['pmScopeRiders']): PmScopeWrite[] {
  const writes: PmScopeWrite[] = [];
  let r = 0;
  changes.forEach((c, i) => {
    for (let next = riders[r]; next !== undefined && next.at < (at[i] ?? 0); next = riders[++r]) writes.push(next.write);
    writes.push({ scope: c.target.scope, key: c.target.key, address: c.change.address });
  });
  for (let next = riders[r]; next !== undefined; next = riders[++r]) writes.push(next.write);
  return writes;
}

const itemKey = (i: ScopeItem) => `${i.ctx.teamId}/${i.ctx.integration.id}`;

/**
 * Greedy batches under the item and entity limits; a team's items in one call share its entry. A
 * call names a (team, integration) once, so two pieces of one scope never share a call.
 */
function batch(items: ScopeItem[]): ScopeItem[][] {
  const batches: ScopeItem[][] = [];
  let current: ScopeItem[] = [];
  let keys = new Set<string>();
  let entities = 0;
  for (const item of items) {
    const full = current.length + 1 > API_LIMITS.scopeItemsMax || entities + item.entities > API_LIMITS.scopeEntitiesMax || keys.has(itemKey(item));
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      keys = new Set();
      entities = 0;
    }
    current.push(item);
    keys.add(itemKey(item));
    entities += item.entities;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function fits(batch: ScopeItem[] | undefined, item: ScopeItem): boolean {
  if (!batch) return false;
  const entities = batch.reduce((n, i) => n + i.entities, 0);
  return batch.length < API_LIMITS.scopeItemsMax && entities + item.entities <= API_LIMITS.scopeEntitiesMax && !batch.some((i) => itemKey(i) === itemKey(item));
}

/**
 * The scope writes of the plan's PM scope and methodology changes: each changed key written whole
 * (mode=merge) unless it must be added to (items.ts); merge items of all teams share calls,
 * add items share their own calls, a methodology change alone rides in spare room of either.
 * `unreachable` says which entities the provider no longer exposes (a key keeping one is added to).
 */
export function planPmScopes(changes: readonly PmScopeWrite[], unreachable: Unreachable): PmScopeCalls {
  const groups = groupBy(changes, (c) => c.scope);
  const errors: PmScopeCalls['errors'] = [];
  const items = [...groups.entries()].flatMap(([ctx, list]) => scopeItems(ctx, list, unreachable, errors));
  const merges = batch(items.filter((i) => i.mode === 'merge'));
  const adds = batch(items.filter((i) => i.mode === 'add'));
  // Methodology-only items go with either mode: into spare room of an existing call first.
  for (const item of items.filter((i) => i.mode === 'either')) {
    if (fits(merges[merges.length - 1], item)) merges[merges.length - 1]?.push(item);
    else if (fits(adds[adds.length - 1], item)) adds[adds.length - 1]?.push(item);
    else merges.push([item]);
  }
  const result: PmScopeCalls = { ops: [], names: new Map(), drops: new Map(), errors };
  const emit = (op: DraftOperation, batchItems: ScopeItem[]) => {
    result.ops.push(op);
    result.names.set(op, namedEntities(batchItems));
    result.drops.set(op, droppedEntities(batchItems));
  };
  const lone = merges.length === 1 ? merges[0] : undefined;
  const single = lone && lone.length === 1 ? lone[0] : undefined;
  const deleteOp = single ? deleteInstead(single) : undefined;
  if (deleteOp && single) emit(deleteOp, [single]);
  else merges.forEach((b, i) => emit(patchOp(b, 'merge', i + 1), b));
  adds.forEach((b, i) => emit(patchOp(b, 'add', i + 1), b));
  return result;
}

function patchOp(items: ScopeItem[], mode: 'add' | 'merge', n: number): DraftOperation {
  const teams: { team_id: number; items: ScopeWriteItem[] }[] = [];
  for (const i of items) {
    const team = teams.find((t) => t.team_id === i.ctx.teamId);
    if (team) team.items.push(i.item);
    else teams.push({ team_id: i.ctx.teamId, items: [i.item] });
  }
  const op = operation(
    'first',
    `pm-scope.${mode}.${n}`,
    'PATCH',
    SCOPE_WRITE,
    `${SCOPE_WRITE}?mode=${mode}`,
    `write PM scope of ${plural(items.length, 'team-integration item')} (mode=${mode})`,
    { teams },
  );
  for (const i of items) pushUnique(op.addresses, ...i.addresses);
  op.items = items.flatMap((i) => i.addresses.map((address) => ({ key: `${i.ctx.teamId}/${i.ctx.integration.id}`, address })));
  return op;
}

/**
 * A lone clear costs one call as a PATCH or as a DELETE; the DELETE is used then, since it says
 * what happens. Never when the item carries a methodology (a DELETE cannot), nor a whole-scope
 * DELETE of a tracker_a team that is Scrum (it turns the team Kanban).
 */
function deleteInstead(i: ScopeItem): DraftOperation | undefined {
  if (!i.clears || i.item.methodology !== undefined) return undefined;
  const { ctx } = i;
  const team = ctx.teamId;
  const integration = ctx.integration.id;
  let op: DraftOperation;
  // No methodology change rides here (the item would carry it), so the live one is what stays.
  if (i.wholeClear && !(ctx.provider === 'tracker_a' && ctx.liveMethodology === 'Scrum')) {
    op = operation(
      'first',
      `pm-scope.delete.${team}.${integration}`,
      'DELETE',
      '/api/v1/pm/config/teams/{team_id}/scope',
      `/api/v1/pm/config/teams/${team}/scope?integration_id=${integration}`,
      `clear team ${team}'s whole PM scope on ${ctx.alias}`,
    );
  } else if (i.clears.length === 1 && i.clears[0]) {
    const key = i.clears[0];
    op = operation(
      'first',
      `pm-scope.clear.${team}.${integration}.${key}`,
      'DELETE',
      '/api/v1/pm/config/teams/{team_id}/scope/{scope_key}',
      `/api/v1/pm/config/teams/${team}/scope/${key}?integration_id=${integration}`,
      `clear ${key} of team ${team}'s PM scope on ${ctx.alias}`,
    );
  } else return undefined;
  op.addresses = [...i.addresses];
  op.items = i.addresses.map((address) => ({ key: `${team}/${integration}`, address }));
  return op;
}

function addTo(map: Map<string, Set<string>>, key: string, ids: Iterable<string>): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  for (const id of ids) set.add(id);
}

/** Boards (tracker_a) and projects (tracker_b) the items' bodies name: the write selects them. */
function namedEntities(items: ScopeItem[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const i of items) {
    for (const [key, wire] of Object.entries(i.item.scope ?? {}) as [PmScopeKey, unknown[]][]) {
      const sent = key === 'project_team_areas'
        ? (wire as { project: { entity_provider_id: string } }[]).map((p) => ({ project: p.project.entity_provider_id }) as AreaElement)
        : (wire as { entity_provider_id?: string; name?: string }[]).map((w) => w.entity_provider_id ?? w.name ?? '');
      const implied = impliedSelections(i.ctx.provider, key, sent as ScopeElement[]);
      if (!implied) continue;
      const list = listKey(i.ctx.integration.id, implied.type);
      let named = out.get(list);
      if (!named) out.set(list, (named = new Map()));
      for (const id of implied.ids) if (!named.has(id)) named.set(id, `${i.ctx.teamId}/${i.ctx.integration.id}`);
    }
  }
  return out;
}

/** Boards and projects the items stop using (so a deselect of them must wait for the write). */
function droppedEntities(items: ScopeItem[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const i of items) {
    if (i.mode !== 'merge') continue;
    for (const key of Object.keys(i.item.scope ?? {}) as PmScopeKey[]) {
      const before = impliedSelections(i.ctx.provider, key, i.ctx.live[key] ?? []);
      const after = impliedSelections(i.ctx.provider, key, i.ctx.desired[key] ?? []);
      if (!before) continue;
      const kept = new Set(after?.ids ?? []);
      addTo(out, listKey(i.ctx.integration.id, before.type), before.ids.filter((id) => !kept.has(id)));
    }
  }
  return out;
}
