// `emctl goals --format markdown`: the digest for ONE issue or pull-request comment that a CI job
// updates in place (found by its `<!-- emctl-goals -->` marker, like the plan's). The summary comes
// first (a line, and a table with a row per goal), then per goal its missing groups in a collapsed
// <details> block. GitHub refuses a comment over 65,536 characters, so the whole is kept under
// maxChars: each goal's block gets an even share of what the summary leaves (a share it does not
// use passes to the next), rows are dropped from its end, whole, with a line saying how many, and
// every block is closed.

import { markdownCell } from '../render/markdown.js';
import type { JudgedGoal } from './judge.js';
import { goalState, goalsSummary, type GoalState } from './render-text.js';
import { bucketWord, changeText, groupLabel, groupNounOf, historySparkline, judgedLabel, missText, someNames, soFar, thresholdText } from './words.js';

export const GOALS_MARKER = '<!-- emctl-goals -->';
const DEFAULT_MAX_CHARS = 60_000;
/** Rows of the summary table at most; the goals past them are counted in one line. */
const SUMMARY_ROWS = 200;
const NO_DATA_NAMES = 20;

const ICONS: Record<GoalState, string> = { missed: ':x:', met: ':white_check_mark:', no_data: ':grey_question:' };

export interface GoalsMarkdownOptions {
  generatedAt?: string;
  maxChars?: number;
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/**
 * The summary table: a row per goal, up to SUMMARY_ROWS and `budget` characters (goal names have
 * no length bound); the goals past them are counted in one line.
 */
function summaryTable(judged: readonly JudgedGoal[], budget: number): string[] {
  const lines = [row(['Goal', 'Metric', 'Threshold', 'Judged', 'Missed', 'Met', 'No data']), row(['---', '---', '---', '---', '--:', '--:', '--:'])];
  let left = budget - lines.join('\n').length;
  let shown = 0;
  for (const j of judged.slice(0, SUMMARY_ROWS)) {
    const { goal, counts } = j;
    const line = row([`${ICONS[goalState(j)]} ${markdownCell(goal.name)}`, `\`${goal.metric.key}\``, markdownCell(thresholdText(goal)), markdownCell(`${bucketWord(goal)} of ${judgedLabel(j)}`), String(counts.missed), String(counts.met), String(counts.no_data)]);
    if (line.length + 1 > left) break;
    lines.push(line);
    left -= line.length + 1;
    shown += 1;
  }
  if (shown < judged.length) lines.push('', `_... and ${judged.length - shown} more goals; run \`emctl goals\` for all._`);
  return lines;
}

/**
 * The summary line, at most `max` characters as written (it names up to ten missed goals, of any
 * length): cut before escaping would let `<` (`&lt;`) and `|` (`\\|`) grow it past the budget, and
 * cut after would split an escape; so the longest prefix whose escaped form fits is kept.
 */
function summaryLine(judged: readonly JudgedGoal[], max: number): string {
  const chars = [...goalsSummary(judged)];
  const whole = markdownCell(chars.join(''));
  if (whole.length <= max) return `**${whole}**`;
  // The longest prefix whose escaped form, with the ellipsis, fits: a binary search on its length.
  const cut = (keep: number) => markdownCell(`${chars.slice(0, keep).join('')}\u2026`);
  let [fits, over] = [0, chars.length];
  while (over - fits > 1) {
    const mid = Math.floor((fits + over) / 2);
    if (cut(mid).length <= max) fits = mid;
    else over = mid;
  }
  return `**${cut(fits)}**`;
}

/** A goal's details block within `budget` characters; undefined when even its frame does not fit. */
function detailsBlock(j: JudgedGoal, budget: number): string | undefined {
  const { goal } = j;
  const missed = j.groups.filter((g) => g.verdict === 'missed');
  const noData = j.groups.filter((g) => g.verdict === 'no_data');
  const total = j.groups.length;
  const title = missed.length > 0 ? `${missed.length} of ${total} ${groupNounOf(goal, total)} miss${missed.length === 1 ? 'es' : ''} it` : j.counts.met > 0 ? `every ${groupNounOf(goal, 1)} with data meets it` : 'no data';
  const open = ['<details>', `<summary>${markdownCell(goal.name)}: ${markdownCell(title)}</summary>`, ''];
  const tail: string[] = [''];
  const closing = ['', '</details>', ''];
  const met = `${j.counts.met} ${groupNounOf(goal, j.counts.met)} meet${j.counts.met === 1 ? 's' : ''} it`;
  tail.push(noData.length > 0 ? `${met}; no data for ${markdownCell(someNames(noData, NO_DATA_NAMES))}.` : `${met}.`);
  const rows: string[] = [];
  if (missed.length > 0) {
    const noun = groupNounOf(goal, 1);
    const head = [markdownCell(`${noun.charAt(0).toUpperCase()}${noun.slice(1)}`), 'Value', 'Change', `Last ${Math.max(0, (j.groups[0]?.history.length ?? 1) - 1)} ${bucketWord(goal)}s`, 'So far'];
    rows.push(row(head), row(['---', '--:', '--:', '---', '--:']));
    for (const g of missed) rows.push(row([markdownCell(groupLabel(g)), markdownCell(missText(goal, g.value)), changeText(g.changePct), historySparkline(g), markdownCell(soFar(goal, g))]));
  }
  const size = (lines: readonly string[]) => lines.reduce((n, l) => n + l.length + 1, 0);
  const frame = size(open) + size(tail) + size(closing);
  if (frame > budget) return undefined;
  if (frame + size(rows) <= budget) return [...open, ...rows, ...tail, ...closing].join('\n');
  // Whole rows from the end, with a line saying how many are left out (room kept for it).
  const cut = (left: number, shown: boolean) =>
    `_${shown ? '... and ' : ''}${left} ${shown ? 'more ' : ''}${groupNounOf(goal, left)} not shown; run \`emctl goals ${goal.name}\` for every one._`;
  let room = budget - frame - cut(missed.length, true).length - 2;
  const kept: string[] = [];
  for (const line of rows) {
    if (line.length + 1 > room) break;
    kept.push(line);
    room -= line.length + 1;
  }
  // The header and its rule alone are no table; the line that says so must fit too.
  if (kept.length <= 2) return frame + cut(missed.length, false).length + 1 > budget ? undefined : [...open, cut(missed.length, false), ...tail, ...closing].join('\n');
  return [...open, ...kept, '', cut(missed.length - (kept.length - 2), true), ...tail, ...closing].join('\n');
}

export function renderGoalsMarkdown(judged: readonly JudgedGoal[], options: GoalsMarkdownOptions = {}): string {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  // The summary takes at most half of the comment, so the details of the goals missed have room.
  const head = [GOALS_MARKER, '## emctl goals', summaryLine(judged, Math.floor(maxChars / 20)), '', ...summaryTable(judged, Math.floor(maxChars / 2)), ''];
  const footer = options.generatedAt === undefined ? [] : [`_Generated by emctl at ${markdownCell(options.generatedAt)}; each goal is judged on its latest complete bucket, the one in progress is not judged._`];
  const withDetails = judged.filter((j) => j.groups.length > 0 && (j.counts.missed > 0 || j.counts.no_data > 0));
  const skippedNote = (n: number) => `_Details of ${n} ${n === 1 ? 'goal' : 'goals'} not shown (the comment is kept under ${maxChars.toLocaleString('en')} characters); run \`emctl goals\` for all._`;
  let room = maxChars - [...head, ...footer].join('\n').length - skippedNote(withDetails.length).length - 4;
  const blocks: string[] = [];
  let skipped = 0;
  withDetails.forEach((j, i) => {
    const share = Math.floor(room / (withDetails.length - i));
    const block = share > 0 ? detailsBlock(j, share) : undefined;
    if (block === undefined) {
      skipped += 1;
      return;
    }
    blocks.push(block);
    room -= block.length + 1;
  });
  const notes = skipped > 0 ? [skippedNote(skipped), ''] : [];
  return `${[...head, ...blocks, ...notes, ...footer].join('\n')}\n`;
}
