// The items of PM scope writes: for one managed (team, integration) scope, how each changed key is
// written and in which pieces (api-spec endpoint 5).
//
// A changed key is written whole, with PATCH mode=merge: the list sent replaces the key's list, so
// whatever else writes the key at the same time, its final value is one run's desired list, never
// the union of two runs' lists. mode=add (the entries sent are added to the key's list,
// nothing is removed) is used only where a merge cannot work, and only for a key that loses
// nothing:
//   (a) the key keeps an entry the provider no longer exposes: a merge must name every entry, and
//       the service refuses an item naming an unreachable entity (rule 8), so only the new entries
//       are sent. The planner accepts a config that keeps such an entry (nothing is written for it
//       while the key is in sync), so this is no error; a key that also loses entries cannot be
//       written at all, and the predicted refusals (predict.ts) report that.
//   (b) the key's whole list names more than 1000 entities, more than one call takes: its new
//       entries are added in pieces of at most 1000. A key that also loses entries cannot be
//       written whole in one call, and is reported as an error.
// In both cases a concurrent run writing the same key can leave a blend; apply's re-read then
// names the key (docs/reliability.md).

import { API_LIMITS, type Methodology, type PmScopeKey, type ScopeWriteItem } from '../../../contract/types.js';
import { identityKey } from '../../canonical.js';
import type { AreaElement, FieldElement, ScopeElement } from '../shared/pm-scope-form.js';
import { countScopeElements, scopeKeyToWire } from './canonical.js';
import type { ScopeContext } from '../shared/scope-context.js';
import type { PmScopeWrite, Unreachable } from '../kind.js';

/** One (team, integration) item of a scope write, before it is put into a call. */
export interface ScopeItem {
  ctx: ScopeContext;
  /** merge: each key sent is written whole; add: only new entries; either: methodology only. */
  mode: 'add' | 'merge' | 'either';
  item: ScopeWriteItem;
  entities: number;
  /** The changes this item carries (one piece of an item carries the changes of its keys). */
  addresses: string[];
  /** Every key sent is [] (a clear), so a DELETE could carry it alone. */
  clears: PmScopeKey[] | undefined;
  /** After the write every key of the scope is empty. */
  wholeClear: boolean;
}

/** How one changed key is written. */
interface KeyWrite {
  key: PmScopeKey;
  mode: 'merge' | 'add';
  /** The whole desired list (merge), or only the entries the key lacks (add). */
  sent: ScopeElement[];
  entities: number;
  address: string;
}

const MAX = API_LIMITS.scopeEntitiesMax;

/** The entities a canonical scope element names, as (entity type, id). */
function elementEntities(key: PmScopeKey, e: ScopeElement): [string, string][] {
  switch (key) {
    case 'boards':
    case 'epics':
    case 'labels':
      return [[key, e as string]];
    case 'fields':
      return [['fields', (e as FieldElement).id]];
    case 'project_team_areas': {
      const p = e as AreaElement;
      return [['projects', p.project], ['teams', p.team], ...p.areas.map((a): [string, string] => ['areas', a])];
    }
  }
}

function keyWrite(ctx: ScopeContext, key: PmScopeKey, address: string, unreachable: Unreachable, errors: { message: string; address: string }[]): KeyWrite | undefined {
  const live = ctx.live[key] ?? [];
  const desired = ctx.desired[key] ?? [];
  const liveIds = new Set(live.map(identityKey));
  const desiredIds = new Set(desired.map(identityKey));
  const loses = live.some((e) => !desiredIds.has(identityKey(e)));
  const whole: KeyWrite = { key, mode: 'merge', sent: desired, entities: countScopeElements(key, desired), address };
  if (loses) {
    if (whole.entities <= MAX) return whole;
    errors.push({
      message: `team ${ctx.teamId}'s ${key} on ${ctx.alias} names ${whole.entities} entities and loses entries: a key that loses entries is written whole, and one scope write takes at most ${MAX} entities`,
      address,
    });
    return undefined;
  }
  const kept = desired.filter((e) => liveIds.has(identityKey(e)));
  const keepsUnreachable = kept.some((e) => elementEntities(key, e).some(([type, id]) => unreachable(ctx.integration.id, type, id)));
  if (!keepsUnreachable && whole.entities <= MAX) return whole;
  const added = desired.filter((e) => !liveIds.has(identityKey(e)));
  return { key, mode: 'add', sent: added, entities: countScopeElements(key, added), address };
}

/**
 * The items that write one scope's changes: the keys written whole share one merge item (split
 * by whole keys when together they name more than 1000 entities, each piece in its own call), the
 * keys written by adding share one add item (split by entries past 1000). The methodology rides
 * on the piece that writes boards (so a write emptying boards keeps a Scrum team Scrum), else on
 * the first piece; a methodology change alone is an item of its own.
 */
export function scopeItems(ctx: ScopeContext, changes: readonly PmScopeWrite[], unreachable: Unreachable, errors: { message: string; address: string }[]): ScopeItem[] {
  const keyAddresses = new Map<PmScopeKey, string>();
  let methodologyAddress: string | undefined;
  for (const c of changes) {
    if (c.key !== undefined) keyAddresses.set(c.key, c.address);
    else methodologyAddress = c.address;
  }
  const writes = [...keyAddresses].flatMap(([key, address]) => keyWrite(ctx, key, address, unreachable, errors) ?? []);
  const merges = writes.filter((w) => w.mode === 'merge');
  const adds = writes.filter((w) => w.mode === 'add');
  const methodology = methodologyToSend(ctx, merges.map((w) => w.key), methodologyAddress !== undefined);

  const changedKeys = new Set(keyAddresses.keys());
  const after = (k: PmScopeKey) => (changedKeys.has(k) ? (ctx.desired[k] ?? []) : (ctx.live[k] ?? []));
  const wholeClear = Object.keys(ctx.live).every((k) => after(k as PmScopeKey).length === 0);
  const items: ScopeItem[] = [
    ...packWholeKeys(merges).map((piece) => mergeItem(ctx, piece, wholeClear)),
    ...splitAdds(adds).map((piece) => addItem(ctx, piece)),
  ];
  if (methodology !== undefined || methodologyAddress !== undefined) {
    const carrier = items.find((i) => i.mode === 'merge' && i.item.scope?.boards !== undefined) ?? items[0];
    const alone: ScopeItem = { ctx, mode: 'either', item: { integration_id: ctx.integration.id }, entities: 0, addresses: [], clears: undefined, wholeClear: false };
    const target = carrier ?? alone;
    if (methodology !== undefined) target.item.methodology = methodology;
    if (methodologyAddress !== undefined) target.addresses.push(methodologyAddress);
    if (!carrier) items.push(target);
  }
  return items;
}

/** Whole keys into pieces of at most 1000 entities, in key order (each key is at most 1000). */
function packWholeKeys(writes: KeyWrite[]): KeyWrite[][] {
  const pieces: KeyWrite[][] = [];
  let current: KeyWrite[] = [];
  let entities = 0;
  for (const w of writes) {
    if (current.length > 0 && entities + w.entities > MAX) {
      pieces.push(current);
      current = [];
      entities = 0;
    }
    current.push(w);
    entities += w.entities;
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}

/** New entries into pieces of at most 1000 entities (mode=add is additive, so it splits anywhere). */
function splitAdds(writes: KeyWrite[]): { key: PmScopeKey; elements: ScopeElement[]; address: string }[][] {
  const pieces: { key: PmScopeKey; elements: ScopeElement[]; address: string }[][] = [];
  let current: { key: PmScopeKey; elements: ScopeElement[]; address: string }[] = [];
  let entities = 0;
  for (const w of writes) {
    let part: { key: PmScopeKey; elements: ScopeElement[]; address: string } | undefined;
    for (const e of w.sent) {
      const cost = countScopeElements(w.key, [e]);
      if (entities > 0 && entities + cost > MAX) {
        pieces.push(current);
        current = [];
        entities = 0;
        part = undefined;
      }
      if (!part) current.push((part = { key: w.key, elements: [], address: w.address }));
      part.elements.push(e);
      entities += cost;
    }
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}

function mergeItem(ctx: ScopeContext, piece: KeyWrite[], wholeClear: boolean): ScopeItem {
  const scope: Record<string, unknown[]> = {};
  for (const w of piece) scope[w.key] = scopeKeyToWire(w.key, w.sent);
  const clears = piece.every((w) => w.sent.length === 0) ? piece.map((w) => w.key) : undefined;
  return {
    ctx,
    mode: 'merge',
    item: { integration_id: ctx.integration.id, scope },
    entities: piece.reduce((n, w) => n + w.entities, 0),
    addresses: piece.map((w) => w.address),
    clears,
    wholeClear: clears !== undefined && wholeClear,
  };
}

function addItem(ctx: ScopeContext, piece: { key: PmScopeKey; elements: ScopeElement[]; address: string }[]): ScopeItem {
  const scope: Record<string, unknown[]> = {};
  for (const p of piece) scope[p.key] = scopeKeyToWire(p.key, p.elements);
  return {
    ctx,
    mode: 'add',
    item: { integration_id: ctx.integration.id, scope },
    entities: piece.reduce((n, p) => n + countScopeElements(p.key, p.elements), 0),
    addresses: piece.map((p) => p.address),
    clears: undefined,
    wholeClear: false,
  };
}

/**
 * The methodology an item must carry: the desired one when its change is in the plan; and, on
 * tracker_a, Scrum when the write empties boards of a team that is Scrum, because such a write
 * without methodology turns the team Kanban (api-spec "Other state-like rules"). What is
 * preserved is the live methodology: when the methodology is managed and differs, its change is
 * in the plan (the first case), unless --target/--exclude left it out, and then it must not be
 * made anyway (neither by sending it nor by letting the write turn the team Kanban).
 */
function methodologyToSend(ctx: ScopeContext, mergeKeys: PmScopeKey[], changed: boolean): Methodology | undefined {
  if (changed) return ctx.desiredMethodology;
  const emptiesBoards = ctx.provider === 'tracker_a' && mergeKeys.includes('boards') && (ctx.desired.boards ?? []).length === 0 && (ctx.live.boards ?? []).length > 0;
  return emptiesBoards && ctx.liveMethodology === 'Scrum' ? 'Scrum' : undefined;
}
