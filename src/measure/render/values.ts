// How one metric value reads for a person (table, markdown, html, chart legends): durations, which
// the API gives in minutes, as `2d 4h` / `3h 20m` / `45m`; ratios to two decimals; other numbers
// with thousands separators and at most two decimals. csv and json never come here: they keep the
// API's numbers as they are.

import type { MetricUnit } from '../../contract/metrics.js';

/** What a cell shows when the API gave no value (null with return_no_data, or the key left out). */
export const NO_VALUE = '-';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * A duration in minutes as at most two units, the larger ones first, a zero second unit left out:
 * `2d 4h`, `2d`, `3h 20m`, `3h`, `45m`, `<1m` for a positive value under half a minute, `0m`.
 * Rounding happens once, to the smallest unit shown, so 1439.6 minutes reads `1d`, never `23h 60m`.
 */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes)) return String(minutes);
  if (minutes < 0) return `-${formatDuration(-minutes)}`;
  const wholeMinutes = Math.round(minutes);
  if (wholeMinutes === 0) return minutes > 0 ? '<1m' : '0m';
  if (wholeMinutes < MINUTES_PER_HOUR) return `${wholeMinutes}m`;
  if (wholeMinutes < MINUTES_PER_DAY) {
    return twoUnits(Math.floor(wholeMinutes / MINUTES_PER_HOUR), 'h', wholeMinutes % MINUTES_PER_HOUR, 'm');
  }
  const wholeHours = Math.round(minutes / MINUTES_PER_HOUR);
  return twoUnits(Math.floor(wholeHours / 24), 'd', wholeHours % 24, 'h');
}

function twoUnits(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small === 0 ? `${big}${bigUnit}` : `${big}${bigUnit} ${small}${smallUnit}`;
}

/** `12,345`, `157.5`, `2.33`: grouped digits, at most two decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value * 100) / 100;
  const [whole = '0', fraction] = Math.abs(rounded).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = (fraction ?? '').replace(/0+$/, '');
  const sign = rounded < 0 ? '-' : '';
  return decimals === '' ? `${sign}${grouped}` : `${sign}${grouped}.${decimals}`;
}

/** One value as a person reads it, by the metric's unit; null or absent -> NO_VALUE. */
export function formatValue(unit: MetricUnit, value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (unit === 'minutes') return formatDuration(value);
  if (unit === 'ratio') return Number.isFinite(value) ? value.toFixed(2) : String(value);
  return formatNumber(value);
}

/**
 * The unit a chart's values are named by in its heading. Charts keep the API's numbers (durations
 * in minutes) and label their axes like the cells (`1d 12h`, axis.ts), so a duration is only said
 * to be one.
 */
export function chartUnitLabel(unit: MetricUnit): string | undefined {
  return unit === 'minutes' ? 'duration' : unit === 'unstated' ? undefined : unit;
}
