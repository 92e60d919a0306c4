// `goals:` (DESIGN.md section 12), checked offline with the rules `emctl goals` applies
// (src/measure/goals/spec.ts, given as ctx.checks.goal): the metric and its aggregation as for a
// report (did-you-mean included), one threshold in the metric's unit, grouping, selection, roll-up
// and `last`. Team names only the service knows wait for `emctl goals` (it reads the team list
// before any measurement call). What the JSON schema already reports is not reported twice.

import type { GoalDefinition } from '../../core/model.js';
import { isMap } from '../yaml/source.js';
import { keysOf, mapOf, type CheckContext } from './context.js';
import { configTeamNames, placeProblems } from './reports.js';

export function checkGoals(ctx: CheckContext): void {
  const goals = mapOf(ctx.doc.goals);
  if (!goals) return;
  const configTeams = configTeamNames(ctx.doc);
  for (const name of keysOf(goals)) {
    const goal = goals[name];
    if (!isMap(goal)) continue; // the schema reports it
    const problems = ctx.checks.goal(name, goal as unknown as GoalDefinition, configTeams);
    placeProblems(ctx, ['goals', name], goal, `goal \`${name}\`: `, problems);
  }
}
