// Text made to fit a terminal line (DESIGN 11: every line of the terminal chart fits its width,
// names are cut, never the values): a name cut with `…`, a sentence wrapped at spaces onto
// indented lines. Widths are terminal columns (width.ts), so wide characters count twice.

import { displayWidth } from './width.js';

/** `text` in at most `width` columns, its end replaced by `…` when cut. */
export function cutTo(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  for (const ch of text) {
    if (displayWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * `text` (no escape sequences) wrapped at spaces into lines of at most `width` columns, the lines
 * after the first indented by `indent` more columns than the first's own leading spaces. A word
 * longer than a line is cut.
 */
export function wrapTo(text: string, width: number, indent = 2): string[] {
  if (displayWidth(text) <= width) return [text];
  const lead = /^ */.exec(text)?.[0] ?? '';
  const next = lead + ' '.repeat(indent);
  const lines: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(' ')) {
    const start = lines.length === 0 ? lead : next;
    const candidate = line === start ? `${line}${word}` : `${line} ${word}`;
    if (displayWidth(candidate) <= width || line === start) {
      line = line === start ? cutTo(`${line}${word}`, width) : candidate;
      continue;
    }
    lines.push(line);
    line = cutTo(`${next}${word}`, width);
  }
  lines.push(line);
  return lines;
}
