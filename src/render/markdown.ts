// The pull-request comment form of a plan: a hidden marker so CI can find and update its own
// comment, the summary first, then warnings and errors, then each group's changes collapsed in a
// <details> block holding a ```diff block. GitHub refuses comments over 65,536 characters, so the
// output is kept under maxChars by dropping whole changes from the end, with a note saying so.

import { escapeControlDeep, inertMarkdown } from '../core/escape.js';
import type { Change, Plan, PlanMessage } from '../core/plan-model.js';
import { countActions, groupChanges, type ChangeEntry } from './entries.js';
import { noChangesLine, railsTitle, scopeLine, summaryLine } from './text.js';

export interface PlanMarkdownOptions {
  title?: string;
  /** Upper bound on the output length; default 60,000 (GitHub's limit is 65,536). */
  maxChars?: number;
}

export const DEFAULT_MAX_CHARS = 60_000;

/** How the document speaks: a plan and a drift report differ only in these words. */
export interface MarkdownWording {
  marker: string;
  title: string;
  /** The bold line under the heading. */
  summary: string;
  /** The bold line instead, when there are no changes. */
  empty: string;
  /** The command that shows everything, named in the truncation note. */
  command: string;
  /** What that command shows: "plan" or "report". */
  document: string;
  /** A plan counts the calls it will make; a drift report makes none. */
  showApiCalls: boolean;
  /** A plan names the safety rails apply would refuse it on; a drift report does not. */
  showRails?: boolean;
  /** How a change is drawn; default the plan's (what apply would do). */
  entry?: (change: Change) => ChangeEntry;
}

export function renderPlanMarkdown(plan: Plan, opts: PlanMarkdownOptions = {}): string {
  const wording: MarkdownWording = {
    marker: '<!-- emctl-plan -->',
    title: opts.title ?? 'emctl plan',
    summary: summaryLine(plan),
    empty: noChangesLine(plan.scope, plan.errors.length),
    command: 'emctl plan',
    document: 'plan',
    showApiCalls: true,
    showRails: true,
  };
  return renderMarkdownDocument(plan, wording, opts.maxChars ?? DEFAULT_MAX_CHARS);
}

export function renderMarkdownDocument(shownPlan: Plan, wording: MarkdownWording, maxChars: number): string {
  // Names from the service and the config are shown, never obeyed as terminal control (DESIGN 8).
  const plan = escapeControlDeep(shownPlan);
  const groups = groupChanges(plan.changes, wording.entry);
  const empty = plan.changes.length === 0;
  const head = [wording.marker, `## ${escapeText(wording.title)}`, `**${escapeText(empty ? wording.empty : wording.summary)}**`];
  if (plan.scope !== undefined) head.push(`_${escapeText(scopeLine(plan.scope))}_`);
  if (!empty) {
    const rows = groups.map((g) => ({ title: g.title, changes: g.entries.map((e) => e.change) }));
    head.push(summaryTable(plan, rows, wording.showApiCalls));
  }
  // Messages may use up to half the room; the changes are what reviewers came for.
  let out = head.join('\n\n') + '\n';
  const messageBudget = Math.floor(maxChars / 2);
  const rails = wording.showRails ? (plan.safety_refusals ?? []) : [];
  if (rails.length > 0) {
    // Right under the summary: the refusal a merge would meet is the first thing a reviewer reads.
    const title = `### :no_entry: ${escapeText(railsTitle(rails))}`;
    out += '\n' + messageList(title, rails.map((r) => ({ message: r.message })), 'refusals', messageBudget - out.length, wording.command);
  }
  if (plan.errors.length > 0) {
    const title = `### Errors (${plan.errors.length})\n\nThe service would refuse these; nothing will be applied.`;
    out += '\n' + messageList(title, plan.errors, 'errors', messageBudget - out.length, wording.command);
  }
  if (plan.warnings.length > 0) {
    const title = `### Warnings (${plan.warnings.length})`;
    out += '\n' + messageList(title, plan.warnings, 'warnings', messageBudget - out.length, wording.command);
  }
  const note = (notShown: number) =>
    `\n_... ${notShown} more changes not shown; run \`${wording.command}\` for the full ${wording.document}._\n`;
  return out + changeDetails(groups, maxChars - out.length, note);
}

function summaryTable(plan: Plan, groups: { title: string; changes: Plan['changes'] }[], showApiCalls: boolean): string {
  const count = (changes: Plan['changes'], action: string) => changes.filter((c) => c.action === action).length;
  const rows = groups.map(
    (g) => `| ${g.title} | ${count(g.changes, 'add')} | ${count(g.changes, 'update')} | ${count(g.changes, 'remove')} |`,
  );
  const { add, update, remove, operations } = plan.summary;
  const table = [
    '| Object kind | Add | Change | Remove |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    `| **Total** | **${add}** | **${update}** | **${remove}** |`,
  ];
  return [...table, ...(showApiCalls ? ['', `API calls: **${operations}**`] : [])].join('\n');
}

function messageList(title: string, messages: readonly PlanMessage[], noun: string, budget: number, command: string): string {
  let out = title + '\n\n';
  for (const [index, m] of messages.entries()) {
    const item = `- ${messageMarkdown(m)}\n`;
    if (out.length + item.length > budget) {
      return out + `- ... and ${messages.length - index} more ${noun}; run \`${command}\` to see them all\n`;
    }
    out += item;
  }
  return out;
}

function messageMarkdown(m: PlanMessage): string {
  const prefix = [m.location, m.address].filter((p): p is string => p !== undefined && p !== '').map(codeSpan);
  return [...prefix, escapeText(m.message)].join(': ');
}

/**
 * One <details> block per group. An entry is added only if it, the block's closing lines and the
 * truncation note still fit, so the cut falls between whole changes and every fence and
 * <details> opened is closed.
 */
function changeDetails(groups: Group[], budget: number, note: (notShown: number) => string): string {
  // Everything, when it fits: the room for the note is only needed when something is cut.
  const whole = fitDetails(groups, budget, 0, note);
  return whole.cut ? fitDetails(groups, budget, note(whole.total).length, note).text : whole.text;
}

type Group = { title: string; entries: ChangeEntry[] };

function fitDetails(
  groups: Group[],
  budget: number,
  reserve: number,
  note: (notShown: number) => string,
): { text: string; cut: boolean; total: number } {
  const total = groups.reduce((n, g) => n + g.entries.length, 0);
  let out = '';
  let shown = 0;
  for (const group of groups) {
    const texts = group.entries.map(entryText);
    const fence = fenceFor(texts);
    const open = `\n<details><summary>${group.title}: ${countActions(group.entries.map((e) => e.change))}</summary>\n\n${fence}diff\n`;
    const close = `${fence}\n\n</details>\n`;
    let block = '';
    let cut = false;
    for (const text of texts) {
      if (out.length + open.length + block.length + text.length + close.length + reserve > budget) {
        cut = true;
        break;
      }
      block += text;
      shown += 1;
    }
    if (block !== '') out += open + block + close;
    if (cut) return { text: out + note(total - shown), cut, total };
  }
  return { text: out, cut: false, total };
}

/** The diff lines of one change; `~` becomes `!`, which GitHub's diff highlighting marks as changed. */
function entryText(entry: ChangeEntry): string {
  const marker = entry.marker === '~' ? '!' : entry.marker;
  const head = `${marker} ${entry.head.map((s) => s.text).join('')}\n`;
  return head + entry.body.map((line) => `${line.marker}   ${line.text}\n`).join('');
}

/**
 * A fence longer than any run of backticks in the content, so content (a regex, a label) is shown
 * verbatim and can never close the block early (CommonMark: a closing fence is at least as long).
 */
export function fenceFor(texts: readonly string[]): string {
  let longest = 0;
  for (const text of texts) for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Inline code that survives backticks inside it. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const delimiter = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${delimiter}${pad}${text}${pad}${delimiter}`;
}

/** Free text from messages and labels: Markdown and HTML punctuation is escaped so it reads as written, mentions and bare links made inert. */
export function escapeText(text: string): string {
  return inertMarkdown(text.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`));
}
