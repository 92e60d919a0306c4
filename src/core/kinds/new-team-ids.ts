// A team the plan creates has no id until apply creates it: the plan gives it a placeholder below
// 0 (team-directory.ts), its calls carry the placeholder in their path and `team_id`s, and apply
// puts the id the creation gave in its place before sending them.

import { isNewTeamId } from './team-directory.js';

const NEW_TEAM_IN_PATH = /\/teams\/(-\d+)(?=\/|$|\?)/;

/** The placeholders of teams created by this plan that a call names (its path, or a `team_id` of its body). */
export function newTeamsNamed(op: { path: string; body?: unknown }): number[] {
  const out = new Set<number>();
  const inPath = NEW_TEAM_IN_PATH.exec(op.path)?.[1];
  if (inPath !== undefined) out.add(Number(inPath));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'team_id' && typeof x === 'number' && isNewTeamId(x)) out.add(x);
        else walk(x);
      }
    }
  };
  walk(op.body);
  return [...out];
}

/**
 * A call with the placeholders of created teams replaced by the ids their creation gave: in its
 * path, the `team_id`s of its body and the keys of its items (a scope write's answer names the
 * real ids). Unchanged when it names no created team.
 */
export function withCreatedTeamIds<T extends { path: string; body?: unknown; items?: { key: string; address: string }[] }>(op: T, ids: ReadonlyMap<number, number>): T {
  if (ids.size === 0 || newTeamsNamed(op).length === 0) return op;
  const swap = (id: number): number => ids.get(id) ?? id;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'team_id' && typeof x === 'number' ? swap(x) : walk(x)]));
  };
  const path = op.path.replace(NEW_TEAM_IN_PATH, (_, id: string) => `/teams/${swap(Number(id))}`);
  const out: T = { ...op, path };
  if (op.body !== undefined) out.body = walk(op.body);
  if (op.items !== undefined) out.items = op.items.map((i) => ({ ...i, key: i.key.replace(/^-\d+(?=\/|$)/, (id) => String(swap(Number(id)))) }));
  return out;
}
