// From the changes that survived --target/--exclude to the HTTP operations that carry them out,
// ordered in stages: a stage starts when the previous one is done; dependsOn names the exact
// operations a call needs, so apply can go on past failures that do not concern it.

import type { PlannedChange } from './draft.js';
import type { DraftOperation, Phase } from './ops-common.js';
import { planGitScopes, planMonitoring, planOrgDefaults, planRepositorySettings } from './ops-git.js';
import { planPmScopes, planSelections } from './ops-pm.js';
import type { Unreachable } from './ops-pm-items.js';
import type { Operation } from './plan-model.js';
import { planTeamOperations, waitForCreates } from './kinds/team.js';
import { planMemberOperations } from './kinds/team-members.js';

export interface PlannedOperations {
  operations: Operation[];
  drafts: DraftOperation[];
  /** Changes no call can carry. */
  errors: { message: string; address: string }[];
}

/** `unreachable`: whether the provider no longer exposes an entity (how a PM scope key is written depends on it). */
export function planOperations(changes: PlannedChange[], unreachable?: Unreachable): PlannedOperations {
  const monitoring = planMonitoring(changes);
  const scopes = planPmScopes(changes, unreachable);
  const selections = planSelections(changes, scopes);
  const gitScopes = planGitScopes(changes, monitoring);
  const others = [
    ...monitoring.starts,
    ...selections.filter((op) => op.phase === 'first'),
    ...scopes.ops,
    ...gitScopes,
    ...planOrgDefaults(changes),
    ...planRepositorySettings(changes),
    ...selections.filter((op) => op.phase === 'last'),
    ...monitoring.stops,
    ...planMemberOperations(ofKind(changes, 'team-members')),
  ];
  const teams = planTeamOperations(ofKind(changes, 'team'), others);
  const drafts = [...teams.filter((op) => op.phase === 'teams'), ...others, ...teams.filter((op) => op.phase !== 'teams')];
  const uncreated = waitForCreates(drafts);
  return { operations: assignStages(drafts), drafts, errors: [...scopes.errors, ...uncreated] };
}

function ofKind<K extends 'team' | 'team-members'>(changes: readonly PlannedChange[], kind: K): { change: PlannedChange['change']; target: Extract<PlannedChange['target'], { kind: K }> }[] {
  return changes.filter((c): c is PlannedChange & { target: Extract<PlannedChange['target'], { kind: K }> } => c.target.kind === kind);
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
