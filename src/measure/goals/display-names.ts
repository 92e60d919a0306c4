// Group names as goal outputs show them (text, Markdown, JSON): the service does not bound a
// team's name, and a digest of 300 goals over 50 teams would otherwise repeat 50 KB names into
// gigabytes. Each name is cut to NAME_DISPLAY_MAX characters, ending in an ellipsis, before any
// output is made, so every output stays linear in the groups it shows. The id beside each name
// says which group it is. Pure.

import type { JudgedGoal } from './judge.js';

/** Characters of a group's name shown at most (UTF-16 units; a pair is never split). */
export const NAME_DISPLAY_MAX = 100;

/** `name` cut to NAME_DISPLAY_MAX characters with `…`, or as it is when it fits. */
export function displayName(name: string): string {
  if (name.length <= NAME_DISPLAY_MAX) return name;
  let cut = name.slice(0, NAME_DISPLAY_MAX);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The judged goals with every group's name cut for display; a goal with no long name is shared. */
export function withDisplayNames(judged: readonly JudgedGoal[]): JudgedGoal[] {
  return judged.map((j) => {
    if (!j.groups.some((g) => g.name !== undefined && g.name.length > NAME_DISPLAY_MAX)) return j;
    return { ...j, groups: j.groups.map((g) => (g.name === undefined ? g : { ...g, name: displayName(g.name) })) };
  });
}
