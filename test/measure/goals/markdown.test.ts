// The Markdown digest (DESIGN.md section 12): one comment, updated in place (its marker first),
// the summary before the details, each goal's missing groups in a closed <details> block, and the
// whole under 60,000 characters even for 500 teams and 10 goals, saying what it left out.

import { describe, expect, it } from 'vitest';
import { judgeGoal, type JudgedGoal } from '../../../src/measure/goals/judge.js';
import { GOALS_MARKER, renderGoalsMarkdown } from '../../../src/measure/goals/render-markdown.js';
import { checkGoal } from '../../../src/measure/goals/spec.js';
import { goalWindow } from '../../../src/measure/goals/window.js';
import type { MeasurementResult } from '../../../src/measure/result-model.js';

const NOW = new Date('2026-11-25T12:00:00Z');

function judgedGoals(goals: number, teams: number, name = (n: number) => `goal-${n}`): JudgedGoal[] {
  const ids = Array.from({ length: teams }, (_, i) => 1000 + i);
  return Array.from({ length: goals }, (_, n) => {
    const { goal } = checkGoal(name(n), { metric: 'branch.time_to_review:p75', at_most: '1d', group_by: 'team', teams: ids }, { configTeams: new Map(), api: 'v2', serverExport: false });
    if (!goal) throw new Error('bad goal');
    const window = goalWindow(goal.last, goal.rollUp, NOW);
    const result: MeasurementResult = {
      report: undefined, metrics: [goal.metric], groupBy: 'team', groupKey: 'team_id', nameColumn: 'team_name', rollUp: '1w',
      after: window.request.after, before: window.request.before, noData: false,
      elements: [window.previous, window.judged].map((b, k) => ({ ...b, rows: ids.map((id) => ({ group: id, name: `A team with a rather long name | ${id}`, values: { [goal.metric.key]: 1500 + id + k * 100 } })) })),
    };
    return judgeGoal(goal, window, { result, groups: ids });
  });
}

describe('renderGoalsMarkdown', () => {
  it('a bucket in progress with no value yet reads `-` in the "so far" column, never a blank cell', () => {
    const md = renderGoalsMarkdown(judgedGoals(1, 2));
    const rows = md.split('\n').filter((line) => line.startsWith('| A team with'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/\| - \|$/);
  });

  it('500 teams x 10 goals, every team missing: under 60,000 characters, summary whole, every block closed, what is left out said', () => {
    const md = renderGoalsMarkdown(judgedGoals(10, 500), { generatedAt: '2026-11-25T12:00:00Z' });
    expect(md.length).toBeLessThan(60_000);
    expect(md.startsWith(`${GOALS_MARKER}\n## emctl goals\n**10 goals: 10 missed (goal-0, goal-1`)).toBe(true);
    for (let n = 0; n < 10; n++) expect(md).toContain(`| :x: goal-${n} | \`branch.time_to_review:p75\` | at most 1d | week of Nov 16 - 22, 2026 | 500 | 0 | 0 |`);
    expect(md.split('<details>').length - 1).toBe(10);
    expect(md.split('</details>').length - 1).toBe(10);
    const cut = [...md.matchAll(/_\.\.\. and (\d+) more teams not shown; run `emctl goals goal-\d` for every one\._/g)].map((m) => Number(m[1]));
    expect(cut).toHaveLength(10);
    const rows = (md.match(/^\| A team with a rather long name \\\| \d+ \(\d+\) \|/gm) ?? []).length;
    // Every missing team is either shown or counted.
    expect(rows + cut.reduce((a, b) => a + b, 0)).toBe(5000);
    // Each goal got a fair share: about a tenth of the rows each.
    expect(Math.min(...cut)).toBeGreaterThan(400);
    expect(md.endsWith('the one in progress is not judged._\n')).toBe(true);
  });

  it('300 goals with 400-character names: the summary keeps to half the comment, the rest counted, the whole under 60,000', () => {
    const md = renderGoalsMarkdown(judgedGoals(300, 3, (n) => `g${n}-${'x'.repeat(400)}`));
    expect(md.length).toBeLessThan(60_000);
    const summaryRows = (md.match(/^\| :x: g\d+-x+ \|/gm) ?? []).length;
    expect(summaryRows).toBeGreaterThan(0);
    expect(md).toContain(`_... and ${300 - summaryRows} more goals; run \`emctl goals\` for all._`);
    expect(md.split('\n')[2]?.length).toBeLessThanOrEqual(3_004);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  });

  it('the summary line keeps its budget as written, escapes counted, none cut in half', () => {
    // Every `_` here is escaped (`\\_`): cut before escaping, the line would be twice its budget.
    const md = renderGoalsMarkdown(judgedGoals(12, 2, (n) => `g${n}-${'_-'.repeat(300)}`));
    const line = md.split('\n')[2] ?? '';
    expect(line.length).toBeLessThanOrEqual(3_004);
    expect(line.length).toBeGreaterThan(2_900);
    expect(line).toMatch(/^\*\*12 goals: 12 missed \(g0-\\_-/);
    expect(line).toMatch(/…\*\*$/);
    expect(line).not.toMatch(/(^|[^\\])\\…/);
  });

  it('a small digest is whole', () => {
    const md = renderGoalsMarkdown(judgedGoals(2, 3));
    expect(md).not.toContain('not shown');
    expect((md.match(/^\| A team/gm) ?? []).length).toBe(6);
  });

  it('a tight limit drops whole goal blocks and says how many', () => {
    const md = renderGoalsMarkdown(judgedGoals(10, 50), { maxChars: 2_000 });
    expect(md.length).toBeLessThan(2_000);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
    expect(md).toMatch(/_Details of \d+ goals not shown \(the comment is kept under 2,000 characters\); run `emctl goals` for all\._/);
  });
});
