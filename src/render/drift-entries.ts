// A drifted object as a drift report shows it (DESIGN 3): what the service holds now and what the
// config says, one line each, so the reader sees what changed in the service, not only the fix.
// The plan's entries (entries.ts) say what apply would do; a drift entry keeps their head (marker,
// address, label, impacts) and puts `- live:` and `+ desired:` under it, which the text and
// Markdown renderers draw as they draw any body line.

import { kindOf } from '../core/kinds/registry.js';
import type { Change } from '../core/plan-model.js';
import { entryHead, MARKERS, type BodyLine, type ChangeEntry } from './entries.js';
import { compact, identityKey, joinLimited, MAX_LIST_ITEMS } from './values.js';

/** The two values of a drifted object, in words where a bare null or true would say little. */
export function driftValues(change: Change): { live: string; desired: string } {
  const live = change.display?.before !== undefined ? change.display.before : change.before;
  const desired = change.display?.after !== undefined ? change.display.after : change.after;
  return { live: word(change, live), desired: word(change, desired) };
}

function word(change: Change, value: unknown): string {
  const kind = kindOf(change.kind);
  if (kind.presence !== undefined) return value === true ? kind.presence.yes : kind.presence.no;
  if (value === undefined || value === null) return kind.absent ?? 'not set';
  return compact(value);
}

export function driftEntry(change: Change): ChangeEntry {
  const { live, desired } = driftValues(change);
  const body: BodyLine[] = [
    { marker: '-', text: `live:    ${live}` },
    { marker: '+', text: `desired: ${desired}` },
    ...longListDifference(change),
  ];
  return { change, marker: MARKERS[change.action], head: entryHead(change, false), body };
}

/**
 * Lists cut at MAX_LIST_ITEMS can hide the very element that drifted (a Git scope of 500
 * repositories): then the elements on one side only are named too.
 */
function longListDifference(change: Change): BodyLine[] {
  const { before, after } = change;
  if (!Array.isArray(before) || !Array.isArray(after)) return [];
  if (before.length <= MAX_LIST_ITEMS && after.length <= MAX_LIST_ITEMS) return [];
  const liveKeys = new Set(before.map(identityKey));
  const desiredKeys = new Set(after.map(identityKey));
  const onlyLive = before.filter((v) => !desiredKeys.has(identityKey(v))).map((v) => compact(v));
  const onlyDesired = after.filter((v) => !liveKeys.has(identityKey(v))).map((v) => compact(v));
  const lines: BodyLine[] = [];
  if (onlyLive.length > 0) lines.push({ marker: ' ', text: `live only:    ${joinLimited(onlyLive)}` });
  if (onlyDesired.length > 0) lines.push({ marker: ' ', text: `desired only: ${joinLimited(onlyDesired)}` });
  return lines;
}
