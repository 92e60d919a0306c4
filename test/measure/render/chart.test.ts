import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/measure/result-model.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { metricChart, reportGroups } from '../../../src/measure/render/series.js';
import { axisTicks, niceAxis } from '../../../src/measure/render/axis.js';
import { placeLabels } from '../../../src/measure/render/terminal-lines.js';
import { sparkline } from '../../../src/measure/render/terminal-rows.js';
import { displayWidth } from '../../../src/measure/render/width.js';
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

/** `groups` teams over `weeks` weekly buckets from 2026-09-07, team t merging (t * 3 + w) % 11 in week w. */
function many(groups: number, weeks: number): MeasurementResult {
  const day = (d: number) => new Date(Date.UTC(2026, 8, 7 + d)).toISOString().slice(0, 10);
  const elements = Array.from({ length: weeks }, (_, w) => ({
    after: day(7 * w),
    before: day(7 * w + 7),
    rows: Array.from({ length: groups }, (_, t) => row(100 + t, `Team ${t}`, { 'pr.merged': (t * 3 + w) % 11 })),
  }));
  return threeWeeks({ metrics: [merged], after: day(0), before: day(7 * weeks), elements });
}

const legendLines = (text: string) => text.split('\n').filter((line) => / (total|average) |no values$/.test(line) && line.startsWith('  '));

describe('chart format', () => {
  it('a line per group in its own mark, the human name over the key and unit, dates both included on the x axis, a legend', async () => {
    // Every line in 49 columns: the heading wraps, the key goes under a long title, a long note under its group.
    expect(await renderMeasurements(threeWeeks(), 'chart', { color: false, width: 50 })).toBe(`Pull requests merged and Cycle time (75th
  percentile) by team: Sep 7 - 27, 2026, weekly;
  2 teams

Pull requests merged  pr.merged, count
8 ┤                                     **
7 ┤                                 ****
6 ┤       oo                    ****
5 ┤         ooo             ****
4 ┤            oo     ******
3 ┤           ********                 ooo
2 ┤       ****      ooo           ooooo
1 ┤                    oo    ooooo
0 ┼                      oooo
  └───────┬───────────────┬──────────────┬───────
     Sep 7 - 13      Sep 14 - 20    Sep 21 - 27
  ** Payments (42)  total 14
  oo Platform (7)   total 9

Cycle time, 75th percentile
  branch.computed.cycle_time:p75, duration
20h ┤                                    *
18h ┤
16h ┤
14h ┤
12h ┤
10h ┤       *
 8h ┤
 6h ┤
 4h ┤                                    o
 2h ┤       o
 0m ┼
    └───────┬──────────────┬─────────────┬───────
       Sep 7 - 13     Sep 14 - 20   Sep 21 - 27
  ** Payments (42)  average 15h
      (no value in 1 of 3)
  oo Platform (7)   average 2h 30m
      (no value in 1 of 3)
`);
  });

  it('a bucket still in progress (its before after today): the line into it dashed, the bucket labelled', async () => {
    const text = await renderMeasurements(threeWeeks(), 'chart', { color: false, width: 50, today: '2026-09-24' });
    const lines = text.split('\n');
    expect(lines).toContain('                                    in progress');
    expect(lines[6]).toBe('7 ┤                                 * *');
    // The day after the window, nothing is in progress; without a today, nothing either.
    expect(await renderMeasurements(threeWeeks(), 'chart', { color: false, width: 50, today: '2026-09-28' })).not.toContain('in progress');
  });

  it('a bucket stored before it ended (read back from a history): drawn in progress, its fetch said once under the heading', async () => {
    const stored = threeWeeks();
    stored.elements[2]!.partialAt = '2026-09-23T06:00:00Z';
    const text = await renderMeasurements(stored, 'chart', { color: false, width: 50 });
    const lines = text.split('\n');
    expect(lines.slice(4, 6)).toEqual(['Sep 21 - 27 (fetched Sep 23, 2026 06:00 UTC) was', '  stored before it ended: its values are partial.']);
    expect(lines.slice(0, 3)).toEqual(['Pull requests merged and Cycle time (75th', '  percentile) by team: Sep 7 - 27, 2026, weekly;', '  2 teams']);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(49);
    expect(lines).toContain('                                    in progress');
  });

  it('at least three dates along the x axis, also for many buckets at any width', async () => {
    for (const width of [40, 80, 120]) {
      const text = await renderMeasurements(many(3, 26), 'chart', { color: false, width });
      const axis = text.split('\n').find((line) => /[A-Z][a-z]{2} \d/.test(line) && !line.includes(':')) ?? '';
      expect(axis.match(/\b[A-Z][a-z]{2} \d+|\b\d+\b/g)?.length ?? 0, axis).toBeGreaterThanOrEqual(3);
    }
  });

  it('fits the plot to the width it is given', async () => {
    for (const width of [40, 80, 120]) {
      const text = await renderMeasurements(threeWeeks(), 'chart', { color: false, width });
      const plotLines = text.split('\n').filter((line) => /[┤┼└]/.test(line));
      expect(Math.max(...plotLines.map((line) => [...line].length))).toBe(width - 1);
    }
  });

  it('6 groups: 6 lines, no mark or colour used twice in a chart, each group the same in every chart', async () => {
    const result = many(6, 4);
    result.metrics = [merged, { ...merged, name: 'pr.new', key: 'pr.new' }];
    for (const element of result.elements) for (const r of element.rows) r.values['pr.new'] = Number(r.group) % 5;
    const plain = legendLines(await renderMeasurements(result, 'chart', { color: false }));
    expect(plain).toHaveLength(12);
    const marks = plain.map((line) => line.slice(2, 4));
    expect(new Set(marks.slice(0, 6)).size).toBe(6);
    expect(marks.slice(6)).toEqual(marks.slice(0, 6));
    const painted = legendLines(await renderMeasurements(result, 'chart', { color: true }));
    const colours = painted.map((line) => /\u001b\[(\d+)m/.exec(line)?.[1]);
    expect(new Set(colours.slice(0, 6)).size).toBe(6);
    expect(colours.slice(6)).toEqual(colours.slice(0, 6));
  });

  it('from 7 groups: a ranked table with a sparkline per group, every group in it, highest total of the weeks that have ended first', async () => {
    const text = await renderMeasurements(many(11, 6), 'chart', { color: false, today: '2026-10-15' });
    const lines = text.split('\n');
    expect(lines[2]).toBe('Pull requests merged  pr.merged, count');
    expect(lines[3]).toBe('   #  Team           Sep 7 - 13 … Oct 12 - 18  total');
    const rows = lines.filter((line) => /^ +\d+ {2}Team \d+/.test(line));
    expect(rows).toHaveLength(11);
    // Oct 12 - 18 is in progress: hollow (░), never a level that reads as a drop, and not counted (Team 9 made 45 with it, 35 without).
    expect(rows[0]).toBe('   1  Team 2 (102)   ▅▆▇▇█░                       40');
    for (const line of rows) expect(line).toMatch(/░ +\d+$/);
    expect(rows.map((line) => Number(line.trim().split(/\s+/).pop()))).toEqual([40, 35, 34, 30, 28, 25, 22, 20, 16, 15, 10]);
    expect(text).toContain('  ▁ to █: 0 to 10 (the 5th to 95th percentile); ▲ above, ▼ below\n  ░ in progress: Oct 12 - 18 (the last character, values partial); not counted\n    in the total\n');
    expect((await renderMeasurements(many(7, 3), 'chart', { color: false })).split('\n').filter((line) => /^ +\d+ {2}Team \d+/.test(line))).toHaveLength(7);
    expect((await renderMeasurements(many(6, 3), 'chart', { color: false })).split('\n').filter((line) => /^ +\d+ {2}Team \d+/.test(line))).toHaveLength(0);
  });

  it('a week in progress: drawn, left out of the totals and averages; a group with values in it only shows them "so far"', async () => {
    const result = threeWeeks();
    // Search (9) has merged only in the week in progress (Sep 21 - 27 ends on the 27th).
    result.elements[2]!.rows.push(row(9, 'Search', { 'pr.merged': 3, 'branch.computed.cycle_time:p75': 60 }));
    const legend = legendLines(await renderMeasurements(result, 'chart', { color: false, width: 60, today: '2026-09-24' }));
    // Payments merged 2 + 4 (+ 8 in progress).
    expect(legend.find((l) => l.includes('Payments') && l.includes('total'))).toMatch(/total 6$/);
    // A count the service leaves out of a week is 0 there: Search merged 0 in the weeks that ended.
    expect(legend.find((l) => l.includes('Search') && l.includes('total'))).toMatch(/Search \(9\) +total 0$/);
    expect(legend.find((l) => l.includes('Search') && l.includes('average'))).toMatch(/Search \(9\) +average so far 1h /);
    const text = await renderMeasurements(result, 'chart', { color: false, width: 60, today: '2026-09-24' });
    expect(text).toContain('  totals count the buckets that have ended\n');
    expect(text).toContain('  averages count the buckets that have ended; "average so\n    far": from buckets in progress only\n');
    // Every week ended: no such line, every value whole.
    const ended = await renderMeasurements(result, 'chart', { color: false, width: 60, today: '2026-10-15' });
    expect(ended).not.toContain('so far');
    expect(ended).not.toContain('count the buckets that have ended');
    expect(legendLines(ended).find((l) => l.includes('Payments') && l.includes('total'))).toMatch(/total 14/);
  });

  it('one outlier takes ▲ and the other weeks keep their spread, instead of all reading ▁', async () => {
    const result = many(10, 8);
    result.elements[3]!.rows[2]!.values['pr.merged'] = 500;
    const text = await renderMeasurements(result, 'chart', { color: false });
    const team2 = text.split('\n').find((line) => line.includes('Team 2 (102)')) ?? '';
    // Team 2 merges 6, 7, 8, (500), 10, 0, 1, 2: on the scale 0 to 10, not 0 to 500.
    expect(team2).toContain('▅▆▇▲█▁▂▂');
    const levels = new Set(text.split('\n').filter((line) => /Team \d+ \(/.test(line)).join('').replace(/[^▁▂▃▄▅▆▇█]/g, ''));
    expect(levels.size).toBeGreaterThanOrEqual(6);
  });

  it('from 7 groups: a group with no value at all keeps a row, unranked, last, and is named under the table', async () => {
    const result = many(11, 6);
    result.elements[0]!.rows.push(row(999, 'Quiet', { 'pr.merged': null }));
    const lines = (await renderMeasurements(result, 'chart', { color: false })).split('\n');
    expect(lines.filter((line) => line.includes('(1'))).toHaveLength(11);
    expect(lines.at(-4)).toBe('      Quiet (999)                                  -');
    expect(lines.at(-2)).toBe('  no value at all: Quiet (999)');
  });

  it('one bucket: a bar per group, highest first; hollow while the bucket is in progress', async () => {
    const one = threeWeeks({ rollUp: 'custom', elements: threeWeeks().elements.slice(0, 1) });
    expect(await renderMeasurements(one, 'chart', { color: false, width: 50 })).toBe(`Pull requests merged and Cycle time (75th
  percentile) by team: Sep 7 - 27, 2026, whole
  window; 2 teams

Pull requests merged  pr.merged, count
  Platform (7)   ████████████████████████████  6
  Payments (42)  █████████▍                    2

Cycle time, 75th percentile
  branch.computed.cycle_time:p75, duration
  Payments (42)  ██████████████████████████  10h
  Platform (7)   █████▎                       2h
`);
    const open = await renderMeasurements(one, 'chart', { color: false, width: 50, today: '2026-09-10' });
    expect(open).toContain('  Platform (7)   ░░░░░░░░░░░░░░░░░░░░░░░░░░░░  6\n');
    expect(open).toContain('  in progress: Sep 7 - 13 has not ended (values so far)\n');
    expect(await renderMeasurements(orgWhole(), 'chart', { color: false })).toContain('  1  ████');
  });

  it('a group with no value at all keeps its place; a metric no group has a value for says so; no data is one sentence', async () => {
    const result = threeWeeks({ metrics: [merged, { name: 'releases.count', agg: undefined, key: 'releases.count', unit: 'count' }] });
    result.elements[0]!.rows.push(row(9, 'Quiet', { 'pr.merged': null }));
    const text = await renderMeasurements(result, 'chart', { color: false });
    expect(text).toContain('Releases  releases.count, count\n  no values for this metric\n');
    expect(text).toContain('  ++ Quiet (9)      no values\n');
    expect(await renderMeasurements(noData(), 'chart', { color: false })).toBe('No data for these filters.\n');
  });
});

describe('chart format at 80 columns', () => {
  /** Long names, as an organization's teams have them. */
  function named(groups: number, weeks: number): MeasurementResult {
    const result = many(groups, weeks);
    for (const element of result.elements) for (const r of element.rows) r.name = `Platform Engineering and Developer Experience ${String(r.group)}`;
    result.metrics = [merged, cycleP75];
    for (const element of result.elements) for (const r of element.rows) r.values['branch.computed.cycle_time:p75'] = 600 + Number(r.group);
    return result;
  }

  it('3 teams and 30 teams: every line, heading and legend included, fits in 79 columns; names are cut, never the values', async () => {
    for (const groups of [3, 30]) {
      const text = await renderMeasurements(named(groups, 13), 'chart', { color: false, width: 80, today: '2026-11-25' });
      for (const line of text.split('\n')) expect(displayWidth(line), `${groups} groups: ${line}`).toBeLessThanOrEqual(79);
      // Every value is whole: the totals of the rows (or legend) end their line.
      const totals = text.split('\n').filter((l) => /(total|average)( so far)? [\dh m]+$|\s\d+$/.test(l));
      expect(totals.length).toBeGreaterThanOrEqual(groups);
      if (groups === 30) expect(text).toContain('…');
    }
  });

  it('a partial last week is hollow and dim in every sparkline, never ▼', async () => {
    const result = many(30, 13);
    // The week in progress holds one day of merges: far under every ended week.
    for (const r of result.elements.at(-1)?.rows ?? []) r.values['pr.merged'] = 0;
    for (const element of result.elements.slice(0, -1)) for (const r of element.rows) r.values['pr.merged'] = 5 + (Number(r.group) % 5);
    const text = await renderMeasurements(result, 'chart', { color: false, width: 80, today: '2026-12-02' });
    const rows = text.split('\n').filter((line) => /^ +\d+ {2}Team \d+/.test(line));
    expect(rows).toHaveLength(30);
    for (const line of rows) expect(line).toMatch(/[▁▂▃▄▅▆▇█▲]░ +\d+$/);
    const colored = await renderMeasurements(result, 'chart', { color: true, width: 80, today: '2026-12-02' });
    expect(colored).toContain('\x1b[2m░\x1b[22m');
  });
});

describe('chart helpers', () => {
  it('series: every group in one stable order; counts missing in a bucket are 0, durations are gaps, in minutes', () => {
    const groups = reportGroups(threeWeeks());
    expect(groups.map((g) => [g.label, g.slot])).toEqual([
      ['Payments (42)', 0],
      ['Platform (7)', 1],
    ]);
    const counts = metricChart(threeWeeks(), merged, groups);
    expect(counts.series.map((s) => [s.label, s.values, s.window])).toEqual([
      ['Payments (42)', [2, 4, 8], 14],
      ['Platform (7)', [6, 0, 3], 9],
    ]);
    const durations = metricChart(threeWeeks(), cycleP75, groups);
    expect(durations.unitLabel).toBe('duration');
    expect(durations.series.map((s) => [s.values, s.window, s.gaps])).toEqual([
      [[600, null, 1200], 900, 1],
      [[120, null, 180], 150, 1],
    ]);
  });

  it('sparkline: one character per bucket on one scale, · for no value, ▲ and ▼ beyond the scale', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], { low: 0, high: 7 })).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([5, null, 10], { low: 0, high: 10 })).toBe('▅·█');
    expect(sparkline([3, 3], { low: 3, high: 4 })).toBe('▁▁');
    expect(sparkline([2, 50, -1], { low: 0, high: 10 })).toBe('▂▲▼');
  });

  it('labels never overlap: the newest always shown, the others where they fit', () => {
    expect(placeLabels(['Sep 1', 'Sep 8', 'Sep 15'], [2, 10, 18], 22)).toBe('Sep 1   Sep 8  Sep 15');
    expect(placeLabels(['Sep 1', 'Sep 8', 'Sep 15'], [2, 6, 10], 14)).toBe('Sep 1  Sep 15');
  });

  it('gives the y axis round steps starting at 0, labelled in the cells\' unit', () => {
    const shape = (a: ReturnType<typeof niceAxis>) => ({ min: a.min, max: a.max, steps: a.steps, labels: axisTicks(a).map(a.label) });
    expect(shape(niceAxis(0, 35, 10))).toMatchObject({ min: 0, max: 35, steps: 7, labels: ['0', '5', '10', '15', '20', '25', '30', '35'] });
    // Ratios step by fractions where they need to.
    expect(shape(niceAxis(0, 2.1, 10, 'ratio'))).toMatchObject({ min: 0, max: 2.25, steps: 9 });
    expect(shape(niceAxis(0, 2.1, 10, 'ratio')).labels.slice(0, 3)).toEqual(['0.00', '0.25', '0.50']);
    expect(shape(niceAxis(-3, 12, 10, 'ratio'))).toMatchObject({ min: -4, max: 12, steps: 8 });
    expect(shape(niceAxis(0, 0, 10, 'ratio'))).toMatchObject({ min: 0, max: 1, steps: 10 });
    // Counts tick in whole numbers: never 15.0, 12.5, 10.0 (pull requests) or 0.25 lines.
    expect(shape(niceAxis(0, 15, 6, 'count')).labels).toEqual(['0', '5', '10', '15']);
    expect(shape(niceAxis(0, 2.1, 10, 'count')).labels).toEqual(['0', '1', '2', '3']);
    expect(shape(niceAxis(-3, 12, 10, 'count'))).toMatchObject({ min: -4, max: 12, steps: 8 });
    expect(shape(niceAxis(0, 0, 10, 'lines')).labels).toEqual(['0', '1']);
    for (const high of [1, 3, 7, 12, 15, 23, 49, 130]) {
      for (const label of shape(niceAxis(0, high, 6, 'count')).labels) expect(label, `0..${high}`).toMatch(/^\d+$/);
    }
    // Durations (minutes): steps of the minute, hour and day ladder, labels like the cells.
    expect(shape(niceAxis(0, 3120, 6, 'minutes'))).toEqual({ min: 0, max: 3600, steps: 5, labels: ['0m', '12h', '1d', '1d 12h', '2d', '2d 12h'] });
    expect(shape(niceAxis(0, 95, 6, 'minutes')).labels).toEqual(['0m', '30m', '1h', '1h 30m', '2h']);
    expect(shape(niceAxis(0, 36000, 6, 'minutes')).labels).toEqual(['0m', '5d', '10d', '15d', '20d', '25d']);
    expect(shape(niceAxis(0, 0, 6, 'minutes')).labels).toEqual(['0m', '10m', '20m', '30m', '40m', '50m', '1h']);
  });
});
