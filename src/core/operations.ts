// From the changes that survived --target/--exclude to the HTTP operations that carry them out,
// ordered in stages: a stage starts when the previous one is done; dependsOn names the exact
// operations a call needs, so apply can go on past failures that do not concern it.

import type { PlannedChange } from './draft.js';
import type { DraftOperation, Phase } from './ops-common.js';
import { planGitScopes, planMonitoring, planOrgDefaults, planRepositorySettings } from './ops-git.js';
import { planPmScopes, planSelections } from './ops-pm.js';
import type { Unreachable } from './ops-pm-items.js';
import type { Operation } from './plan-model.js';

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
  const drafts = [
    ...monitoring.starts,
    ...selections.filter((op) => op.phase === 'first'),
    ...scopes.ops,
    ...gitScopes,
    ...planOrgDefaults(changes),
    ...planRepositorySettings(changes),
    ...selections.filter((op) => op.phase === 'last'),
    ...monitoring.stops,
  ];
  return { operations: assignStages(drafts), drafts, errors: scopes.errors };
}

const PHASES: readonly Phase[] = ['first', 'after-monitoring', 'last'];

/** Phases present, numbered 1, 2, 3 without gaps; operations sorted by stage, plan order kept within. */
function assignStages(drafts: DraftOperation[]): Operation[] {
  const present = PHASES.filter((p) => drafts.some((d) => d.phase === p));
  const ops = drafts.map(({ phase, ...rest }) => ({ ...rest, stage: present.indexOf(phase) + 1 }) as Operation);
  return ops.sort((a, b) => a.stage - b.stage);
}
