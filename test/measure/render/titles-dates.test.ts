// What people read for a metric and a time range (src/measure/render/titles.ts, dates.ts).

import { describe, expect, it } from 'vitest';
import { V1_METRICS, V2_METRICS } from '../../../src/contract/metrics.js';
import { dayRange, inProgress, lastDay } from '../../../src/measure/render/dates.js';
import { metricPhrase, metricsHeading, metricTitle } from '../../../src/measure/render/titles.js';

describe('metricTitle', () => {
  it.each([
    ['branch.computed.cycle_time', 'p75', 'Cycle time, 75th percentile'],
    ['branch.computed.cycle_time', 'p50', 'Cycle time, median'],
    ['branch.time_to_review', 'avg', 'Time to review, average'],
    ['pr.merged', undefined, 'Pull requests merged'],
    ['pm.mttr', 'avg', 'Mean time to recovery'],
    ['branch.stage.time_to_qa_review', 'p90', 'Time to qa review, 90th percentile'],
    ['some.future.metric', undefined, 'some.future.metric'],
  ])('%s %s -> %s', (name, agg, title) => {
    expect(metricTitle({ name, agg })).toBe(title);
  });

  it('every metric of the spec tables has a human name', () => {
    for (const { name } of [...V2_METRICS, ...V1_METRICS]) expect(metricTitle({ name, agg: undefined }), name).not.toBe(name);
  });
});

describe('the default heading: the metrics and the grouping', () => {
  const m = (name: string, agg?: string) => ({ name, agg });
  it.each<[{ name: string; agg: string | undefined }[], string | undefined, string]>([
    [[m('pr.merged')], 'team', 'Pull requests merged by team'],
    [[m('pr.merged')], undefined, 'Pull requests merged'],
    [[m('branch.computed.cycle_time', 'p75'), m('pr.merged')], 'repository', 'Cycle time (75th percentile) and Pull requests merged by repository'],
    [[m('branch.computed.cycle_time', 'p75'), m('pr.merged'), m('pr.new')], 'team', 'Cycle time (75th percentile), Pull requests merged and Pull requests opened by team'],
    [[m('branch.computed.cycle_time', 'p75'), m('pr.merged'), m('pr.new'), m('releases.count')], 'coding assistant', 'Cycle time (75th percentile), Pull requests merged and 2 more metrics by coding assistant'],
    [[], undefined, 'Measurements'],
  ])('%j by %s -> %s', (metrics, grouping, heading) => {
    expect(metricsHeading(metrics, grouping)).toBe(heading);
  });

  it('an aggregation goes in brackets, where commas separate metrics', () => {
    expect(metricPhrase(m('branch.time_to_review', 'avg'))).toBe('Time to review (average)');
    expect(metricPhrase(m('pm.mttr', 'avg'))).toBe('Mean time to recovery');
    expect(metricPhrase(m('pr.merged'))).toBe('Pull requests merged');
  });
});

describe('dates', () => {
  it.each([
    ['2026-09-01', '2026-09-08', false, 'Sep 1 - 7'],
    ['2026-09-28', '2026-10-05', false, 'Sep 28 - Oct 4'],
    ['2026-09-07', '2026-09-08', false, 'Sep 7'],
    ['2026-09-01', '2026-10-01', true, 'Sep 1 - 30, 2026'],
    ['2025-12-29', '2026-01-05', false, 'Dec 29, 2025 - Jan 4, 2026'],
    ['2024-02-01', '2024-03-01', false, 'Feb 1 - 29'],
  ])('[%s, %s) with year %s: %s', (after, before, withYear, label) => {
    expect(dayRange(after, before, withYear)).toBe(label);
  });

  it('the last day a before includes; in progress while before is after today', () => {
    expect(lastDay('2026-03-01')).toBe('2026-02-28');
    expect(inProgress('2026-09-21', '2026-09-20')).toBe(true);
    expect(inProgress('2026-09-21', '2026-09-21')).toBe(false);
    expect(inProgress('2026-09-21', undefined)).toBe(false);
  });
});
