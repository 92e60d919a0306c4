// The order operations run in: stages ascending, each stage's operations independent of each other.
// A plan comes from a file a person may have edited, so its ordering promises are checked here once
// instead of being trusted by the executor.

import { EmctlError } from '../core/errors.js';
import type { Operation } from '../core/plan-model.js';

export interface Schedule {
  /** Operations grouped by stage, stages ascending, plan order kept inside a stage. */
  stages: Operation[][];
  byId: Map<string, Operation>;
}

export function scheduleOperations(operations: readonly Operation[]): Schedule {
  const byId = new Map<string, Operation>();
  const problems: string[] = [];
  for (const op of operations) {
    if (byId.has(op.id)) problems.push(`operation id "${op.id}" appears twice`);
    byId.set(op.id, op);
  }
  for (const op of operations) {
    for (const dep of op.dependsOn) {
      const target = byId.get(dep);
      if (!target) problems.push(`operation "${op.id}" depends on "${dep}", which is not in the plan`);
      else if (target.stage >= op.stage) {
        problems.push(`operation "${op.id}" (stage ${op.stage}) depends on "${dep}" (stage ${target.stage}), which does not run before it`);
      }
    }
  }
  if (problems.length > 0) throw new EmctlError('config', 'the plan\'s operations are not in a runnable order', problems);

  const stageNumbers = [...new Set(operations.map((op) => op.stage))].sort((a, b) => a - b);
  const stages = stageNumbers.map((n) => operations.filter((op) => op.stage === n));
  return { stages, byId };
}
