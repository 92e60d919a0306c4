import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/core/measurement-result.js';
import { bridgeGaps, fitToColumns, niceAxis } from '../../../src/measure/render/chart.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { metricChart } from '../../../src/measure/render/series.js';
import { cycleP75, merged, noData, orgWhole, row } from './fixtures.js';

/** Three weekly buckets; Platform has no row in the middle one (a count of 0, a duration gap). */
function threeWeeks(parts: Partial<MeasurementResult> = {}): MeasurementResult {
  return {
    report: 'weekly',
    metrics: [merged, cycleP75],
    groupBy: 'team',
    groupKey: 'team_id',
    nameColumn: 'team_name',
    rollUp: '1w',
    after: '2026-09-07',
    before: '2026-09-28',
    noData: false,
    elements: [
      {
        after: '2026-09-07',
        before: '2026-09-14',
        rows: [
          row(42, 'Payments', { 'pr.merged': 2, 'branch.computed.cycle_time:p75': 600 }),
          row(7, 'Platform', { 'pr.merged': 6, 'branch.computed.cycle_time:p75': 120 }),
        ],
      },
      { after: '2026-09-14', before: '2026-09-21', rows: [row(42, 'Payments', { 'pr.merged': 4, 'branch.computed.cycle_time:p75': null })] },
      {
        after: '2026-09-21',
        before: '2026-09-28',
        rows: [
          row(42, 'Payments', { 'pr.merged': 8, 'branch.computed.cycle_time:p75': 1200 }),
          row(7, 'Platform', { 'pr.merged': 3, 'branch.computed.cycle_time:p75': 180 }),
        ],
      },
    ],
    ...parts,
  };
}

describe('chart format', () => {
  it('draws a chart per metric, a series per group with its own mark, and a legend naming the groups', async () => {
    expect(await renderMeasurements(threeWeeks(), 'chart', { color: false, width: 40 })).toBe(`weekly: by team, 2026-09-07 to 2026-09-28 (before), weekly

pr.merged (count)
8 ┤                                 ╭──
7 ┤                             ╭───╯
6 ┤··                      ╭────╯
5 ┤ ····               ╭───╯
4 ┤    ····     ╭──────╯
3 ┤    ╭────────╯                  ····
2 ┤────╯     ····            ·······
1 ┤             ····   ·······
0 ┼                ·····
  2026-09-07                2026-09-21
  ── Payments (42)  last 8
  ·· Platform (7)   last 3

branch.computed.cycle_time:p75 (hours)
20 ┤                               ╭───
18 ┤                        ╭──────╯
16 ┤                 ╭──────╯
14 ┤          ╭──────╯
12 ┤   ╭──────╯
10 ┤───╯
 8 ┤
 6 ┤
 4 ┤                                  ·
 2 ┤···································
 0 ┼
   2026-09-07               2026-09-21
  ── Payments (42)  last 20h  (no value in 1 of 3 buckets)
  ·· Platform (7)   last 3h  (no value in 1 of 3 buckets)
`);
  });

  it('draws the axis once: with several series, `┼` on the zero row only', async () => {
    const text = await renderMeasurements(threeWeeks(), 'chart', { color: false, width: 40 });
    const zeroRows = text.split('\n').filter((line) => line.includes('┼'));
    expect(zeroRows.map((line) => line.trim().split(' ')[0])).toEqual(['0', '0']);
  });

  it('fits the plot to the width it is given', async () => {
    for (const width of [40, 80, 120]) {
      const text = await renderMeasurements(threeWeeks(), 'chart', { color: false, width });
      const plotLines = text.split('\n').filter((line) => /[┤┼]/.test(line));
      const widest = Math.max(...plotLines.map((line) => [...line].length));
      expect(widest).toBeLessThanOrEqual(width);
      expect(widest).toBeGreaterThan(width - 6);
    }
  });

  it('with colour, paints each series and its legend mark in its own colour, box lines for all', async () => {
    const text = await renderMeasurements(threeWeeks(), 'chart', { color: true, width: 40 });
    expect(text).toContain('\u001b[34m──\u001b[39m Payments (42)');
    expect(text).toContain('\u001b[33m──\u001b[39m Platform (7)');
    expect(text).not.toContain('·');
    expect(text).toContain('\u001b[1mpr.merged (count)\u001b[22m');
  });

  it('a group keeps its mark (and colour) in every chart of the report, whatever its rank', async () => {
    const elements = threeWeeks().elements.map((element, i) =>
      i < 2 ? element : { ...element, rows: element.rows.map((r) => ({ ...r, values: { ...r.values, 'pr.merged': r.group === 42 ? 1 : 3 } })) },
    );
    const text = await renderMeasurements(threeWeeks({ elements }), 'chart', { color: false, width: 40 });
    const legend = text.split('\n').filter((line) => / last \d/.test(line));
    expect(legend).toEqual([
      '  ── Platform (7)   last 3',
      '  ·· Payments (42)  last 1',
      '  ·· Payments (42)  last 20h  (no value in 1 of 3 buckets)',
      '  ── Platform (7)   last 3h  (no value in 1 of 3 buckets)',
    ]);
  });

  it('draws at most 8 series, the highest last values, and says how many were left out', async () => {
    const rows = (bucket: number) => Array.from({ length: 11 }, (_, i) => row(100 + i, `Team ${i}`, { 'pr.merged': i + bucket }));
    const result = threeWeeks({
      metrics: [merged],
      elements: [
        { after: '2026-09-07', before: '2026-09-14', rows: rows(0) },
        { after: '2026-09-14', before: '2026-09-21', rows: rows(1) },
      ],
    });
    const legend = (await renderMeasurements(result, 'chart', { color: false })).split('\n').filter((line) => / last \d/.test(line));
    expect(legend).toEqual([
      '  ── Team 10 (110)  last 11',
      '  ·· Team 9 (109)   last 10',
      '  xx Team 8 (108)   last 9',
      '  ++ Team 7 (107)   last 8',
      '  oo Team 6 (106)   last 7',
      '  ** Team 5 (105)   last 6',
      '  ## Team 4 (104)   last 5',
      '  %% Team 3 (103)   last 4',
    ]);
    expect(await renderMeasurements(result, 'chart', { color: false })).toContain(
      '  showing 8 of 11 groups: those with the highest last value (see --format table for all)\n',
    );
  });

  it('a single bucket: says a line needs two and lists the values, human, highest first', async () => {
    expect(await renderMeasurements(threeWeeks({ rollUp: 'custom', elements: threeWeeks().elements.slice(0, 1) }), 'chart', { color: false })).toBe(
      `weekly: by team, 2026-09-07 to 2026-09-28 (before), whole window
One time range only: a line needs at least 2 buckets (a roll-up of 1d, 1w or 1mo); the values:

pr.merged
  Platform (7)   6
  Payments (42)  2

branch.computed.cycle_time:p75
  Payments (42)  10h
  Platform (7)    2h
`,
    );
    expect(await renderMeasurements(orgWhole(), 'chart', { color: false })).toContain('pr.merged\n  1  12,345\n');
  });

  it('a metric no group has a value for says so; no data at all is one sentence', async () => {
    const result = threeWeeks({ metrics: [merged, { name: 'releases.count', agg: undefined, key: 'releases.count', unit: 'count' }] });
    expect(await renderMeasurements(result, 'chart', { color: false })).toContain('releases.count (count)\n  no values for this metric\n');
    expect(await renderMeasurements(noData(), 'chart', { color: false })).toBe('No data for these filters.\n');
  });
});

describe('chart helpers', () => {
  it('series: counts missing in a bucket are 0, durations are gaps, in hours', () => {
    const counts = metricChart(threeWeeks(), merged);
    expect(counts.buckets).toEqual(['2026-09-07', '2026-09-14', '2026-09-21']);
    expect(counts.series.map((s) => [s.label, s.values])).toEqual([
      ['Payments (42)', [2, 4, 8]],
      ['Platform (7)', [6, 0, 3]],
    ]);
    const durations = metricChart(threeWeeks(), cycleP75);
    expect(durations.unitLabel).toBe('hours');
    expect(durations.series.map((s) => [s.label, s.values, s.last, s.gaps])).toEqual([
      ['Payments (42)', [10, null, 20], 1200, 1],
      ['Platform (7)', [2, null, 3], 180, 1],
    ]);
  });

  it('bridges gaps inside a series with a straight line and holds the ends', () => {
    expect(bridgeGaps([null, 2, null, null, 8, null])).toEqual([2, 2, 4, 6, 8, 8]);
    expect(bridgeGaps([5])).toEqual([5]);
  });

  it('fits buckets to columns, linear between them', () => {
    expect(fitToColumns([0, 10], 4)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(fitToColumns([0, 10, 0], 4)).toEqual([0, 5, 10, 5, 0]);
    expect(fitToColumns([3], 2)).toEqual([3, 3, 3]);
  });

  it('gives the y axis round steps starting at 0', () => {
    expect(niceAxis(0, 35, 10)).toEqual({ min: 0, max: 35, rows: 7, decimals: 0 });
    expect(niceAxis(0, 2.1, 10)).toEqual({ min: 0, max: 2.25, rows: 9, decimals: 2 });
    expect(niceAxis(-3, 12, 10)).toEqual({ min: -4, max: 12, rows: 8, decimals: 0 });
    expect(niceAxis(0, 0, 10)).toEqual({ min: 0, max: 1, rows: 10, decimals: 1 });
  });
});
