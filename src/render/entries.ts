// What the text and Markdown renderers share: plan changes put in display groups and turned into
// lines (a head line with the address, then, for settings sections, the lines of a unified diff).
// Tones say what a piece of text is; each renderer decides how a tone looks (colour, or nothing).

import { diffLines } from 'diff';
import type { Action, Change, ObjectKind } from '../core/plan-model.js';
import { kindOf, planSections } from '../core/kinds/registry.js';
import { blockLines, compact, identityKey, joinLimited } from './values.js';

export type Tone = 'add' | 'remove' | 'update' | 'plain' | 'dim';

export interface Segment {
  tone: Tone;
  text: string;
}

export type Marker = '+' | '-' | '~';

/** One line of a settings section diff: ' ' for an unchanged field shown for context. */
export interface BodyLine {
  marker: '+' | '-' | ' ';
  text: string;
}

/** One change as it is displayed. */
export interface ChangeEntry {
  change: Change;
  marker: Marker;
  /** The head line after its marker: address, label, value or set-diff, impacts. */
  head: Segment[];
  /** Unified diff of a settings section; empty for one-line changes. */
  body: BodyLine[];
}

export interface ChangeGroup {
  title: string;
  entries: ChangeEntry[];
}

/** Display groups: the plan's sections, in the order a reader meets the config file (DESIGN.md §2). */
export const GROUPS: readonly { title: string; kinds: readonly ObjectKind[] }[] = planSections();

export const MARKERS: Record<Action, Marker> = { add: '+', remove: '-', update: '~' };

const TONES: Record<Action, Tone> = { add: 'add', remove: 'remove', update: 'update' };

/**
 * Non-empty groups in GROUPS order. Within a group the plan's own order is kept: the planner
 * already orders changes deterministically, and re-sorting addresses as strings would put
 * team[100] before team[42].
 */
export function groupChanges(changes: readonly Change[], toEntry: (change: Change) => ChangeEntry = changeEntry): ChangeGroup[] {
  return GROUPS.map((group) => ({
    title: group.title,
    entries: changes.filter((c) => group.kinds.includes(c.kind)).map((c) => toEntry(c)),
  })).filter((group) => group.entries.length > 0);
}

/** "1 to add, 2 to remove" for a set of changes; only the actions present. */
export function countActions(changes: readonly Change[]): string {
  const count = (action: Action) => changes.filter((c) => c.action === action).length;
  const parts: string[] = [];
  if (count('add') > 0) parts.push(`${count('add')} to add`);
  if (count('update') > 0) parts.push(`${count('update')} to change`);
  if (count('remove') > 0) parts.push(`${count('remove')} to remove`);
  return parts.join(', ');
}

export function changeEntry(change: Change): ChangeEntry {
  const isSection = kindOf(change.kind).valueShown === 'sections';
  return { change, marker: MARKERS[change.action], head: entryHead(change, true), body: isSection ? sectionDiff(change.before, change.after) : [] };
}

/** The head line after the marker: address, label, the value (a plan's; a drift report puts values below), impacts. */
export function entryHead(change: Change, withValue: boolean): Segment[] {
  const head: Segment[] = [{ tone: TONES[change.action], text: change.address }];
  if (labelAddsToAddress(change)) head.push({ tone: 'plain', text: ` (${change.label})` });
  // The rule whose expansion made the change (DESIGN 2.1): what to edit to change it.
  if (change.rule !== undefined) head.push({ tone: 'dim', text: `  (rule ${JSON.stringify(change.rule)})` });
  // A settings section shows its value below the line; some addresses already say it all (a selection's entity).
  if (withValue && kindOf(change.kind).valueShown === undefined) head.push(...valueSegments(change));
  if (change.globs !== undefined) head.push({ tone: 'dim', text: `  ${globsText(change, change.globs)}` });
  if (change.impacts.length > 0) head.push({ tone: 'dim', text: `  [${change.impacts.join(', ')}]` });
  return head;
}

/**
 * The scope globs that brought repositories in, each beside the repositories it brought:
 * `(glob "acme/*": acme/docs, acme/tools)`, the names as the value shows them.
 */
function globsText(change: Change, globs: Readonly<Record<string, string>>): string {
  const ids = Array.isArray(change.after) ? change.after : [];
  const shown = Array.isArray(change.display?.after) ? change.display.after : ids;
  const byGlob = new Map<string, string[]>();
  ids.forEach((id, i) => {
    const glob = globs[String(id)];
    if (glob === undefined) return;
    const list = byGlob.get(glob) ?? [];
    list.push(String(shown[i] ?? id));
    byGlob.set(glob, list);
  });
  return [...byGlob].map(([glob, names]) => `(glob ${JSON.stringify(glob)}: ${names.join(', ')})`).join(' ');
}

/**
 * A label is worth showing when it tells what the address does not: a board's name next to its id,
 * a repository's name next to `repo[1234]`. Next to `repo["acme/api"]` the name is already there.
 */
function labelAddsToAddress(change: Change): change is Change & { label: string } {
  if (change.label === undefined || change.label === '') return false;
  return !change.address.includes(`[${JSON.stringify(change.label)}]`);
}

function valueSegments(change: Change): Segment[] {
  const gap: Segment = { tone: 'plain', text: '  ' };
  // What people read: the change's display form where it has one (names for ids), else the value.
  const before = change.display?.before !== undefined ? change.display.before : change.before;
  const after = change.display?.after !== undefined ? change.display.after : change.after;
  if (change.action !== 'update') {
    const value = change.action === 'add' ? after : before;
    // `true` only marks presence (a monitored repository): the marker already says it.
    return value === true ? [] : [gap, { tone: 'plain', text: compact(value) }];
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const setDiff = setDiffSegments(before, after);
    if (setDiff.length > 0) return [gap, ...setDiff];
  }
  return [gap, { tone: 'plain', text: `${compact(before)} -> ${compact(after)}` }];
}

/**
 * Scope lists are sets (the API ignores their order), so an update shows only the elements that
 * come and go: `+ "103"  - "101"`. Empty when only the order differs.
 */
function setDiffSegments(before: unknown[], after: unknown[]): Segment[] {
  const beforeKeys = new Set(before.map(identityKey));
  const afterKeys = new Set(after.map(identityKey));
  const added = after.filter((v) => !beforeKeys.has(identityKey(v))).map((v) => compact(v));
  const removed = before.filter((v) => !afterKeys.has(identityKey(v))).map((v) => compact(v));
  const segments: Segment[] = [];
  if (added.length > 0) segments.push({ tone: 'add', text: `+ ${joinLimited(added)}` });
  if (added.length > 0 && removed.length > 0) segments.push({ tone: 'plain', text: '  ' });
  if (removed.length > 0) segments.push({ tone: 'remove', text: `- ${joinLimited(removed)}` });
  return segments;
}

/** The whole section, before against after, one field per line (sections are a few lines long). */
function sectionDiff(before: unknown, after: unknown): BodyLine[] {
  const text = (value: unknown) => blockLines(value).map((line) => `${line}\n`).join('');
  const lines: BodyLine[] = [];
  for (const part of diffLines(text(before), text(after))) {
    const marker = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value.split('\n')) {
      if (line !== '') lines.push({ marker, text: line });
    }
  }
  return lines;
}
