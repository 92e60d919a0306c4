// The fast reader's index of a text's content lines: where each starts and ends and how deep it
// is indented. Typed arrays grown by doubling: three plain arrays pushed line by line cost about as
// much again on a file of 100,000 lines.

import { grown } from './source.js';

const SPACE = 32;

export interface ContentLines {
  /** Offset where each content line starts. Views of exactly the lines kept: `length` counts them, a read past the last is undefined. */
  starts: Uint32Array;
  /** Offset where each ends, before its \n or \r\n. */
  ends: Uint32Array;
  /** Its indentation in spaces. */
  indents: Uint32Array;
}

/**
 * The lines of `text` that hold something. Blank and comment-only lines carry no content, and
 * nothing the fast reader accepts spans them (it gives up on multi-line scalars and flows), so
 * only content lines are kept: the index grows with what a file says, not with its line breaks
 * (a file of blank lines).
 */
export function contentLines(text: string): ContentLines {
  let starts = new Uint32Array(1024);
  let ends = new Uint32Array(1024);
  let indents = new Uint32Array(1024);
  let lines = 0;
  let start = 0;
  while (start <= text.length) {
    let nl = text.indexOf('\n', start);
    if (nl === -1) nl = text.length;
    let end = nl;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    let i = start;
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    if (i < end && text[i] !== '#') {
      if (lines === starts.length) {
        starts = grown(starts, lines + 1);
        ends = grown(ends, lines + 1);
        indents = grown(indents, lines + 1);
      }
      starts[lines] = start;
      ends[lines] = end;
      indents[lines] = i - start;
      lines++;
    }
    start = nl + 1;
  }
  return { starts: starts.subarray(0, lines), ends: ends.subarray(0, lines), indents: indents.subarray(0, lines) };
}
