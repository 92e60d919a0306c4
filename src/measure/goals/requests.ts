// Goals that share grouping, roll-up, window and selection share their requests (DESIGN.md
// section 12): one measurements request per distinct (grouping, roll-up, window, selection), all
// their metrics in its body, so `goals --all` costs one call per such request and batch of 50
// groups (calls.ts batches the group ids), however many goals there are. Pure.

import type { TimeRange } from '../../contract/measurement-types.js';
import type { ResultMetric } from '../result-model.js';
import type { MeasureSpec } from '../spec.js';
import type { GoalSpec } from './spec.js';
import { goalWindow, type GoalWindow } from './window.js';

/** A goal with its teams resolved (team-selection.ts) and its buckets at this run's moment. */
export interface PlacedGoal {
  goal: GoalSpec;
  window: GoalWindow;
  /** Its team ids: live, every name and `all` resolved by the service's team list. */
  teamIds: readonly number[];
  /** What is left to resolve (read from a store: by the stored names); empty live. */
  teamNames: readonly string[];
  allTeams: boolean;
}

/** One request and the goals it answers. */
export interface SharedRequest {
  spec: MeasureSpec;
  goals: PlacedGoal[];
}

export function placeGoal(goal: GoalSpec, teamIds: readonly number[], now: Date, unresolved: { names: readonly string[]; all: boolean } = { names: [], all: false }): PlacedGoal {
  return { goal, window: goalWindow(goal.last, goal.rollUp, now), teamIds, teamNames: unresolved.names, allTeams: unresolved.all };
}

const sortedNumbers = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);
const sortedTexts = (list: readonly string[]) => [...new Set(list)].sort();

/** What makes two goals' requests the same request. */
function shareKey(placed: PlacedGoal): string {
  const { spec } = placed.goal;
  return JSON.stringify([
    spec.groupBy,
    spec.rollUp,
    placed.window.request.after,
    placed.window.request.before,
    sortedNumbers(placed.teamIds),
    sortedTexts(placed.teamNames),
    placed.allTeams,
    sortedNumbers(spec.repositoryIds),
    sortedTexts(spec.repositoryNames),
  ]);
}

function requestSpec(first: PlacedGoal, metrics: ResultMetric[], window: TimeRange, teamIds: readonly number[]): MeasureSpec {
  const { spec } = first.goal;
  return {
    ...spec,
    metrics,
    window: { after: window.after, before: window.before },
    teamIds: sortedNumbers(teamIds),
    teamNames: [],
    allTeams: false,
    repositoryIds: sortedNumbers(spec.repositoryIds),
    repositoryNames: sortedTexts(spec.repositoryNames),
    orderBy: undefined,
    limit: undefined,
    format: 'json',
    out: undefined,
    title: undefined,
  };
}

/** The requests of these goals, in the order of their first goal; each metric once per request. */
export function shareRequests(placed: readonly PlacedGoal[]): SharedRequest[] {
  const byKey = new Map<string, PlacedGoal[]>();
  for (const p of placed) {
    const key = shareKey(p);
    const list = byKey.get(key);
    if (list) list.push(p);
    else byKey.set(key, [p]);
  }
  return [...byKey.values()].map((goals) => {
    const metrics = new Map<string, ResultMetric>();
    for (const { goal } of goals) if (!metrics.has(goal.metric.key)) metrics.set(goal.metric.key, goal.metric);
    const first = goals[0] as PlacedGoal;
    return { spec: requestSpec(first, [...metrics.values()], first.window.request, first.teamIds), goals };
  });
}
