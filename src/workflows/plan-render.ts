// How a plan leaves emctl: its colours, its text, JSON and Markdown forms, the saved plan file, and
// the warnings and predicted refusals said on stderr or thrown.

import { EmctlError } from '../contract/errors.js';
import { absolutePath } from '../output/paths.js';
import { escapeControl } from '../core/escape.js';
import type { Plan, PlanMessage } from '../core/plan-model.js';
import { renderPlanJson } from '../render/json.js';
import { renderPlanMarkdown } from '../render/markdown.js';
import { plainStyle, terminalStyle, type Style } from '../render/style.js';
import type { PlanFormat } from '../render/formats.js';
import { renderPlanText } from '../render/text.js';
import type { WorkflowIO } from './io.js';
import { writeFileAtomically } from '../output/write-file.js';
import { colorFor, type GlobalOptions } from './options.js';

/** Colour only on a terminal, and never with --no-color or NO_COLOR. */
export function styleFor(io: WorkflowIO, globals: GlobalOptions): Style {
  return colorFor(globals, io.stdout) ? terminalStyle() : plainStyle;
}

export function renderPlanAs(plan: Plan, format: PlanFormat, style: Style): string {
  switch (format) {
    case 'text':
      return renderPlanText(plan, style);
    case 'json':
      return planFileText(plan);
    case 'markdown':
      return renderPlanMarkdown(plan);
  }
}

/**
 * The saved plan: the versioned JSON, with the desired state it was made from (what
 * `apply PLANFILE` re-plans against to prove live state has not moved). Never holds the key:
 * nothing in a plan comes from the connection.
 */
export function planFileText(plan: Plan): string {
  return renderPlanJson(plan);
}

/** Writes the plan file atomically (temp file, then rename): a half-written plan is never applied. */
export async function writePlanFile(io: WorkflowIO, file: string, plan: Plan): Promise<string> {
  const path = absolutePath(io.cwd, file);
  const text = planFileText(plan);
  // A plan file is never written with the key, and with [REDACTED] in its place it would no longer
  // be the plan that was reviewed: apply would refuse it as stale. Like a plan the service would
  // refuse, it is not saved (only a key short enough to be part of names gets here).
  if (io.redactor?.holds(text)) {
    throw new EmctlError(
      'config',
      `the plan was not saved to ${file}: it holds the API key's text (inside names from the service or the config), which a plan file never holds; apply in one run (emctl apply -c CONFIG), or use a key that is not part of your organization's names`,
    );
  }
  // 0o600: a plan holds the organization's desired state; it is for the person who made it.
  await writeFileAtomically(path, text, { name: `the plan file ${file}`, mode: 0o600, redactor: io.redactor });
  return path;
}

export function messageLine(kind: 'Warning' | 'Error', m: PlanMessage): string {
  const where = [m.location, m.address].filter((p) => p !== undefined && p !== '').join(': ');
  // A message may quote the service's names: shown, never obeyed as terminal control (DESIGN 8).
  return `${kind}: ${escapeControl(`${where ? `${where}: ` : ''}${m.message}`)}\n`;
}

/**
 * Warnings on stderr for the formats whose stdout is for machines or pull requests (json,
 * markdown); the text form already shows them in the plan a person reads. Predicted refusals go
 * to stderr through refusalError, which the caller throws.
 */
export function reportMessages(io: WorkflowIO, plan: Plan, format: PlanFormat): void {
  if (format === 'text') return;
  for (const w of plan.warnings) io.stderr.write(messageLine('Warning', w));
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
