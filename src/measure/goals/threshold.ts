// A goal's threshold (DESIGN.md section 12) read against its metric's unit: a duration metric (the
// API gives minutes) takes a duration written as people write one (`90m`, `12h`, `1d`, `2d 4h`),
// never a bare number, whose unit nobody could tell; every other metric (counts, lines, ratios,
// days) takes a plain number, never a duration. Pure, so validate and the judge read it alike.

import type { MetricUnit } from '../../contract/metrics.js';

const MINUTES: Record<string, number> = { w: 7 * 24 * 60, d: 24 * 60, h: 60, m: 1 };
const ORDER = ['w', 'd', 'h', 'm'];
const PART = /^([0-9]+(?:\.[0-9]+)?)(w|d|h|m)$/;

/** `2d 4h` -> 3120 (minutes); undefined when the text is not a duration. Units largest first, each once. */
export function parseDuration(text: string): number | undefined {
  const parts = text.trim().split(/\s+/);
  if (parts.length === 0 || parts[0] === '') return undefined;
  let total = 0;
  let last = -1;
  for (const part of parts) {
    const m = PART.exec(part);
    if (!m) return undefined;
    const unit = m[2] ?? '';
    const at = ORDER.indexOf(unit);
    if (at <= last) return undefined;
    last = at;
    total += Number(m[1]) * (MINUTES[unit] ?? 0);
  }
  return total;
}

export type ThresholdResult = { value: number } | { problem: string };

const EXAMPLES = '90m, 12h, 1d or 2d 4h';

/** The threshold in the API's unit for `unit`, or what is wrong with it (`key`: at_most or at_least). */
export function readThreshold(raw: unknown, unit: MetricUnit, metric: string, key: string): ThresholdResult {
  if (unit === 'minutes') {
    if (typeof raw === 'number') {
      return { problem: `${key}: \`${metric}\` is a duration: write the threshold with its unit (${EXAMPLES}), not the bare number ${raw}` };
    }
    if (typeof raw !== 'string') return { problem: `${key}: \`${metric}\` is a duration: write the threshold as ${EXAMPLES}` };
    const minutes = parseDuration(raw);
    if (minutes === undefined) return { problem: `${key}: \`${raw}\` is not a duration: write it as ${EXAMPLES} (units w, d, h, m, largest first)` };
    return { value: minutes };
  }
  const noun = unit === 'ratio' ? 'a ratio' : unit === 'lines' ? 'a number of lines' : unit === 'days' ? 'a number of days' : 'a count';
  if (typeof raw === 'string') {
    const why = parseDuration(raw) !== undefined ? `\`${raw}\` is a duration, and` : `\`${raw}\` is not a number:`;
    return { problem: `${key}: ${why} \`${metric}\` is ${noun}: write the threshold as a number (e.g. ${unit === 'ratio' ? '0.8' : '5'})` };
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { problem: `${key}: \`${metric}\` is ${noun}: write the threshold as a number` };
  if (raw < 0) return { problem: `${key}: a threshold of ${noun} is 0 or more; got ${raw}` };
  return { value: raw };
}
