// From the changes that survived --target/--exclude to the HTTP operations that carry them out,
// ordered in stages: a stage starts when the previous one is done; dependsOn names the exact
// operations a call needs, so apply can go on past failures that do not concern it. Each kind
// plans its own calls (kinds/); what one kind's calls need of another's passes through the typed
// offers of kinds/kind.ts, and each group of calls takes the place its kind gives it.

import type { PlannedChange } from './draft.js';
import type { DraftOperation, Phase } from './ops-common.js';
import type { ObjectKind, Operation } from './plan-model.js';
import type { CallGroup, CallOffers, ChangeFacts, KindCalls, Unreachable } from './kinds/kind.js';
import { CALL_ORDER, EVERY_KIND } from './kinds/registry.js';

export interface PlannedOperations {
  operations: Operation[];
  drafts: DraftOperation[];
  /** Changes no call can carry. */
  errors: { message: string; address: string }[];
  /** What the kinds' kept changes tell each other (the predictions read them too). */
  facts: ChangeFacts;
  /** Each kind's calls, in plan order. */
  byKind: ReadonlyMap<ObjectKind, readonly DraftOperation[]>;
}

/** `unreachable`: whether the provider no longer exposes an entity (how a PM scope key is written depends on it). */
export function planOperations(changes: PlannedChange[], unreachable: Unreachable = () => false): PlannedOperations {
  // The kept changes by kind, in plan order, each with its place in the plan's list: one pass.
  const byKind = new Map<ObjectKind, { list: PlannedChange[]; at: number[] }>();
  changes.forEach((c, i) => {
    const group = byKind.get(c.target.kind);
    if (group === undefined) byKind.set(c.target.kind, { list: [c], at: [i] });
    else {
      group.list.push(c);
      group.at.push(i);
    }
  });
  const none = { list: [], at: [] };
  const facts: Partial<ChangeFacts> = {};
  for (const kind of EVERY_KIND) {
    const { list, at } = byKind.get(kind.kind) ?? none;
    Object.assign(facts, kind.facts?.(list, at));
  }
  const offers: Partial<CallOffers> = {};
  const groups: CallGroup[] = [];
  const errors: { message: string; address: string }[] = [];
  const settles: NonNullable<KindCalls['settle']>[] = [];
  const opsOf = new Map<ObjectKind, DraftOperation[]>();
  // Every kind with calls plans them, changes or not: what it offers others is then always there.
  for (const kind of CALL_ORDER) {
    const { list, at } = byKind.get(kind.kind) ?? none;
    const calls = kind.calls?.plan(list, offers as CallOffers, facts as ChangeFacts, { unreachable, at });
    if (calls === undefined) continue;
    Object.assign(offers, calls.offers);
    groups.push(...calls.groups);
    errors.push(...(calls.errors ?? []));
    if (calls.settle !== undefined) settles.push(calls.settle);
    opsOf.set(kind.kind, calls.groups.flatMap((g) => g.ops));
  }
  // Array.prototype.sort is stable: groups of one place keep the order they were planned in.
  const drafts = groups.sort((a, b) => a.place - b.place).flatMap((g) => g.ops);
  for (const settle of settles) errors.push(...settle(drafts));
  return { operations: assignStages(drafts), drafts, errors, facts: facts as ChangeFacts, byKind: opsOf };
}

const PHASES: readonly Phase[] = ['teams', 'first', 'after-monitoring', 'last', 'team-deletes'];

/** (phase, step) pairs present, numbered 1, 2, 3 without gaps; operations sorted by stage, plan order kept within. */
function assignStages(drafts: DraftOperation[]): Operation[] {
  const order = (d: DraftOperation) => PHASES.indexOf(d.phase) * 1_000_000 + (d.step ?? 0);
  const present = [...new Set(drafts.map(order))].sort((a, b) => a - b);
  const stageOf = new Map(present.map((o, i) => [o, i + 1] as const));
  const ops = drafts.map((d) => {
    const { phase, step, ...rest } = d;
    void phase;
    void step;
    return { ...rest, stage: stageOf.get(order(d)) ?? 1 } as Operation;
  });
  return ops.sort((a, b) => a.stage - b.stage);
}
