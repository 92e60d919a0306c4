// What apply and drift print. Apply reports per-address outcomes from the API's applied/rejected
// lists (not per call: one PATCH can apply 99 repositories and reject one). Drift is a plan read
// the other way round, so it reuses the plan renderers and only changes the words.

import { escapeControlDeep } from '../core/escape.js';
import type { Plan } from '../core/plan-model.js';
import { driftEntry } from './drift-entries.js';
import { DEFAULT_MAX_CHARS, renderMarkdownDocument, type MarkdownWording } from './markdown.js';
import type { Style } from './style.js';
import { planBodySections } from './text.js';
import { plural } from './values.js';

export interface ApplyResult {
  applied: { address: string; operation: string }[];
  /** `details`: lines shown under the address (a call refused as a whole says more than one line). */
  rejected: { address: string; operation: string; code?: string; message: string; details?: string[] }[];
  skipped: { address: string; reason: string }[];
  journalPath?: string;
}

/**
 * `Applied 3, rejected 1, skipped 2.` then one line per address that did not go through (applied
 * addresses are only counted: a 500-repository apply would otherwise bury the failures), each
 * rejection's detail lines indented under it, then the journal, which holds the full record.
 */
export function renderApplySummary(shown: ApplyResult, style: Style): string {
  // The service's messages are shown, never obeyed as terminal control (DESIGN 8).
  const result = escapeControlDeep(shown);
  const { applied, rejected, skipped } = result;
  const counts = `Applied ${applied.length}, rejected ${rejected.length}, skipped ${skipped.length}.`;
  const paint = rejected.length > 0 ? style.error : skipped.length > 0 ? style.warn : style.add;
  const lines = [style.bold(paint(counts))];
  for (const r of rejected) {
    const reason = r.code === undefined || r.code === '' ? r.message : `${r.code}: ${r.message}`;
    lines.push(`  ${style.error('rejected')} ${r.address}  ${reason}  ${style.dim(`(${r.operation})`)}`);
    for (const detail of r.details ?? []) lines.push(`      ${detail}`);
  }
  for (const s of skipped) {
    lines.push(`  ${style.warn('skipped')}  ${s.address}  ${s.reason}`);
  }
  if (result.journalPath !== undefined) lines.push(style.dim(`Journal: ${result.journalPath}`));
  return lines.join('\n') + '\n';
}

export const NO_DRIFT = 'No drift. Live state matches the configuration.';

/** `live state differs from the configuration in 3 objects` */
export function driftLine(plan: Plan): string {
  return `live state differs from the configuration in ${plural(plan.changes.length, 'object')}`;
}

/**
 * The plan's change groups and messages, closed by the drift line. Markers read as what apply
 * would do to bring live state back to the configuration; API calls are left out (nothing is sent).
 */
export function renderDriftText(shownPlan: Plan, style: Style): string {
  const plan = escapeControlDeep(shownPlan);
  const sections = planBodySections(plan, style, driftEntry);
  sections.push(plan.changes.length === 0 ? NO_DRIFT : style.bold(`Drift: ${driftLine(plan)}.`));
  return sections.join('\n\n') + '\n';
}

export function renderDriftMarkdown(plan: Plan, opts: { title?: string; maxChars?: number } = {}): string {
  const line = driftLine(plan);
  const wording: MarkdownWording = {
    marker: '<!-- emctl-drift -->',
    title: opts.title ?? 'emctl drift',
    summary: `${line.charAt(0).toUpperCase()}${line.slice(1)}.`,
    empty: NO_DRIFT,
    command: 'emctl drift',
    document: 'report',
    showApiCalls: false,
    entry: driftEntry,
  };
  return renderMarkdownDocument(plan, wording, opts.maxChars ?? DEFAULT_MAX_CHARS);
}
