// One goal of `goals:` (DESIGN.md section 12) checked: its metric and aggregation, grouping,
// selection and roll-up by the very checks of a measurements request (spec.ts, the same
// did-you-mean), then what only a goal has: one threshold, read against the metric's unit, and the
// history it shows (`last`, default 8 buckets of its roll-up). Pure: problems come back at the
// goal's key paths, so `validate` places them at file:line:column and `emctl goals` lists them.

import type { CalendarRollUp } from '../../contract/measurement-window.js';
import { LAST_PATTERN } from '../../contract/measurement-window.js';
import type { GoalDefinition, ReportDefinition } from '../../core/model.js';
import type { ResultMetric } from '../result-model.js';
import { checkSpec, type MeasureSpec, type SpecProblem } from '../spec.js';
import { quote, type SpecContext } from '../spec-problem.js';
import { readThreshold } from './threshold.js';

export const GOAL_GROUP_BYS = ['organization', 'team', 'repository'] as const;
export type GoalGroupBy = (typeof GOAL_GROUP_BYS)[number];
export const GOAL_ROLL_UPS: readonly CalendarRollUp[] = ['1w', '1mo', '1d'];

/** Buckets of history a goal shows when it names no `last`. */
export const DEFAULT_GOAL_BUCKETS = 8;

export type Direction = 'at_most' | 'at_least';

export interface GoalSpec {
  name: string;
  metric: ResultMetric;
  /** at_most: met when the value is at or under the threshold; at_least: at or over it. */
  direction: Direction;
  /** In the API's unit (minutes for durations). */
  threshold: number;
  groupBy: GoalGroupBy;
  rollUp: CalendarRollUp;
  /** The history shown beside the verdict, N{d,w,mo}. */
  last: string;
  /** The goal's request as a measurements request of its one metric (window: `last`). */
  spec: MeasureSpec;
}

export interface GoalResult {
  goal?: GoalSpec;
  problems: SpecProblem[];
}

const UNIT_OF_ROLL_UP: Record<CalendarRollUp, string> = { '1w': 'w', '1mo': 'mo', '1d': 'd' };

/** The definition's values of the right types only: the config's schema reports the others. */
function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function checkGoal(name: string, raw: GoalDefinition, ctx: SpecContext): GoalResult {
  const def = raw as Record<string, unknown>;
  const problems: SpecProblem[] = [];
  const problem = (path: (string | number)[], message: string, schema = false) => problems.push(schema ? { path, message, schema } : { path, message });

  const groupByText = text(def.group_by);
  let groupBy: GoalGroupBy = 'organization';
  if (groupByText !== undefined) {
    if ((GOAL_GROUP_BYS as readonly string[]).includes(groupByText)) groupBy = groupByText as GoalGroupBy;
    else problem(['group_by'], `a goal groups by ${GOAL_GROUP_BYS.join(', ')}; got ${quote(groupByText)}`, true);
  }
  const rollUpText = text(def.roll_up);
  let rollUp: CalendarRollUp = '1w';
  if (rollUpText !== undefined) {
    if ((GOAL_ROLL_UPS as readonly string[]).includes(rollUpText)) rollUp = rollUpText as CalendarRollUp;
    else problem(['roll_up'], `a goal is judged on calendar buckets: roll_up is 1w (the default), 1mo or 1d; got ${quote(rollUpText)}`, true);
  }
  const last = checkLast(text(def.last), rollUp, problem);

  // Metric, aggregation, selection and the bucket count: the checks of a measurements request.
  const request: ReportDefinition = { metrics: typeof def.metric === 'string' ? [def.metric] : [], group_by: groupBy, roll_up: rollUp, last: last ?? `${DEFAULT_GOAL_BUCKETS}${UNIT_OF_ROLL_UP[rollUp]}` };
  if (def.teams !== undefined) request.teams = def.teams as ReportDefinition['teams'];
  if (def.repositories !== undefined) request.repositories = def.repositories as ReportDefinition['repositories'];
  const checked = checkSpec(request, ctx);
  for (const p of checked.problems) {
    if (p.path[0] === 'metrics') {
      const message = def.metric === undefined ? 'a goal names its metric (NAME or NAME:AGG, e.g. branch.time_to_review:p75)' : p.message;
      problem(['metric'], message, def.metric === undefined || p.schema === true);
    } else problem(p.path, p.message, p.schema === true);
  }

  const threshold = checkThreshold(def, checked.spec?.metrics[0], problem);
  if (problems.length > 0 || !checked.spec || !threshold || last === undefined) return { problems };
  const metric = checked.spec.metrics[0];
  if (!metric) return { problems };
  return { goal: { name, metric, ...threshold, groupBy, rollUp, last, spec: checked.spec }, problems };
}

/** `last` as given, or the default 8 buckets; undefined (with a problem) when it shows nothing or is not a window. */
function checkLast(last: string | undefined, rollUp: CalendarRollUp, problem: (path: string[], message: string, schema?: boolean) => void): string | undefined {
  if (last === undefined) return `${DEFAULT_GOAL_BUCKETS}${UNIT_OF_ROLL_UP[rollUp]}`;
  if (/^0+(d|w|mo)$/.test(last)) {
    problem(['last'], `last ${quote(last)} shows no history: give 1 or more ${rollUp === '1w' ? 'weeks' : rollUp === '1mo' ? 'months' : 'days'} (default ${DEFAULT_GOAL_BUCKETS}${UNIT_OF_ROLL_UP[rollUp]})`);
    return undefined;
  }
  if (!LAST_PATTERN.test(last)) {
    problem(['last'], `last must be N days, weeks or months: e.g. 8w, 6mo, 30d; got ${quote(last)}`, true);
    return undefined;
  }
  return last;
}

function checkThreshold(
  def: Record<string, unknown>,
  metric: ResultMetric | undefined,
  problem: (path: string[], message: string, schema?: boolean) => void,
): { direction: Direction; threshold: number } | undefined {
  const most = def.at_most !== undefined;
  const least = def.at_least !== undefined;
  if (most && least) {
    problem(['at_least'], 'at_most and at_least exclude each other: a goal has one threshold (two goals can bound one metric from both sides)');
    return undefined;
  }
  if (!most && !least) {
    problem([], 'a goal needs its threshold: at_most (e.g. `at_most: 1d`) or at_least (e.g. `at_least: 5`)');
    return undefined;
  }
  const direction: Direction = most ? 'at_most' : 'at_least';
  if (!metric) return undefined; // an unknown metric has no unit to read the threshold by
  const read = readThreshold(def[direction], metric.unit, metric.key, direction);
  if ('problem' in read) {
    problem([direction], read.problem);
    return undefined;
  }
  return { direction, threshold: read.value };
}
