// A goal's threshold read against its metric's unit (DESIGN.md section 12): durations written with
// their units for minute metrics, plain numbers for counts and ratios, each mistake said.

import { describe, expect, it } from 'vitest';
import { parseDuration, readThreshold } from '../../../src/measure/goals/threshold.js';

describe('parseDuration', () => {
  it.each([
    ['90m', 90],
    ['12h', 720],
    ['1d', 1440],
    ['2d 4h', 3120],
    ['1w', 10080],
    ['1d 2h 30m', 1590],
    ['1.5h', 90],
    ['  3h  ', 180],
    ['0m', 0],
  ])('%s is %d minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(['', '3', '2 days', '4h 2d', '1d 1d', '1x', 'd', '-1h', '1h,30m'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('readThreshold', () => {
  it.each([
    ['1d', 'minutes', { value: 1440 }],
    ['2d 4h', 'minutes', { value: 3120 }],
    [5, 'count', { value: 5 }],
    [0.8, 'ratio', { value: 0.8 }],
    [0, 'count', { value: 0 }],
    [400, 'lines', { value: 400 }],
  ] as const)('%j for a %s metric', (raw, unit, expected) => {
    expect(readThreshold(raw, unit, 'm', 'at_most')).toEqual(expected);
  });

  it.each([
    [3, 'minutes', 'at_most: `m` is a duration: write the threshold with its unit (90m, 12h, 1d or 2d 4h), not the bare number 3'],
    ['3', 'minutes', 'at_most: `3` is not a duration: write it as 90m, 12h, 1d or 2d 4h (units w, d, h, m, largest first)'],
    ['2d', 'count', 'at_most: `2d` is a duration, and `m` is a count: write the threshold as a number (e.g. 5)'],
    ['five', 'ratio', 'at_most: `five` is not a number: `m` is a ratio: write the threshold as a number (e.g. 0.8)'],
    [-1, 'count', 'at_most: a threshold of a count is 0 or more; got -1'],
    [true, 'count', 'at_most: `m` is a count: write the threshold as a number'],
  ] as const)('%j for a %s metric is refused', (raw, unit, problem) => {
    expect(readThreshold(raw, unit, 'm', 'at_most')).toEqual({ problem });
  });
});
