// How a judged goal reads for a person, shared by the text and Markdown digests: the threshold
// and values in the metric's unit (`2d 4h`), the change from the previous complete bucket (arrow
// and per cent), a sparkline of the history, group and bucket labels.

import { dayRange } from '../render/dates.js';
import { oneLine } from '../render/rows.js';
import { sparkline } from '../render/terminal-rows.js';
import { formatValue } from '../render/values.js';
import type { JudgedGoal, JudgedGroup } from './judge.js';
import type { GoalSpec } from './spec.js';

const NOUNS = { organization: ['organization', 'organizations'], team: ['team', 'teams'], repository: ['repository', 'repositories'] } as const;

export function groupNounOf(goal: Pick<GoalSpec, 'groupBy'>, count: number): string {
  return NOUNS[goal.groupBy][count === 1 ? 0 : 1];
}

/** `Payments (42)`, or the id when the name is unknown. */
export function groupLabel(group: Pick<JudgedGroup, 'id' | 'name'>): string {
  return group.name === undefined || group.name === '' ? String(group.id) : `${oneLine(group.name)} (${group.id})`;
}

export function valueText(goal: Pick<GoalSpec, 'metric'>, value: number | null): string {
  return formatValue(goal.metric.unit, value);
}

/** `at most 1d`, `at least 5`. */
export function thresholdText(goal: Pick<GoalSpec, 'direction' | 'threshold' | 'metric'>): string {
  return `${goal.direction === 'at_most' ? 'at most' : 'at least'} ${valueText(goal, goal.threshold)}`;
}

/** `1d 6h > 1d`: a missed value against its threshold. */
export function missText(goal: GoalSpec, value: number | null): string {
  return `${valueText(goal, value)} ${goal.direction === 'at_most' ? '>' : '<'} ${valueText(goal, goal.threshold)}`;
}

/** `↑ 25%`, `↓ 10%`, `→ 0%`; empty without a previous value to compare with. */
export function changeText(changePct: number | null): string {
  if (changePct === null) return '';
  const arrow = changePct > 0 ? '↑' : changePct < 0 ? '↓' : '→';
  return `${arrow} ${Math.abs(changePct)}%`;
}

/**
 * The `last` buckets of the history (the one in progress left out), one character each on the
 * group's own range: its trend, whatever other groups' values are; · where it has no value, or only
 * a partial one (stored before the bucket ended).
 */
export function historySparkline(group: JudgedGroup): string {
  const values = group.history.slice(0, -1).map((p) => (p.complete ? p.value : null));
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return '';
  const low = Math.min(...known);
  const high = Math.max(...known);
  return sparkline(values, { low, high: high > low ? high : low + 1 });
}

/** The value of the bucket in progress so far, `-` when it has none. */
export function soFar(goal: GoalSpec, group: JudgedGroup): string {
  const open = group.history[group.history.length - 1];
  // No value yet reads as `-`, as other missing values do, not as a blank cell.
  return open === undefined || open.value === null ? '-' : valueText(goal, open.value);
}

/** `Nov 16 - 22`: the judged bucket. */
export function judgedLabel(judged: JudgedGoal): string {
  return dayRange(judged.window.judged.after, judged.window.judged.before, true);
}

export function inProgressLabel(judged: JudgedGoal): string {
  return dayRange(judged.window.inProgress.after, judged.window.inProgress.before);
}

/** `week`, `month`, `day`. */
export function bucketWord(goal: Pick<GoalSpec, 'rollUp'>): string {
  return goal.rollUp === '1w' ? 'week' : goal.rollUp === '1mo' ? 'month' : 'day';
}

/** At most `max` labels, then `and N more`. */
export function someNames(groups: readonly JudgedGroup[], max: number): string {
  const shown = groups.slice(0, max).map(groupLabel);
  return groups.length > max ? `${shown.join(', ')} and ${groups.length - max} more` : shown.join(', ');
}
