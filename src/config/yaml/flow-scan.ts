// Finds what is wrong with a flow collection (`[` or `{`) in one linear scan of the text: one the
// file never closes, one closed by the other kind of bracket (`[ ... }`), one cut by a document
// marker. The `yaml` package finds these too, but only after building a token per item, about
// 500 MB per MB of such a collection: the scan answers first, in bounded memory. It is conservative: it reports a problem only where the text after the bracket
// is read with certainty in flow syntax (quotes and comments respected: a flow indicator cannot sit
// inside a plain scalar of a flow collection), and gives no answer on anything else (block scalars,
// multi-line scalars), leaving those to the package.

import { MAX_NESTING } from './full-reader.js';

const NEWLINE = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const HASH = 35;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKSLASH = 92;

/** A flow collection the text cannot hold, located at `at`; `open` is its bracket. */
export interface FlowProblem {
  kind: 'unclosed' | 'mismatched' | 'marker' | 'trailing';
  at: number;
  open: number;
}

/** Thrown by the fast reader at a flow collection with a problem the scan is sure of. */
export class FlowSyntax extends Error {
  constructor(readonly problem: FlowProblem) {
    super(`flow collection: ${problem.kind}`);
  }
}

/** The problem's message; `where` gives a text offset as `line L, column C`. */
export function flowProblemMessage(text: string, problem: FlowProblem, where: (offset: number) => string): string {
  const open = text[problem.open] === '{' ? '{' : '[';
  const kind = open === '[' ? 'flow list' : 'flow map';
  const close = open === '[' ? ']' : '}';
  switch (problem.kind) {
    case 'unclosed':
      return `this \`${open}\` is never closed: the file ends inside the flow collection it opens`;
    case 'mismatched':
      return `this \`${text[problem.at] ?? ''}\` cannot close the ${kind} opened at ${where(problem.open)}: a ${kind} ends with \`${close}\``;
    case 'marker':
      return `a document marker (\`${text.slice(problem.at, problem.at + 3)}\`) inside the ${kind} opened at ${where(problem.open)}: close the collection first`;
    case 'trailing':
      return `text after the ${kind} opened at ${where(problem.open)}: a map value is one node (quote the whole value, or start a comment with \` #\`)`;
  }
}

/** The first flow collection with a problem the scan is sure of, or undefined (none, or unsure). */
export function flowProblemAt(text: string): FlowProblem | undefined {
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
    if (end === 'unsure') return undefined;
    if (typeof end !== 'number') return end;
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
 * Reads flow syntax from the bracket at `open`: the offset after its matching close, the problem
 * that ends it (never closed, closed by the other bracket, cut by a document marker), or 'unsure'
 * on what this scan does not follow.
 */
export function flowEnd(text: string, open: number): number | FlowProblem | 'unsure' {
  const stack = CLOSERS;
  let depth = 0;
  // A quote opens a quoted scalar only where a scalar starts (`a'b` is plain text).
  let scalarStart = true;
  let p = open;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c === 91 /* [ */ || c === 123 /* { */) {
      // Too deep is reported by the readers' own depth checks, where the limit is crossed.
      if (depth === MAX_NESTING) return 'unsure';
      stack[depth++] = c === 91 ? 93 : 125;
      scalarStart = true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      // In flow syntax a bracket is always an indicator, never text of a plain scalar.
      if (depth === 0 || stack[--depth] !== c) return { kind: 'mismatched', at: p, open };
      if (depth === 0) return p + 1;
      scalarStart = false;
    } else if (c === 44 /* , */ || c === 58 /* : */ || c === 63 /* ? */) {
      scalarStart = true;
    } else if (c === NEWLINE) {
      if (isDocumentMarker(text, p + 1)) return { kind: 'marker', at: p + 1, open };
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
  return depth > 0 ? { kind: 'unclosed', at: open, open } : 'unsure';
}

/**
 * flowEnd's stack of expected closing brackets, one for every call: an array per call would be
 * 100,000 arrays for a config of 100,000 one-line flows. flowEnd calls nothing that scans flows, so no call overlaps another.
 */
const CLOSERS = new Uint8Array(MAX_NESTING);

/** `---` or `...` at a line's start followed by a space, a line break or the end: a document marker. */
function isDocumentMarker(text: string, lineStart: number): boolean {
  if (!text.startsWith('---', lineStart) && !text.startsWith('...', lineStart)) return false;
  const next = text.charCodeAt(lineStart + 3);
  return Number.isNaN(next) || isWhite(next);
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
