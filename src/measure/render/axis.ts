// The y axis of a chart (terminal and html alike), in the unit its cells are written in (DESIGN.md
// §11, round 2): round steps, and labels a person reads next to the values. Durations (the API's
// minutes) step through a ladder of minutes, hours and days and are labelled like the cells
// (`1d 12h`, never hours on the axis beside `2d 5h` in the table); other numbers step by 1, 2, 2.5
// or 5 times a power of ten and are labelled with just the decimals the step needs, counts by
// whole steps only.

import type { MetricUnit } from '../../contract/metrics.js';
import { formatDuration } from './values.js';

export interface Axis {
  /** The axis' bottom and top; both are multiples of the step. */
  min: number;
  max: number;
  /** Steps between min and max (the rows of a terminal chart, the gaps between html grid lines). */
  steps: number;
  /** A tick's label. */
  label(value: number): string;
}

const HOUR = 60;
const DAY = 24 * HOUR;
/** Steps of a duration axis, in minutes; past the last, whole multiples of 30 days by 1, 2, 5, 10... */
const DURATION_STEPS = [1, 2, 5, 10, 15, 30, HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 5 * DAY, 7 * DAY, 10 * DAY, 14 * DAY, 30 * DAY];

/** Candidate steps for numbers, smallest first from the power of ten below `rough`. */
function* numberSteps(rough: number): Generator<{ step: number; decimals: number }> {
  for (let exponent = Math.floor(Math.log10(rough)); ; exponent += 1) {
    for (const factor of [1, 2, 2.5, 5]) {
      yield { step: Number((factor * 10 ** exponent).toPrecision(6)), decimals: Math.max(0, -exponent + (factor === 2.5 ? 1 : 0)) };
    }
  }
}

function* durationSteps(): Generator<{ step: number; decimals: number }> {
  for (const step of DURATION_STEPS) yield { step, decimals: 0 };
  for (let scale = 2; ; scale *= 10) for (const factor of [1, 2.5, 5]) yield { step: factor * scale * 30 * DAY, decimals: 0 };
}

/**
 * The smallest round step that shows [min(0, dataMin), dataMax] in at most `maxSteps` steps. An
 * axis always includes 0, so bars and lines are read from it.
 */
export function niceAxis(dataMin: number, dataMax: number, maxSteps: number, unit: MetricUnit = 'count'): Axis {
  const low = Math.min(0, dataMin);
  const high = dataMax > low ? dataMax : low + (unit === 'minutes' ? HOUR : 1);
  const steps = unit === 'minutes' ? durationSteps() : numberSteps((high - low) / maxSteps);
  // Counts (pull requests, lines) tick in whole numbers: never 12.5 pull requests on an axis.
  const whole = unit === 'count' || unit === 'lines';
  for (const { step, decimals } of steps) {
    if (whole && !Number.isInteger(step)) continue;
    const min = Math.floor(low / step) * step;
    const count = Math.ceil((high - min) / step - 1e-9);
    if (count <= maxSteps) {
      const label = unit === 'minutes' ? (v: number) => formatDuration(v) : (v: number) => v.toFixed(decimals);
      return { min, max: Number((min + step * count).toPrecision(12)), steps: count, label };
    }
  }
  // Unreachable: both generators go on for ever.
  throw new Error('no step');
}

/** The tick values of an axis, bottom first. */
export function axisTicks(axis: Axis): number[] {
  return Array.from({ length: axis.steps + 1 }, (_, i) => Number((axis.min + ((axis.max - axis.min) * i) / Math.max(1, axis.steps)).toPrecision(12)));
}
