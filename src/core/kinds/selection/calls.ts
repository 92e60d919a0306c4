// The selection kind's calls: selects and deselects in shared calls, unless a deselect waits on a
// PM scope write (then selects first, deselects last); a select of an entity that a PM scope write
// names rides on that write (the write selects it).

import { API_LIMITS, type SelectableEntityType } from '../../../contract/types.js';
import type { TargetOf } from '../../draft.js';
import { chunk, groupBy, operation, plural, pushUnique, type DraftOperation } from '../../ops-common.js';
import type { KindChange, PmScopeCalls } from '../kind.js';
import { listKey } from '../../snapshot.js';
import { naturalCompare } from './diff.js';

type SelectionChange = KindChange<TargetOf<'selection'>>;

/** One entry of a select call: the change it carries and whether it selects or deselects. */
interface SelectionEntry {
  planned: SelectionChange;
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
export function planSelections(changes: readonly SelectionChange[], scopes: PmScopeCalls): DraftOperation[] {
  const groups = groupBy(changes, (c) => listKey(c.target.integration.id, c.target.entityType));
  const carriers = carriersByEntity(scopes);
  const droppers = droppersByEntity(scopes);
  const ops: DraftOperation[] = [];
  for (const [key, list] of groups) {
    const first = list[0]?.target;
    if (!first) continue;
    const { integration, alias, entityType } = first;
    const entityId = (c: SelectionChange) => c.target.entityId;
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

/** The scope writes that stop using each entity, by list (snapshot.ts listKey) then entity id. */
function droppersByEntity(scopes: PmScopeCalls): Map<string, Map<string, DraftOperation[]>> {
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
 * The first scope write (in plan order) that names each entity, by list (snapshot.ts listKey) then
 * entity id: looked up once per select instead of searching every scope write for it.
 */
function carriersByEntity(scopes: PmScopeCalls): Map<string, Map<string, DraftOperation>> {
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
