// Patterns that can take exponential time (DESIGN 8): the service runs exclude_branches and the
// other settings patterns on every branch and file name, and a pattern such as `(a+)+$` backtracks
// through every way of splitting a name before it fails. validate warns, located, before review.
//
// Two well-kept detectors, one after the other: safe-regex2 (star height: a repetition inside a
// repetition, the shape every exponential pattern has; cheap) screens each pattern, and
// redos-detector (a backtracking analysis, loaded only for what the screen flags) confirms it, so
// `^v\d+(\.\d+)*$`, whose `\.` separates the repetitions, is not flagged. Neither flags the
// quadratic `\d+\.\d+`, harmless on names of a few hundred characters. Alternations of overlapping
// branches under one repetition (`(a|a)*`) pass the screen: a known gap, documented.

import { createRequire } from 'node:module';
import safeRegex from 'safe-regex2';

type RedosDetector = typeof import('redos-detector');

const require = createRequire(import.meta.url);
let redosDetector: RedosDetector | undefined;

/** How long the confirming analysis may take per pattern; past it, the pattern is reported. */
const ANALYSIS_TIMEOUT_MS = 250;

/**
 * Whether a compiled pattern (JavaScript source and flags, as translated from Python) can take
 * exponential time on some input.
 */
export function isCatastrophic(source: string, flags: string): boolean {
  if (safeRegex(source)) return false;
  let regexp: RegExp;
  try {
    regexp = new RegExp(source, flags.replace(/[gy]/g, ''));
  } catch {
    return false;
  }
  redosDetector ??= require('redos-detector') as RedosDetector;
  try {
    return !redosDetector.isSafe(regexp, { timeout: ANALYSIS_TIMEOUT_MS }).safe;
  } catch {
    // A construct the analysis does not read (a backreference): the screen's verdict stands.
    return true;
  }
}
