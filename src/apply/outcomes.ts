// What one HTTP call did to each address it carries, read from the service's answer: the
// applied/rejected lists of a 200 (partial success), the same lists inside a 4xx/5xx body (nothing
// applied), or a whole-call failure (every address rejected with the call's message).
// Pure: no I/O, so every answer shape is checked by a table test.

import { ApiError } from '../api/errors.js';
import { EmctlError } from '../contract/errors.js';
import type { Operation } from '../core/plan-model.js';

export interface AddressOutcome {
  address: string;
  /**
   * `unknown`: the call may have reached the service but its answer was lost (a connection reset
   * or timeout after sending, a gateway's 502/504); the final re-read decides (DESIGN 3).
   */
  status: 'applied' | 'rejected' | 'unknown';
  /** The list entry's identity (Operation.items key), when the address came from a list entry. */
  key?: string;
  code?: string;
  message?: string;
  /**
   * A call refused as a whole: the error's detail lines (one per problem, already free of secrets)
   * that the one-line message does not already say, e.g. where the API key comes from.
   */
  details?: string[];
  /** HTTP status of the call that decided this outcome. */
  httpStatus?: number;
}

/**
 * Rejection codes the spec says to retry ("write could not be completed; retry", "dependents could
 * not be checked; retry"). Every other code is a decision of the service and is reported as is.
 */
export const RETRYABLE_ITEM_CODES: ReadonlySet<string> = new Set(['write_failed', 'used_by_unavailable']);

/** Code given to an item the service answered for neither in applied nor in rejected. */
export const NOT_REPORTED = 'not_reported';
/** Code of a write whose answer was lost (outcome `unknown` until the re-read decides). */
export const RESPONSE_LOST = 'response_lost';

/** A failure after which a write may or may not have been applied. */
function answerLost(error: ApiError): boolean {
  // An earlier try may have been applied: only an answer about this very write (a 4xx, or item
  // lists) says otherwise. A refused connection after a lost answer is the service going down
  // after applying, not a write that never arrived.
  if (error.answerLost && (error.status === undefined || (error.status >= 500 && error.body.shape !== 'items'))) return true;
  if (error.status === undefined) return !error.unreached;
  return (error.status === 502 || error.status === 504) && error.body.shape !== 'items';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The identity of an applied/rejected list entry, in the form Operation.items uses:
 * entity_provider_id (selections), `${team_id}/${integration_id}` (PM scope writes and deletes),
 * the repository id (monitoring).
 */
export function entryKey(entry: unknown): string | undefined {
  if (!isRecord(entry)) return undefined;
  if (typeof entry.entity_provider_id === 'string') return entry.entity_provider_id;
  if (typeof entry.team_id === 'number' && typeof entry.integration_id === 'number') {
    return `${entry.team_id}/${entry.integration_id}`;
  }
  if (typeof entry.id === 'number') return String(entry.id);
  return undefined;
}

interface ItemLists {
  applied: unknown[];
  rejected: Record<string, unknown>[];
}

function itemLists(body: unknown): ItemLists | undefined {
  if (!isRecord(body) || !Array.isArray(body.applied) || !Array.isArray(body.rejected)) return undefined;
  return { applied: body.applied, rejected: body.rejected.filter(isRecord) };
}

function addressesByKey(op: Operation): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const item of op.items ?? []) {
    const list = map.get(item.key) ?? [];
    if (!list.includes(item.address)) list.push(item.address);
    map.set(item.key, list);
  }
  return map;
}

/**
 * Maps applied/rejected lists onto the operation's addresses. `fallback` decides the addresses no
 * list entry speaks for: those without an item (e.g. a methodology carried by the same call) follow
 * the call as a whole; an item the service did not mention is reported, never assumed applied.
 */
function fromLists(
  op: Operation,
  lists: ItemLists,
  httpStatus: number,
  fallback: { status: AddressOutcome['status']; code?: string; message?: string; details?: string[] },
): AddressOutcome[] {
  const byKey = addressesByKey(op);
  const decided = new Map<string, AddressOutcome>();
  // Rejections first: an entity named twice is refused as a whole (duplicate_entity) even if some
  // other entry with its key was applied.
  for (const r of lists.rejected) {
    const key = entryKey(r);
    if (key === undefined) continue;
    for (const address of byKey.get(key) ?? []) {
      if (decided.has(address)) continue;
      const outcome: AddressOutcome = { address, status: 'rejected', key, httpStatus };
      outcome.code = typeof r.code === 'string' ? r.code : 'unknown';
      outcome.message = typeof r.message === 'string' && r.message !== '' ? r.message : outcome.code;
      decided.set(address, outcome);
    }
  }
  for (const a of lists.applied) {
    const key = entryKey(a);
    if (key === undefined) continue;
    for (const address of byKey.get(key) ?? []) {
      if (!decided.has(address)) decided.set(address, { address, status: 'applied', key, httpStatus });
    }
  }
  const itemAddresses = new Set((op.items ?? []).map((i) => i.address));
  const keyOf = new Map((op.items ?? []).map((i) => [i.address, i.key] as const));
  const out: AddressOutcome[] = [];
  for (const address of op.addresses) {
    const known = decided.get(address);
    if (known) {
      out.push(known);
      continue;
    }
    if (itemAddresses.has(address)) {
      const outcome: AddressOutcome = { address, status: 'rejected', code: NOT_REPORTED, httpStatus };
      outcome.message = 'the service reported this item neither as applied nor as rejected';
      const key = keyOf.get(address);
      if (key !== undefined) outcome.key = key;
      out.push(outcome);
      continue;
    }
    out.push({ address, httpStatus, ...fallback });
  }
  return out;
}

/** Outcomes of a call that answered 2xx with `body`. */
export function outcomesFromResponse(op: Operation, body: unknown, httpStatus = 200): AddressOutcome[] {
  const lists = itemLists(body);
  if (lists && (op.items?.length ?? 0) > 0) return fromLists(op, lists, httpStatus, { status: 'applied' });
  if (lists && lists.rejected.length > 0) {
    // A list answer without items to map it: the call is only partly applied and we cannot tell
    // which address is which, so nothing is claimed as applied.
    const first = lists.rejected[0];
    const code = typeof first?.code === 'string' ? first.code : 'unknown';
    const message = lists.rejected.map((r) => (typeof r.message === 'string' ? r.message : String(r.code))).join('; ');
    return op.addresses.map((address) => ({ address, status: 'rejected' as const, code, message, httpStatus }));
  }
  return op.addresses.map((address) => ({ address, status: 'applied' as const, httpStatus }));
}

/** Short human form of a failed call: the status and the service's words, without the route. */
function callMessage(error: ApiError): string {
  const b = error.body;
  let words = '';
  if (b.shape === 'detail') words = b.detail;
  else if (b.shape === 'validation') words = b.detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ');
  else if (b.shape === 'items') words = b.rejected.map((r) => r.message || r.code).join('; ');
  else words = b.text.trim().slice(0, 300);
  if (error.status === undefined) return error.message;
  return words ? `${error.status}: ${words}` : error.message;
}

/** The error's detail lines the message does not already hold (a validation list is in both). */
function detailsBeyond(error: unknown, message: string): { details?: string[] } {
  const lines = error instanceof EmctlError ? error.details.filter((line) => line !== '' && !message.includes(line)) : [];
  return lines.length > 0 ? { details: lines } : {};
}

/** Outcomes of a call that threw: a whole-call failure rejects every address it carries. */
export function outcomesFromError(op: Operation, error: unknown): AddressOutcome[] {
  if (error instanceof ApiError) {
    const message = callMessage(error);
    const lost = answerLost(error);
    const base: { status: 'rejected' | 'unknown'; code?: string; message: string; details?: string[] } = {
      status: lost ? 'unknown' : 'rejected',
      message,
      ...detailsBeyond(error, message),
    };
    if (lost) base.code = RESPONSE_LOST;
    else if (error.status === undefined) base.code = 'no_response';
    if (error.body.shape === 'items' && error.status !== undefined) {
      const lists: ItemLists = { applied: error.body.applied, rejected: error.body.rejected };
      if ((op.items?.length ?? 0) > 0) return fromLists(op, lists, error.status, base);
      const first = error.body.rejected[0];
      if (first) base.code = first.code;
    }
    return op.addresses.map((address) => {
      const o: AddressOutcome = { address, ...base };
      if (error.status !== undefined) o.httpStatus = error.status;
      return o;
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const details = detailsBeyond(error, message);
  return op.addresses.map((address) => ({ address, status: 'rejected' as const, message, ...details }));
}

/**
 * The body of a re-send that carries only the list entries whose keys are given, or undefined when
 * the body has no list to narrow (the whole call is then sent again; every write sets absolute
 * values, so that is safe).
 */
export function narrowBody(body: unknown, keys: ReadonlySet<string>): unknown {
  if (!isRecord(body)) return undefined;
  if (Array.isArray(body.entities)) {
    return { ...body, entities: body.entities.filter((e) => keys.has(entryKey(e) ?? '')) };
  }
  if (Array.isArray(body.repositories)) {
    return { ...body, repositories: body.repositories.filter((r) => keys.has(entryKey(r) ?? '')) };
  }
  if (Array.isArray(body.teams)) {
    const teams = body.teams.filter(isRecord).map((team) => {
      const items = Array.isArray(team.items) ? team.items.filter(isRecord) : [];
      return { ...team, items: items.filter((i) => keys.has(`${String(team.team_id)}/${String(i.integration_id)}`)) };
    });
    return { ...body, teams: teams.filter((t) => t.items.length > 0) };
  }
  return undefined;
}
