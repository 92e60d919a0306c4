// Literal anchors for the percentiles: the expected values of the metric tests come from `np` in
// helpers.ts, written independently of the engine's `percentile`, but two copies of one
// misunderstanding of numpy would still agree. These values are numpy.percentile's own answers
// (default linear method), written down, so both copies are held to them.

import { describe, expect, it } from 'vitest';
import { percentile } from '../../../src/emulator/metrics/aggregate.js';
import { median, np } from './helpers.js';

const ANCHORS: [number[], number, number][] = [
  [[60, 240, 1440], 50, 240],
  [[1, 2, 3, 4], 50, 2.5],
  [[1, 2, 3, 4], 75, 3.25],
  [[10, 20, 30, 40, 50], 90, 46],
  [[10, 20, 30, 40, 50], 75, 40],
  [[7], 90, 7],
  [[4, 1, 3, 2], 75, 3.25],
];

describe('percentile anchors (numpy.percentile, linear)', () => {
  it('median([60, 240, 1440]) is 240', () => {
    expect(median([60, 240, 1440])).toBe(240);
  });

  it.each(ANCHORS)('np(%j, %i) = %d', (values, q, expected) => {
    expect(np(values, q)).toBeCloseTo(expected, 12);
  });

  it.each(ANCHORS)('the engine: percentile(%j, %i) = %d', (values, q, expected) => {
    const sorted = Float64Array.from(values).sort();
    expect(percentile(sorted, q / 100)).toBeCloseTo(expected, 12);
  });
});
