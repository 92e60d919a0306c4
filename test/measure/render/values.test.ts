import { describe, expect, it } from 'vitest';
import { chartUnitLabel, formatDuration, formatNumber, formatValue } from '../../../src/measure/render/values.js';

describe('formatDuration (minutes as a person reads them)', () => {
  const cases: [number, string][] = [
    [0, '0m'],
    [0.2, '<1m'],
    [0.5, '1m'],
    [1, '1m'],
    [45, '45m'],
    [59.4, '59m'],
    [59.6, '1h'],
    [60, '1h'],
    [200.25, '3h 20m'],
    [1439.4, '23h 59m'],
    [1439.6, '1d'],
    [1440, '1d'],
    [1469, '1d'],
    [1471, '1d 1h'],
    [3120, '2d 4h'],
    [2 * 1440 + 23 * 60 + 40, '3d'],
    [400 * 1440 + 180, '400d 3h'],
    [-90, '-1h 30m'],
  ];
  for (const [minutes, expected] of cases) {
    it(`${minutes} -> ${expected}`, () => expect(formatDuration(minutes)).toBe(expected));
  }
});

describe('formatNumber and formatValue', () => {
  const numbers: [number, string][] = [
    [0, '0'],
    [12, '12'],
    [1537.5, '1,537.5'],
    [12345678, '12,345,678'],
    [2.333333, '2.33'],
    [0.005, '0.01'],
    [-1234.5, '-1,234.5'],
  ];
  for (const [value, expected] of numbers) {
    it(`number ${value} -> ${expected}`, () => expect(formatNumber(value)).toBe(expected));
  }

  it('by unit: durations human, ratios to two decimals, counts grouped, no value a dash', () => {
    expect(formatValue('minutes', 3120)).toBe('2d 4h');
    expect(formatValue('ratio', 0.333333)).toBe('0.33');
    expect(formatValue('ratio', 1)).toBe('1.00');
    expect(formatValue('count', 1200)).toBe('1,200');
    expect(formatValue('lines', 157.5)).toBe('157.5');
    expect(formatValue('days', 3)).toBe('3');
    expect(formatValue('count', null)).toBe('-');
    expect(formatValue('minutes', undefined)).toBe('-');
  });

  it('names a chart\'s unit: durations as durations (their axes say 1d 12h), other units as they are', () => {
    expect(chartUnitLabel('minutes')).toBe('duration');
    expect(chartUnitLabel('count')).toBe('count');
    expect(chartUnitLabel('unstated')).toBeUndefined();
  });
});
