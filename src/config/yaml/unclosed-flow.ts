// Finds a flow collection (`[` or `{`) that the file never closes, with one linear scan of the
// text. The `yaml` package finds it too, but only after building a token per item: `x: [1,1,...`
// without `]` takes 1.1 GB at 2 MB and exhausts the heap at 10 MB. The scan is conservative: it
// answers "unclosed" only when the text after the bracket holds no close in flow syntax (quotes and
// comments respected), and gives no answer (undefined) on anything it does not read with certainty
// (block scalars, multi-line scalars, document markers, mismatched brackets), leaving those to the
// package.

import { MAX_NESTING } from './full-reader.js';

const NEWLINE = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const HASH = 35;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKSLASH = 92;

/** The message for a flow collection that is never closed, located at its bracket. */
export function unclosedFlowMessage(open: string): string {
  return `this \`${open}\` is never closed: the file ends inside the flow collection it opens`;
}

/** Thrown by the fast reader at a flow collection the file never closes. */
export class UnclosedFlow extends Error {
  constructor(readonly offset: number) {
    super('unclosed flow collection');
  }
}

/** Where an unclosed flow collection opens, or undefined when every one closes (or the scan is unsure). */
export function unclosedFlowAt(text: string): number | undefined {
  let lineStart = 0;
  while (lineStart < text.length) {
    const found = flowStartOnLine(text, lineStart);
    if (found === 'unsure') return undefined;
    if (found === undefined) {
      lineStart = nextLine(text, lineStart);
      continue;
    }
    if (found.skipDeeper !== undefined) {
      lineStart = afterDeeperLines(text, lineStart, found.skipDeeper);
      continue;
    }
    if (found.resumeAt !== undefined) {
      lineStart = nextLine(text, found.resumeAt);
      continue;
    }
    const end = flowEnd(text, found.open);
    if (end === 'unclosed') return found.open;
    if (end === 'unsure') return undefined;
    // Whatever follows a closed collection on its line (`]: value` of a complex key, a comment) is
    // left unread; a quote there could open a multi-line scalar the next lines belong to.
    const rest = text.slice(end, lineEndOf(text, end));
    if (/['"|>]/.test(rest)) return undefined;
    lineStart = nextLine(text, end);
  }
  return undefined;
}

/** The start of the first line after `lineStart`'s that has content indented `indent` or less. */
function afterDeeperLines(text: string, lineStart: number, indent: number): number {
  let p = nextLine(text, lineStart);
  while (p < text.length) {
    const end = lineEndOf(text, p);
    const i = indentAt(text, p);
    const first = text.charCodeAt(p + i);
    if (p + i < end && first !== CR && i <= indent) return p;
    p = end + 1;
  }
  return text.length;
}

function nextLine(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl + 1;
}

function lineEndOf(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl;
}

const isBlank = (c: number) => c === SPACE || c === TAB;

type LineStart = { open: number; skipDeeper?: undefined; resumeAt?: undefined } | { skipDeeper: number; resumeAt?: undefined } | { resumeAt: number; skipDeeper?: undefined };

/**
 * What starts on this block-context line: a `[` or `{` opening a node (after indentation, `- `,
 * `? `, `key: `, anchors and tags); a value whose text may go on in deeper lines (a plain or block
 * scalar: those lines are skipped, never read as nodes); a quoted scalar that ends on a later line
 * (resume after it); nothing; or 'unsure'.
 */
function flowStartOnLine(text: string, start: number): LineStart | undefined | 'unsure' {
  const end = lineEndOf(text, start);
  let p = start;
  // The column of the key or `-` that owns the value being read: lines deeper than it continue that value.
  let owner = indentAt(text, start);
  if (text.startsWith('---', p) || text.startsWith('...', p) || text.charCodeAt(p) === 37 /* % */) return undefined;
  while (p < end) {
    while (p < end && isBlank(text.charCodeAt(p))) p++;
    if (p >= end || text.charCodeAt(p) === CR) return undefined;
    const c = text[p];
    if (c === '#') return undefined;
    if (c === '[' || c === '{') return { open: p };
    if ((c === '-' || c === '?' || c === ':') && (p + 1 >= end || isBlank(text.charCodeAt(p + 1)) || text.charCodeAt(p + 1) === CR)) {
      if (c === '-') owner = p - start;
      p++;
      continue;
    }
    if (c === '&' || c === '!') {
      while (p < end && !isBlank(text.charCodeAt(p))) p++;
      continue;
    }
    if (c === '|' || c === '>') return { skipDeeper: owner };
    if (c === '"' || c === "'") {
      const after = quotedEnd(text, p, c.charCodeAt(0));
      if (after === undefined) return 'unsure';
      if (after > end) return { resumeAt: after };
      const colon = keyColon(text, after, end);
      if (colon === undefined) return undefined;
      owner = p - start;
      p = colon + 1;
      continue;
    }
    // A plain scalar: a key when `: ` follows on this line, else a value that may go on in the
    // next, deeper lines.
    const colon = keyColon(text, p, end);
    if (colon === undefined) return { skipDeeper: owner };
    owner = p - start;
    p = colon + 1;
  }
  return undefined;
}

/** The `:` ending a plain key that starts at p, if one does on this line before a comment. */
function keyColon(text: string, p: number, end: number): number | undefined {
  for (let i = p; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === HASH && isBlank(text.charCodeAt(i - 1))) return undefined;
    if (c === 58 && (i + 1 >= end || isBlank(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === CR)) return i;
  }
  return undefined;
}

function indentAt(text: string, lineStart: number): number {
  let i = lineStart;
  while (text.charCodeAt(i) === SPACE) i++;
  return i - lineStart;
}

/**
 * Reads flow syntax from the bracket at `open`: the offset after its matching close, 'unclosed'
 * when the text ends first, 'unsure' on what this scan does not follow.
 */
export function flowEnd(text: string, open: number): number | 'unclosed' | 'unsure' {
  const stack: number[] = [];
  // A quote opens a quoted scalar only where a scalar starts (`a'b` is plain text).
  let scalarStart = true;
  let p = open;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c === 91 /* [ */ || c === 123 /* { */) {
      // Too deep is reported by the readers' own depth checks, where the limit is crossed.
      if (stack.push(c === 91 ? 93 : 125) > MAX_NESTING) return 'unsure';
      scalarStart = true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      if (stack.pop() !== c) return 'unsure';
      if (stack.length === 0) return p + 1;
      scalarStart = false;
    } else if (c === 44 /* , */ || c === 58 /* : */ || c === 63 /* ? */) {
      scalarStart = true;
    } else if (c === NEWLINE) {
      // A document marker inside a flow collection: the package's error, not ours to word.
      if (text.startsWith('---', p + 1) || text.startsWith('...', p + 1)) return 'unsure';
    } else if (c === HASH && (p === 0 || isWhite(text.charCodeAt(p - 1)))) {
      const nl = text.indexOf('\n', p);
      if (nl === -1) break;
      p = nl;
      continue;
    } else if ((c === DOUBLE_QUOTE || c === SINGLE_QUOTE) && scalarStart) {
      const after = quotedEnd(text, p, c);
      if (after === undefined) return 'unsure';
      p = after;
      scalarStart = false;
      continue;
    } else if (!isWhite(c)) {
      scalarStart = false;
    }
    p++;
  }
  return stack.length > 0 ? 'unclosed' : 'unsure';
}

function isWhite(c: number): boolean {
  return c === SPACE || c === TAB || c === NEWLINE || c === CR;
}

/** The offset after the quoted scalar opening at p, or undefined when the text ends inside it. */
function quotedEnd(text: string, p: number, quote: number): number | undefined {
  for (let i = p + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote === DOUBLE_QUOTE && c === BACKSLASH) i++;
    else if (c === quote) {
      if (quote === SINGLE_QUOTE && text.charCodeAt(i + 1) === SINGLE_QUOTE) i++;
      else return i + 1;
    }
  }
  return undefined;
}
