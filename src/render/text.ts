// The terminal form of a plan, Terraform-like: `+ - ~` per change, grouped by object kind,
// unified diffs for settings sections, then warnings, predicted refusals, the HTTP calls by stage
// and a one-line summary. Drift (results.ts) reuses the body with its own closing line.

import type { Change, Operation, Plan, PlanMessage, PlanScope, RailRefusal } from '../core/plan-model.js';
import { escapeControlDeep } from '../core/escape.js';
import { FORCE_HINT } from '../core/safety.js';
import { groupChanges, type ChangeEntry, type Segment } from './entries.js';
import type { Style } from './style.js';
import { plural } from './values.js';

export interface PlanTextOptions {
  /** List the HTTP calls that carry the plan out, stage by stage. */
  showOperations?: boolean;
}

export const NO_CHANGES = 'No changes. Live state matches the configuration.';

/**
 * The closing line of a plan with nothing to do. A plan the service would refuse never says that
 * live state matches (its errors are listed above it). A scoped plan read only part of the
 * organization, so it cannot say that either: it says what it did check.
 */
export function noChangesLine(scope: PlanScope | undefined, errors = 0): string {
  if (errors > 0) return `Nothing was planned: the service would refuse this configuration (${plural(errors, 'problem')} listed); fix it and plan again.`;
  if (scope === undefined) return NO_CHANGES;
  return `No changes in scope: ${plural(scope.objects, 'object')} read; the rest was not checked.`;
}

export function renderPlanText(shownPlan: Plan, style: Style, opts: PlanTextOptions = {}): string {
  // Names from the service and the config are shown, never obeyed as terminal control (DESIGN 8).
  const plan = escapeControlDeep(shownPlan);
  const sections = planBodySections(plan, style);
  if (plan.safety_refusals && plan.safety_refusals.length > 0) sections.push(railsSection(plan.safety_refusals, style));
  if (plan.scope !== undefined) sections.push(scopeLine(plan.scope));
  if (plan.changes.length === 0) return [...sections, noChangesLine(plan.scope, plan.errors.length)].join('\n\n') + '\n';
  if (opts.showOperations && plan.operations.length > 0) sections.push(operationsSection(plan.operations, style));
  sections.push(style.bold(summaryLine(plan)));
  return sections.join('\n\n') + '\n';
}

/**
 * A scoped plan says so, how many objects it covers, that drift checks the rest, and that the
 * share thresholds of its safety rails were judged on those objects only.
 */
export function scopeLine(scope: PlanScope): string {
  const by = scope.narrowed_by.length > 0 ? ` (${scope.narrowed_by.join(' ')})` : '';
  const what = scope.changed_from === undefined ? 'of the config' : `whose desired state changed since ${scope.changed_from}`;
  const parts = [`Scoped plan${by}: ${plural(scope.objects, 'object')} ${what} read and planned; drift checks the rest.`];
  if (scope.all_monitoring) parts.push("The monitoring patterns changed, so every repository's monitoring state is in scope.");
  if (scope.no_longer_managed) {
    parts.push(`${plural(scope.no_longer_managed, 'object')} deleted from the config since ${scope.changed_from ?? 'the ref'} ${scope.no_longer_managed === 1 ? 'is' : 'are'} no longer managed: nothing is written for ${scope.no_longer_managed === 1 ? 'it' : 'them'}.`);
  }
  parts.push('The share thresholds of the safety rails are judged on these objects.');
  return parts.join(' ');
}

/** `Plan: 3 to add, 1 to change, 2 to remove; 4 API calls.` */
export function summaryLine(plan: Plan): string {
  const { add, update, remove, operations } = plan.summary;
  return `Plan: ${add} to add, ${update} to change, ${remove} to remove; ${plural(operations, 'API call')}.`;
}

/** Change groups, then warnings and errors: each a block of lines, joined by blank lines. */
export function planBodySections(plan: Plan, style: Style, toEntry?: (change: Change) => ChangeEntry): string[] {
  const sections = groupChanges(plan.changes, toEntry).map((group) =>
    [style.bold(`${group.title}:`), ...group.entries.flatMap((entry) => entryLines(entry, style))].join('\n'),
  );
  if (plan.warnings.length > 0) {
    sections.push(messagesSection(style.warn(`Warnings (${plan.warnings.length}):`), plan.warnings));
  }
  if (plan.errors.length > 0) {
    const title = `Errors (${plan.errors.length}): the service would refuse these; nothing will be applied.`;
    sections.push(messagesSection(style.error(title), plan.errors));
  }
  return sections;
}

function entryLines(entry: ChangeEntry, style: Style): string[] {
  const toneStyle = (segment: Segment): string => {
    switch (segment.tone) {
      case 'add':
        return style.add(segment.text);
      case 'remove':
        return style.remove(segment.text);
      case 'update':
        return style.update(segment.text);
      case 'dim':
        return style.dim(segment.text);
      case 'plain':
        return segment.text;
    }
  };
  const markerStyle = { '+': style.add, '-': style.remove, '~': style.update }[entry.marker];
  const head = `  ${markerStyle(entry.marker)} ${entry.head.map(toneStyle).join('')}`;
  const body = entry.body.map((line) => {
    const text = `    ${line.marker} ${line.text}`;
    return line.marker === '+' ? style.add(text) : line.marker === '-' ? style.remove(text) : style.dim(text);
  });
  return [head, ...body];
}

/** `file:line:column: address: message`, leaving out what is unknown. */
export function messageText(message: PlanMessage): string {
  const prefix = [message.location, message.address].filter((part) => part !== undefined && part !== '');
  return [...prefix, message.message].join(': ');
}

function messagesSection(title: string, messages: readonly PlanMessage[]): string {
  return [title, ...messages.map((m) => `  ${messageText(m)}`)].join('\n');
}

/** `stage 1: PATCH /api/v1/git/repositories  monitor 3 repositories`, stages in order. */
export function operationLines(operations: readonly Operation[]): string[] {
  // Array.prototype.sort is stable, so calls within a stage keep the planner's order.
  return [...operations]
    .sort((a, b) => a.stage - b.stage)
    .map((op) => `stage ${op.stage}: ${op.method} ${op.path}  ${op.description}`);
}

function operationsSection(operations: readonly Operation[], style: Style): string {
  return [style.bold('Operations:'), ...operationLines(operations).map((line) => `  ${line}`)].join('\n');
}

/** The rails apply would refuse on, with their figures and the way past them. */
export function railsTitle(rails: readonly RailRefusal[]): string {
  return `Safety rails (${rails.length}): apply will refuse this plan (exit 3) and write nothing; ${FORCE_HINT}.`;
}

function railsSection(rails: readonly RailRefusal[], style: Style): string {
  return [style.error(railsTitle(rails)), ...rails.map((r) => `  ${r.message}`)].join('\n');
}
