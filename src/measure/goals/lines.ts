// The goals a report's charts draw as threshold lines (DESIGN.md section 11, round 2): a goal of a
// metric the report shows, judged on the same grouping and the same roll-up (a weekly count bound
// means nothing on monthly totals), labelled with its name and threshold.

import type { DesiredConfig } from '../../core/model.js';
import { identifiedTeams } from '../../core/kinds/team-directory.js';
import type { GroupBy, RollUp } from '../../contract/metrics.js';
import type { ChartThreshold } from '../render/series.js';
import { checkGoal, type GoalSpec } from './spec.js';
import { thresholdText } from './words.js';

/** Every goal of the config, checked (the loader has validated them: one that is not is left out). */
export function configGoals(config: DesiredConfig | undefined): GoalSpec[] {
  if (!config) return [];
  const teams = new Map(identifiedTeams(config).map((t) => [t.id, t.name]));
  return (config.goals ?? []).flatMap((g) => checkGoal(g.name, g.definition, { configTeams: teams, api: 'v2', serverExport: false }).goal ?? []);
}

export function goalLines(goals: readonly GoalSpec[], report: { groupBy: GroupBy; rollUp: RollUp; metrics: readonly { key: string }[] }): ChartThreshold[] {
  const keys = new Set(report.metrics.map((m) => m.key));
  return goals
    .filter((g) => keys.has(g.metric.key) && g.groupBy === report.groupBy && g.rollUp === report.rollUp)
    .map((g) => ({ metricKey: g.metric.key, value: g.threshold, label: `goal ${g.name}: ${thresholdText(g)}` }));
}
