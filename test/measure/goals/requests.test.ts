// Goals that share grouping, roll-up, window and selection share one request, all their metrics
// in its body, each metric once (DESIGN.md section 12).

import { describe, expect, it } from 'vitest';
import { placeGoal, shareRequests } from '../../../src/measure/goals/requests.js';
import { checkGoal, type GoalSpec } from '../../../src/measure/goals/spec.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const TEAMS = new Map<number, string | undefined>([[42, 'Payments'], [43, 'Search']]);

function goal(name: string, definition: Record<string, unknown>): GoalSpec {
  const { goal: g, problems } = checkGoal(name, definition, { configTeams: TEAMS, api: 'v2', serverExport: false });
  if (!g) throw new Error(JSON.stringify(problems));
  return g;
}

const shared = (goals: GoalSpec[]) =>
  shareRequests(goals.map((g) => placeGoal(g, g.spec.teamIds, NOW))).map((r) => [r.goals.map((p) => p.goal.name), r.spec.metrics.map((m) => m.key), r.spec.teamIds, r.spec.window]);

describe('shareRequests', () => {
  it('one request per (grouping, roll-up, window, selection); team spellings of one set are one selection', () => {
    const goals = [
      goal('a', { metric: 'branch.time_to_review:p75', at_most: '1d', group_by: 'team', teams: 'managed' }),
      goal('b', { metric: 'pr.merged', at_least: 2, group_by: 'team', teams: [43, 42] }),
      goal('c', { metric: 'pr.merged', at_most: 9, group_by: 'team', teams: ['Payments', 'Search'] }),
      goal('d', { metric: 'pr.merged', at_least: 3 }),
      goal('e', { metric: 'pr.merged', at_least: 3, roll_up: '1mo' }),
      goal('f', { metric: 'pr.merged', at_least: 3, last: '4w' }),
      goal('g', { metric: 'pr.merged', at_least: 3, teams: [42] }),
    ];
    expect(shared(goals)).toEqual([
      [['a', 'b', 'c'], ['branch.time_to_review:p75', 'pr.merged'], [42, 43], { after: '2026-09-28', before: '2026-11-30' }],
      [['d'], ['pr.merged'], [], { after: '2026-09-28', before: '2026-11-30' }],
      [['e'], ['pr.merged'], [], { after: '2026-03-01', before: '2026-12-01' }],
      [['f'], ['pr.merged'], [], { after: '2026-10-26', before: '2026-11-30' }],
      [['g'], ['pr.merged'], [42], { after: '2026-09-28', before: '2026-11-30' }],
    ]);
  });

  it('names only the service knows and `all` are part of the selection until resolved', () => {
    const a = goal('a', { metric: 'pr.merged', at_least: 1, group_by: 'team', teams: 'all' });
    const b = goal('b', { metric: 'pr.merged', at_least: 1, group_by: 'team', teams: ['Infra'] });
    const placed = [a, b].map((g) => placeGoal(g, g.spec.teamIds, NOW, { names: g.spec.teamNames ?? [], all: g.spec.allTeams ?? false }));
    expect(shareRequests(placed)).toHaveLength(2);
  });
});
