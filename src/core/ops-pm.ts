// Operations for the PM side: team scope writes (batched PATCH items, or a DELETE when that is
// the single cheapest call; how each key is written is ops-pm-items.ts) and selections (selects and deselects in shared calls, unless a
// deselect waits on a scope write: then selects first, deselects last).

import { API_LIMITS, type PmScopeKey, type ScopeWriteItem, type SelectableEntityType } from '../contract/types.js';
import type { AreaElement, ScopeElement } from './canonical.js';
import type { PlannedChange, ScopeContext } from './draft.js';
import { impliedSelections, naturalCompare } from './diff-pm.js';
import { chunk, groupBy, operation, plural, pushUnique, type DraftOperation } from './ops-common.js';
import { scopeItems, type ScopeItem, type Unreachable } from './ops-pm-items.js';

const SCOPE_WRITE = '/api/v1/pm/config/teams/scope';

export interface PmScopeOps {
  ops: DraftOperation[];
  /**
   * For each op, the entities its write names (it selects them), by `${integrationId}/${type}`,
   * each with the `${team}/${integration}` item that names it.
   */
  names: Map<DraftOperation, Map<string, Map<string, string>>>;
  /** For each op, the entities it stops using, by `${integrationId}/${type}`. */
  drops: Map<DraftOperation, Map<string, Set<string>>>;
  /** Writes no call can carry (a key that loses entries and whose whole list names more than 1000 entities). */
  errors: { message: string; address: string }[];
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
 * (mode=merge) unless it must be added to (ops-pm-items.ts); merge items of all teams share calls,
 * add items share their own calls, a methodology change alone rides in spare room of either.
 * `unreachable` says which entities the provider no longer exposes (a key keeping one is added to).
 */
export function planPmScopes(changes: PlannedChange[], unreachable: Unreachable = () => false): PmScopeOps {
  const groups = groupBy(changes, (c): ScopeContext | undefined => (c.target.kind === 'pm-scope' || c.target.kind === 'methodology' ? c.target.scope : undefined));
  const errors: PmScopeOps['errors'] = [];
  const items = [...groups.entries()].flatMap(([ctx, list]) => scopeItems(ctx, list, unreachable, errors));
  const merges = batch(items.filter((i) => i.mode === 'merge'));
  const adds = batch(items.filter((i) => i.mode === 'add'));
  // Methodology-only items go with either mode: into spare room of an existing call first.
  for (const item of items.filter((i) => i.mode === 'either')) {
    if (fits(merges[merges.length - 1], item)) merges[merges.length - 1]?.push(item);
    else if (fits(adds[adds.length - 1], item)) adds[adds.length - 1]?.push(item);
    else merges.push([item]);
  }
  const result: PmScopeOps = { ops: [], names: new Map(), drops: new Map(), errors };
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
      const listKey = `${i.ctx.integration.id}/${implied.type}`;
      let named = out.get(listKey);
      if (!named) out.set(listKey, (named = new Map()));
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
      addTo(out, `${i.ctx.integration.id}/${before.type}`, before.ids.filter((id) => !kept.has(id)));
    }
  }
  return out;
}

// ---- selections ----------------------------------------------------------------------------

/** One entry of a select call: the change it carries and whether it selects or deselects. */
interface SelectionEntry {
  planned: PlannedChange;
  id: string;
  select: boolean;
}

/**
 * Per (integration, entity type): selects for what no scope write already selects, and deselects.
 * The select endpoint takes both in one call (a flag per entry), so when no deselect of the pair
 * waits on a scope write that stops using its entity, selects and deselects share calls (the fewest:
 * ceil((selects + deselects) / 1000)). Otherwise the selects go first and the deselects last, each
 * deselect call depending on the scope writes that stop using what it deselects.
 */
export function planSelections(changes: PlannedChange[], scopes: PmScopeOps): DraftOperation[] {
  const groups = groupBy(changes, (c) => (c.target.kind === 'selection' ? `${c.target.integration.id}/${c.target.entityType}` : undefined));
  const carriers = carriersByEntity(scopes);
  const droppers = droppersByEntity(scopes);
  const ops: DraftOperation[] = [];
  for (const [key, list] of groups) {
    const first = list[0]?.target;
    if (!first || first.kind !== 'selection') continue;
    const { integration, alias, entityType } = first;
    const entityId = (c: PlannedChange) => (c.target as { entityId: string }).entityId;
    const selects: SelectionEntry[] = [];
    for (const c of list.filter((c) => c.change.action === 'add')) {
      const id = entityId(c);
      const carrier = carriers.get(key)?.get(id);
      const itemKey = carrier ? scopes.names.get(carrier)?.get(key)?.get(id) : undefined;
      if (carrier && itemKey) {
        // The scope write selects it; the item that names it answers for this change too.
        pushUnique(carrier.addresses, c.change.address);
        carrier.items?.push({ key: itemKey, address: c.change.address });
      } else selects.push({ planned: c, id, select: true });
    }
    const deselects = list.filter((c) => c.change.action === 'remove').map((c): SelectionEntry => ({ planned: c, id: entityId(c), select: false }));
    const dropped = droppers.get(key);
    const waits = deselects.some((d) => dropped?.has(d.id));
    const byId = (a: SelectionEntry, b: SelectionEntry) => naturalCompare(a.id, b.id);
    selects.sort(byId);
    deselects.sort(byId);
    if (!waits && selects.length > 0 && deselects.length > 0) {
      chunk([...selects, ...deselects], API_LIMITS.selectEntriesMax).forEach((part, n) => {
        ops.push(selectOp(part, 'selection', integration.id, alias, entityType, n + 1));
      });
      continue;
    }
    chunk(selects, API_LIMITS.selectEntriesMax).forEach((part, n) => {
      ops.push(selectOp(part, 'select', integration.id, alias, entityType, n + 1));
    });
    chunk(deselects, API_LIMITS.selectEntriesMax).forEach((part, n) => {
      const op = selectOp(part, 'deselect', integration.id, alias, entityType, n + 1);
      for (const d of part) for (const scopeOp of dropped?.get(d.id) ?? []) pushUnique(op.dependsOn, scopeOp.id);
      ops.push(op);
    });
  }
  return ops;
}

/** The scope writes that stop using each entity, by `${integrationId}/${type}` then entity id. */
function droppersByEntity(scopes: PmScopeOps): Map<string, Map<string, DraftOperation[]>> {
  const out = new Map<string, Map<string, DraftOperation[]>>();
  for (const op of scopes.ops) {
    for (const [key, ids] of scopes.drops.get(op) ?? []) {
      let byId = out.get(key);
      if (!byId) out.set(key, (byId = new Map()));
      for (const id of ids) {
        const list = byId.get(id);
        if (list) list.push(op);
        else byId.set(id, [op]);
      }
    }
  }
  return out;
}

/**
 * The first scope write (in plan order) that names each entity, by `${integrationId}/${type}` then
 * entity id: looked up once per select instead of searching every scope write for it.
 */
function carriersByEntity(scopes: PmScopeOps): Map<string, Map<string, DraftOperation>> {
  const out = new Map<string, Map<string, DraftOperation>>();
  for (const op of scopes.ops) {
    for (const [key, ids] of scopes.names.get(op) ?? []) {
      let byId = out.get(key);
      if (!byId) out.set(key, (byId = new Map()));
      for (const id of ids.keys()) if (!byId.has(id)) byId.set(id, op);
    }
  }
  return out;
}

function selectOp(
  part: SelectionEntry[],
  kind: 'select' | 'deselect' | 'selection',
  integrationId: number,
  alias: string,
  type: SelectableEntityType,
  n: number,
): DraftOperation {
  const singular = type.slice(0, -1);
  const selected = part.filter((e) => e.select).length;
  const deselected = part.length - selected;
  const what = [
    ...(selected > 0 ? [`select ${plural(selected, singular)}`] : []),
    ...(deselected > 0 ? [`deselect ${plural(deselected, singular)}`] : []),
  ].join(' and ');
  const op = operation(
    kind === 'deselect' ? 'last' : 'first',
    `${kind}.${integrationId}.${type}.${n}`,
    'PATCH',
    '/api/v2/pm/integrations/{integration_id}/entities/{entity_type}',
    `/api/v2/pm/integrations/${integrationId}/entities/${type}`,
    `${what} on ${alias}`,
    { entities: part.map((e) => ({ entity_provider_id: e.id, is_selected_for_collection: e.select })) },
  );
  op.addresses = part.map((e) => e.planned.change.address);
  op.items = part.map((e) => ({ key: e.id, address: e.planned.change.address }));
  return op;
}
