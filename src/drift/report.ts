// Drift is a plan read the other way round: what apply would change is how live state moved away
// from the config. This turns the plan into the drift report: changes covered by a live ignore
// rule move to `ignored`, the calls that would only carry ignored changes are dropped, the summary
// is recounted, and expired rules add a warning. Pure.

import type { DriftIgnoreRule } from '../core/model.js';
import type { Plan } from '../core/plan-model.js';
import { applyIgnoreRules, type IgnoredChange } from './ignore.js';

export interface DriftReport {
  /** The plan restricted to reported drift, with expired-rule warnings added. */
  plan: Plan;
  ignored: IgnoredChange[];
}

export function driftReport(plan: Plan, rules: readonly DriftIgnoreRule[], today: string): DriftReport {
  const outcome = applyIgnoreRules(plan.changes, rules, today);
  const reported = new Set(outcome.reported.map((c) => c.address));
  const operations = plan.operations.filter((op) => op.addresses.length === 0 || op.addresses.some((a) => reported.has(a)));
  const count = (action: string) => outcome.reported.filter((c) => c.action === action).length;
  return {
    plan: {
      ...plan,
      changes: outcome.reported,
      operations,
      warnings: [...plan.warnings, ...outcome.warnings],
      summary: { add: count('add'), update: count('update'), remove: count('remove'), operations: operations.length },
    },
    ignored: outcome.ignored,
  };
}
