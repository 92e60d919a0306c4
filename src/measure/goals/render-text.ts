// `emctl goals` in the terminal (DESIGN.md section 12): per goal a line with its verdict, metric,
// threshold and the bucket judged; then the groups that miss it, worst first, each with its value
// against the threshold, the change from the previous complete bucket, a sparkline of its history
// and the bucket in progress so far; then how many meet it, and who has no data. A last line counts
// the goals.

import { fetchedLabel } from '../render/dates.js';
import { displayWidth, padTo } from '../render/width.js';
import type { JudgedGoal } from './judge.js';
import {
  bucketWord,
  changeText,
  groupLabel,
  groupNounOf,
  historySparkline,
  inProgressLabel,
  judgedLabel,
  missText,
  someNames,
  soFar,
  thresholdText,
  valueText,
} from './words.js';

/** No-data groups named in one line at most. */
const NO_DATA_NAMES = 20;

export type GoalState = 'missed' | 'met' | 'no_data';

/** A goal misses when one group misses; it is met when none misses and one meets; else it has no data. */
export function goalState(judged: JudgedGoal): GoalState {
  return judged.counts.missed > 0 ? 'missed' : judged.counts.met > 0 ? 'met' : 'no_data';
}

const STATE_WORDS: Record<GoalState, string> = { missed: 'MISSED', met: 'met', no_data: 'no data' };

function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell))));
  return rows.map((row) => `    ${row.map((cell, i) => padTo(cell, widths[i] ?? 0)).join('  ')}`.trimEnd());
}

function goalBlock(judged: JudgedGoal): string[] {
  const { goal, counts } = judged;
  const state = goalState(judged);
  const by = goal.groupBy === 'organization' ? 'for the organization' : `by ${goal.groupBy}`;
  const lines = [
    `${goal.name}: ${STATE_WORDS[state]}. ${goal.metric.key} ${thresholdText(goal)}, ${by}, judged on the ${bucketWord(goal)} of ${judgedLabel(judged)} (${inProgressLabel(judged)} in progress, not judged)`,
  ];
  if (judged.judgedPartialAt !== undefined) {
    lines.push(`  the ${bucketWord(goal)} of ${judgedLabel(judged)} was stored before it ended (fetched ${fetchedLabel(judged.judgedPartialAt)}): its values are partial and not judged; store it again after it ends`);
  }
  const total = judged.groups.length;
  if (total === 0) return [...lines, `  no data: the answer holds no ${groupNounOf(goal, 2)}`];
  const missed = judged.groups.filter((g) => g.verdict === 'missed');
  if (missed.length > 0) {
    lines.push(`  ${missed.length} of ${total} ${groupNounOf(goal, total)} miss${missed.length === 1 ? 'es' : ''} it:`);
    const head = [groupNounOf(goal, 1), 'value', 'change', `last ${judged.groups[0]?.history.length ? judged.groups[0].history.length - 1 : 0} ${bucketWord(goal)}s`, 'so far'];
    lines.push(...table([head, ...missed.map((g) => [groupLabel(g), missText(goal, g.value), changeText(g.changePct), historySparkline(g), soFar(goal, g)])]));
  }
  const met = judged.groups.filter((g) => g.verdict === 'met');
  const noData = judged.groups.filter((g) => g.verdict === 'no_data');
  const parts: string[] = [];
  if (met.length > 0) {
    const only = total === 1 ? met[0] : undefined;
    const detail = only === undefined ? '' : `: ${valueText(goal, only.value)}${only.changePct === null ? '' : ` (${changeText(only.changePct)})`}`;
    const of = missed.length > 0 || noData.length > 0 ? `${met.length} of ${total} ${groupNounOf(goal, total)}` : `${met.length} ${groupNounOf(goal, met.length)}`;
    parts.push(`${of} meet${met.length === 1 ? 's' : ''} it${detail}`);
  }
  if (counts.no_data > 0) parts.push(`no data for ${counts.no_data === total ? `any ${groupNounOf(goal, 1)}` : someNames(noData, NO_DATA_NAMES)}`);
  if (parts.length > 0) lines.push(`  ${parts.join('; ')}.`);
  return lines;
}

/** The last line: how many goals were judged and how they went. */
export function goalsSummary(judged: readonly JudgedGoal[]): string {
  const states = judged.map(goalState);
  const missed = judged.filter((_, i) => states[i] === 'missed').map((j) => j.goal.name);
  const met = states.filter((s) => s === 'met').length;
  const noData = states.filter((s) => s === 'no_data').length;
  const parts = [`${missed.length} missed${missed.length > 0 ? ` (${missed.slice(0, 10).join(', ')}${missed.length > 10 ? ', ...' : ''})` : ''}`, `${met} met`];
  if (noData > 0) parts.push(`${noData} with no data`);
  return `${judged.length} ${judged.length === 1 ? 'goal' : 'goals'}: ${parts.join(', ')}.`;
}

export function renderGoalsText(judged: readonly JudgedGoal[]): string {
  const blocks = judged.map((j) => goalBlock(j).join('\n'));
  return `${[...blocks, goalsSummary(judged)].join('\n\n')}\n`;
}
