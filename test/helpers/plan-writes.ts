// Which writes the service saw were not calls of a plan. A write (every method but GET, as the
// emulator logged it, body included) belongs to a plan when it is one of the plan's operations:
// the same method, path, query and body. Apply may also re-send the items the service rejected
// with write_failed / used_by_unavailable (src/apply/execute.ts): the same call whose list
// (`entities`, `repositories`, or the `items` of each of `teams`) carries only some of the
// operation's entries, every other field unchanged. Written independently of the narrowing code
// it checks, so a re-send that carries something the operation did not is caught.

import { isDeepStrictEqual } from 'node:util';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import type { Operation } from '../../src/core/plan-model.js';

type Write = Pick<EmulatorRequestLogEntry, 'method' | 'path' | 'query' | 'body'>;
type Planned = Pick<Operation, 'method' | 'path' | 'body' | 'items'>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

function sameCall(w: Write, op: Planned): boolean {
  const url = new URL(op.path, 'http://plan.local');
  return w.method === op.method && w.path === url.pathname && isDeepStrictEqual(w.query, queryOf(url.searchParams));
}

/** A non-empty list of distinct entries, each one of `all`'s. */
function isSubList(part: unknown, all: unknown): boolean {
  if (!Array.isArray(part) || !Array.isArray(all) || part.length === 0 || part.length > all.length) return false;
  const seen = new Set<number>();
  return part.every((entry) => {
    const i = all.findIndex((candidate, j) => !seen.has(j) && isDeepStrictEqual(candidate, entry));
    if (i < 0) return false;
    seen.add(i);
    return true;
  });
}

/** `sent` is `whole` with only some of its list entries (or team items), as an item re-send is. */
function isItemResend(sent: unknown, whole: unknown): boolean {
  if (!isRecord(sent) || !isRecord(whole)) return false;
  const keys = Object.keys(whole).sort();
  if (!isDeepStrictEqual(Object.keys(sent).sort(), keys)) return false;
  const lists = keys.filter((k) => !isDeepStrictEqual(sent[k], whole[k]));
  if (lists.length !== 1) return false;
  const list = lists[0] as string;
  if (list === 'entities' || list === 'repositories') return isSubList(sent[list], whole[list]);
  if (list !== 'teams' || !Array.isArray(sent.teams) || !Array.isArray(whole.teams) || sent.teams.length === 0) return false;
  const wholeTeams = whole.teams.filter(isRecord);
  const teamIds = new Set<unknown>();
  return sent.teams.every((team) => {
    if (!isRecord(team) || teamIds.has(team.team_id)) return false;
    teamIds.add(team.team_id);
    const of = wholeTeams.find((t) => t.team_id === team.team_id);
    if (!of) return false;
    const { items, ...rest } = team;
    const { items: allItems, ...wholeRest } = of;
    return isDeepStrictEqual(rest, wholeRest) && isSubList(items, allItems);
  });
}

/** Whether `w` is `op`, or a re-send of some of `op`'s items. */
export function writeOfOperation(w: Write, op: Planned): boolean {
  if (!sameCall(w, op)) return false;
  // What the client sends is the body's JSON text: compare with that, not with the object.
  const body: unknown = op.body === undefined ? undefined : JSON.parse(JSON.stringify(op.body));
  if (isDeepStrictEqual(w.body, body)) return true;
  return (op.items?.length ?? 0) > 0 && isItemResend(w.body, body);
}

/** `METHOD path?query body` of a logged write, for messages. */
export function describeWrite(w: Write): string {
  const q = Object.entries(w.query).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`);
  return `${w.method} ${w.path}${q.length > 0 ? `?${q.join('&')}` : ''} ${w.body === undefined ? '(no body)' : JSON.stringify(w.body)}`;
}

/** `describeWrite` of the request `op` makes, as the emulator logs it. */
export function describeOperation(op: Pick<Operation, 'method' | 'path' | 'body'>): string {
  const url = new URL(op.path, 'http://plan.local');
  const w: Write = { method: op.method, path: url.pathname, query: queryOf(url.searchParams) };
  if (op.body !== undefined) w.body = JSON.parse(JSON.stringify(op.body)) as unknown;
  return describeWrite(w);
}

/** The writes that are none of `operations` (nor an item re-send of one), described. */
export function writesOutsidePlan(writes: readonly Write[], operations: readonly Planned[]): string[] {
  return writes.filter((w) => !operations.some((op) => writeOfOperation(w, op))).map(describeWrite);
}
