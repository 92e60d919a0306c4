// Shared pieces of operation planning: the working form of an operation (before stages are
// numbered) and batching helpers. The API's per-call limits are API_LIMITS (src/contract/types.ts).

import type { HttpMethod } from '../contract/types.js';
import type { Operation } from './plan-model.js';

/**
 * When an operation may run: `teams` (teams created, parents first, then renamed and moved),
 * `first` (monitoring starts, selections, PM scope writes, member writes, settings),
 * `after-monitoring` (Git scope writes naming repositories this plan starts to monitor), `last`
 * (deselects and stop-monitoring, after the scope writes that stop using them), `team-deletes`
 * (teams deleted, children first, after every other write).
 */
export type Phase = 'teams' | 'first' | 'after-monitoring' | 'last' | 'team-deletes';

export interface DraftOperation extends Omit<Operation, 'stage'> {
  phase: Phase;
  /** Order within the phase: a step starts when the steps before it are done (default 0). */
  step?: number;
}

export function operation(
  phase: Phase,
  id: string,
  method: HttpMethod,
  template: string,
  path: string,
  description: string,
  body?: unknown,
): DraftOperation {
  const op: DraftOperation = { phase, id, method, path, route: `${method} ${template}`, addresses: [], dependsOn: [], description };
  if (body !== undefined) op.body = body;
  return op;
}

/** Items grouped by key, groups in first-seen order; items without a key (undefined) are left out. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K | undefined): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

/** Adds without duplicates, keeping first-seen order. */
export function pushUnique<T>(list: T[], ...values: T[]): void {
  for (const v of values) if (!list.includes(v)) list.push(v);
}

/** Adds a value to the list of a key, the list made on first use. */
export function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
