// Judging, pure (DESIGN.md section 12): each group's value in the latest complete bucket against
// the threshold; equal meets; no value there (no row, the metric left out, null, a bucket stored
// before it ended) is "no data", never met and never judged on an older bucket; the bucket in
// progress is history, not verdict.

import { describe, expect, it } from 'vitest';
import { judgeGoal, type GoalAnswer } from '../../../src/measure/goals/judge.js';
import { checkGoal, type GoalSpec } from '../../../src/measure/goals/spec.js';
import { goalWindow } from '../../../src/measure/goals/window.js';
import type { MeasurementResult, ResultElement } from '../../../src/measure/result-model.js';

const NOW = new Date('2026-11-25T12:00:00Z'); // W3 = Nov 16-22 judged, W2 = Nov 9-15 previous, W4 = Nov 23-29 in progress
const W2 = { after: '2026-11-09', before: '2026-11-16' };
const W3 = { after: '2026-11-16', before: '2026-11-23' };
const W4 = { after: '2026-11-23', before: '2026-11-30' };

function goal(definition: Record<string, unknown>): GoalSpec {
  const { goal: g, problems } = checkGoal('g', { group_by: 'team', teams: [1, 2], last: '2w', ...definition }, { configTeams: new Map(), api: 'v2', serverExport: false });
  if (!g) throw new Error(JSON.stringify(problems));
  return g;
}

function result(key: string, elements: (typeof W2 & { values: Record<number, number | null | undefined>; partialAt?: string })[]): MeasurementResult {
  const out: ResultElement[] = elements.map((e) => ({
    after: e.after,
    before: e.before,
    rows: Object.entries(e.values).map(([group, v]) => ({ group: Number(group), name: `team ${group}`, values: v === undefined ? { other: 1 } : { [key]: v } })),
    ...(e.partialAt === undefined ? {} : { partialAt: e.partialAt }),
  }));
  return { report: undefined, metrics: [], groupBy: 'team', groupKey: 'team_id', nameColumn: 'team_name', rollUp: '1w', after: W2.after, before: W4.before, elements: out, noData: false };
}

function judge(g: GoalSpec, answer: GoalAnswer) {
  return judgeGoal(g, goalWindow(g.last, g.rollUp, NOW), answer);
}

const verdicts = (j: ReturnType<typeof judge>) => j.groups.map((x) => [x.id, x.verdict, x.value, x.previous, x.changePct]);

describe('judgeGoal', () => {
  const atMost = goal({ metric: 'branch.time_to_review:p75', at_most: '1d' });

  it.each([
    ['under', 1000, 'met'],
    ['equal', 1440, 'met'],
    ['over', 1441, 'missed'],
  ])('at_most 1d, a value %s it', (_, value, verdict) => {
    const j = judge(atMost, { result: result('branch.time_to_review:p75', [{ ...W3, values: { 1: value } }]), groups: [1] });
    expect(j.groups[0]?.verdict).toBe(verdict);
  });

  it.each([
    [1, 'missed'],
    [2, 'met'],
    [3, 'met'],
  ])('at_least 2, a value of %d is %s', (value, verdict) => {
    const g = goal({ metric: 'pr.merged', at_least: 2 });
    expect(judge(g, { result: result('pr.merged', [{ ...W3, values: { 1: value } }]), groups: [1] }).groups[0]?.verdict).toBe(verdict);
  });

  it('no value in the judged bucket is no data: no row, the metric left out of its row, null; never an older bucket', () => {
    const key = 'branch.time_to_review:p75';
    const j = judge(goal({ metric: key, at_most: '1d', teams: [1, 2, 3, 4] }), {
      result: result(key, [
        { ...W2, values: { 1: 100, 2: 100, 3: 100 } },
        { ...W3, values: { 2: undefined, 3: null } },
      ]),
      groups: [1, 2, 3, 4],
    });
    // Ordered by label: 4 has no row at all, so no name.
    expect(verdicts(j)).toEqual([
      [4, 'no_data', null, null, null],
      [1, 'no_data', null, 100, null],
      [2, 'no_data', null, 100, null],
      [3, 'no_data', null, 100, null],
    ]);
    expect(j.counts).toEqual({ met: 0, missed: 0, no_data: 4 });
  });

  it('the bucket in progress is history, not the verdict', () => {
    const key = 'branch.time_to_review:p75';
    const j = judge(atMost, { result: result(key, [{ ...W3, values: { 1: 600 } }, { ...W4, values: { 1: 9999, 2: 9999 } }]), groups: [1, 2] });
    expect(verdicts(j)).toEqual([
      [2, 'no_data', null, null, null],
      [1, 'met', 600, null, null],
    ]);
    expect(j.groups[1]?.history).toEqual([
      { ...W2, value: null, complete: true },
      { ...W3, value: 600, complete: true },
      { ...W4, value: 9999, complete: false },
    ]);
  });

  it('a judged bucket stored before it ended is not judged', () => {
    const key = 'branch.time_to_review:p75';
    const j = judge(atMost, { result: result(key, [{ ...W2, values: { 1: 100 } }, { ...W3, values: { 1: 9999 }, partialAt: '2026-11-19T06:00:00Z' }]), groups: [1] });
    expect(verdicts(j)).toEqual([[1, 'no_data', null, 100, null]]);
    expect(j.judgedPartialAt).toBe('2026-11-19T06:00:00Z');
    expect(j.groups[0]?.history[1]).toEqual({ ...W3, value: 9999, complete: false });
  });

  it('those that miss first, furthest first; then no data; then those that meet; the change from the previous bucket', () => {
    const key = 'branch.time_to_review:p75';
    const j = judge(goal({ metric: key, at_most: '1d', teams: [1, 2, 3, 4, 5] }), {
      result: result(key, [
        { ...W2, values: { 1: 1440, 2: 2000, 4: 0, 5: 1000 } },
        { ...W3, values: { 1: 1500, 2: 3000, 4: 100, 5: 500 } },
      ]),
      groups: [5, 4, 3, 2, 1],
    });
    expect(verdicts(j)).toEqual([
      [2, 'missed', 3000, 2000, 50],
      [1, 'missed', 1500, 1440, 4.2],
      [3, 'no_data', null, null, null],
      [4, 'met', 100, 0, null],
      [5, 'met', 500, 1000, -50],
    ]);
  });

  it('without named groups, every group the answer holds (and only those)', () => {
    const g = goal({ metric: 'pr.merged', at_least: 1, group_by: 'repository', teams: undefined });
    const j = judge(g, { result: result('pr.merged', [{ ...W3, values: { 7: 3, 8: 0 } }]) });
    expect(verdicts(j)).toEqual([
      [8, 'missed', 0, null, null],
      [7, 'met', 3, null, null],
    ]);
  });
});
