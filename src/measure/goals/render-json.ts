// `emctl goals --format json` (DESIGN.md section 12, docs/goals.md): a versioned document for
// scripts and dashboards, values in the API's units (minutes for durations), keys in snake_case and
// in a fixed order, so two runs on the same data print the same bytes.

import { jsonWithBidiEscaped } from '../../core/escape.js';
import type { JudgedGoal } from './judge.js';

/** Bumped when a reader would have to change; docs/goals.md says what each version holds. */
export const GOALS_FORMAT_VERSION = 1;

export function goalsDocument(judged: readonly JudgedGoal[], generatedAt: string): unknown {
  return {
    format_version: GOALS_FORMAT_VERSION,
    generated_at: generatedAt,
    goals: judged.map(({ goal, window, groups }) => ({
      name: goal.name,
      metric: goal.metric.key,
      group_by: goal.groupBy,
      roll_up: goal.rollUp,
      [goal.direction]: goal.threshold,
      judged: { after: window.judged.after, before: window.judged.before },
      groups: groups.map((g) => ({
        id: g.id,
        name: g.name ?? null,
        value: g.value,
        verdict: g.verdict,
        previous: g.previous,
        change_pct: g.changePct,
        history: g.history.map((p) => ({ after: p.after, before: p.before, value: p.value, complete: p.complete })),
      })),
    })),
  };
}

export function renderGoalsJson(judged: readonly JudgedGoal[], generatedAt: string): string {
  return `${jsonWithBidiEscaped(JSON.stringify(goalsDocument(judged, generatedAt), null, 2))}\n`;
}
