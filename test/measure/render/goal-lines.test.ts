// A goal of the report's metric, grouping and roll-up is drawn as a labelled threshold line
// (DESIGN.md section 11, round 2): across the terminal chart and the html line chart, down the html
// bar chart, named under a heatmap; the axis reaches it even when every value is below it.

import { describe, expect, it } from 'vitest';
import type { DesiredConfig } from '../../../src/core/model.js';
import { configGoals, goalLines } from '../../../src/measure/goals/lines.js';
import type { MeasurementResult } from '../../../src/measure/result-model.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { merged, row } from './fixtures.js';

const weeks = (groups: number): MeasurementResult => ({
  report: 'weekly',
  metrics: [merged],
  groupBy: 'team',
  groupKey: 'team_id',
  nameColumn: 'team_name',
  rollUp: '1w',
  after: '2026-09-07',
  before: '2026-09-28',
  noData: false,
  elements: ['2026-09-07', '2026-09-14', '2026-09-21'].map((after, w) => ({
    after,
    before: new Date(Date.parse(`${after}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    rows: Array.from({ length: groups }, (_, t) => row(40 + t, `Team ${t}`, { 'pr.merged': 2 + w + t })),
  })),
});

const THRESHOLD = [{ metricKey: 'pr.merged', value: 10, label: 'goal merges: at least 10' }];

describe('goal threshold lines', () => {
  it('the terminal chart draws the line across the plot, its label on it, and names it in the legend; the axis reaches it', async () => {
    const text = await renderMeasurements(weeks(2), 'chart', { color: false, width: 60, thresholds: THRESHOLD });
    const lines = text.split('\n');
    const row10 = lines.find((l) => l.startsWith('10 ┤'));
    expect(row10).toMatch(/^10 ┤┄+ goal merges: at least 10 ┄$/);
    expect(lines).toContain('  ┄┄ goal merges: at least 10');
    // Without the goal the axis stops at the data (5).
    const plain = await renderMeasurements(weeks(2), 'chart', { color: false, width: 60 });
    expect(plain).not.toContain('┄');
    expect(plain.split('\n').some((l) => l.startsWith('10 ┤'))).toBe(false);
  });

  it('the ranked table (past 6 groups) names the goal under it', async () => {
    const text = await renderMeasurements(weeks(8), 'chart', { color: false, width: 80, thresholds: THRESHOLD });
    expect(text).toContain('\n  ┄┄ goal merges: at least 10\n');
  });

  it('html: a dashed line across the line chart with its label; down the bar chart; a note under the heatmap', async () => {
    const lines = await renderMeasurements(weeks(2), 'html', { color: false, thresholds: THRESHOLD });
    expect(lines).toMatch(/<line class="goal-line" x1="0" x2="828" y1="[\d.]+" y2="[\d.]+" stroke="#cf222e"/);
    expect(lines).toContain('>goal merges: at least 10</text>');
    const one = weeks(2);
    const bars = await renderMeasurements({ ...one, elements: one.elements.slice(0, 1), before: '2026-09-14' }, 'html', { color: false, thresholds: THRESHOLD });
    expect(bars).toMatch(/<svg [^>]*class="chart-bars"[\s\S]*<line class="goal-line"[\s\S]*>goal merges: at least 10<\/text>/);
    const heatmap = await renderMeasurements(weeks(8), 'html', { color: false, thresholds: THRESHOLD });
    expect(heatmap).not.toContain('goal-line');
    expect(heatmap).toContain('<p class="note">Goal merges: at least 10.</p>');
  });

  it('a goal is drawn on reports of its metric, grouping and roll-up only', () => {
    const config = {
      teams: [{ id: 42, name: 'Payments' }],
      goals: [
        { name: 'weekly-merges', definition: { metric: 'pr.merged', at_least: 3, group_by: 'team', teams: 'managed' }, path: [] },
        { name: 'monthly-merges', definition: { metric: 'pr.merged', at_least: 12, group_by: 'team', teams: 'managed', roll_up: '1mo' }, path: [] },
        { name: 'org-merges', definition: { metric: 'pr.merged', at_least: 30 }, path: [] },
        { name: 'review', definition: { metric: 'branch.time_to_review:p75', at_most: '1d', group_by: 'team', teams: 'managed' }, path: [] },
      ],
    } as unknown as DesiredConfig;
    const goals = configGoals(config);
    expect(goalLines(goals, { groupBy: 'team', rollUp: '1w', metrics: [{ key: 'pr.merged' }, { key: 'branch.time_to_review:p75' }] })).toEqual([
      { metricKey: 'pr.merged', value: 3, label: 'goal weekly-merges: at least 3' },
      { metricKey: 'branch.time_to_review:p75', value: 1440, label: 'goal review: at most 1d' },
    ]);
    expect(goalLines(goals, { groupBy: 'organization', rollUp: '1w', metrics: [{ key: 'pr.merged' }] }).map((t) => t.label)).toEqual(['goal org-merges: at least 30']);
    expect(goalLines(goals, { groupBy: 'team', rollUp: 'custom', metrics: [{ key: 'pr.merged' }] })).toEqual([]);
  });
});
