// A plan's warnings and predicted refusals as lines of stderr or of an error, and the error that
// makes plan and apply exit 1 when the service would refuse part of a plan.

import { EmctlError } from '../contract/errors.js';
import { escapeControl } from '../core/escape.js';
import type { Plan, PlanMessage } from '../core/plan-model.js';
import type { PlanFormat } from './formats.js';

export function messageLine(kind: 'Warning' | 'Error', m: PlanMessage): string {
  const where = [m.location, m.address].filter((p) => p !== undefined && p !== '').join(': ');
  // A message may quote the service's names: shown, never obeyed as terminal control (DESIGN 8).
  return `${kind}: ${escapeControl(`${where ? `${where}: ` : ''}${m.message}`)}\n`;
}

/**
 * The warnings said on stderr for the formats whose stdout is for machines or pull requests (json,
 * markdown); the text form already shows them in the plan a person reads. Predicted refusals go
 * to stderr through refusalError, which the caller throws.
 */
export function warningLines(plan: Plan, format: PlanFormat): string {
  return format === 'text' ? '' : plan.warnings.map((w) => messageLine('Warning', w)).join('');
}

/**
 * The error that makes plan/apply exit 1 when the service would refuse part of the plan. With
 * `shownAbove` (the text plan on stdout already lists them) the refusals are not repeated.
 */
export function refusalError(plan: Plan, opts: { shownAbove?: boolean } = {}): EmctlError {
  const n = plan.errors.length;
  const what = n === 1 ? 'one problem' : `${n} problems`;
  if (opts.shownAbove) {
    return new EmctlError('predicted-refusal', `the service would refuse this plan (${what}, listed above); fix the config: nothing was written`);
  }
  return new EmctlError(
    'predicted-refusal',
    `the service would refuse this plan (${what}); fix the config: nothing was written`,
    plan.errors.map((e) => messageLine('Error', e).trimEnd().replace(/^Error: /, '')),
  );
}
