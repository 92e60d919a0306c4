// Characters and one-line scalars for the fast reader (fast-reader.ts): the character classes that
// end or may not start a plain scalar, plain scalars, and single- and double-quoted scalars. Kept
// apart from the reader's structure (maps, lists, flow collections) so each file does one job.
// Every reader here throws GiveUp on what it does not accept and reports where the scalar ends in
// a ScalarEnd.

import type { PlainValue } from './source.js';
import { DOUBLE_QUOTE_ESCAPES, resolvePlain } from './scalars.js';

/** Thrown when the fast reader meets YAML it leaves to the `yaml` package (fast-reader.ts). */
export class GiveUp extends Error {}

/** Where a scalar read by this file ends (set by the readers: no tuple per scalar). */
export interface ScalarEnd {
  at: number;
}

export const SPACE = 32;
export const COMMA = 44;
export const COLON = 58;
export const HASH = 35;
export const DASH = 45;
export const QUESTION = 63;
export const DOUBLE_QUOTE = 34;
export const SINGLE_QUOTE = 39;
export const OPEN_BRACKET = 91;
export const CLOSE_BRACKET = 93;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;

/** Space, comma or a bracket: what ends a plain scalar after `:` in flow context. */
export function isFlowBreak(c: number): boolean {
  return c === SPACE || c === COMMA || c === OPEN_BRACKET || c === CLOSE_BRACKET || c === OPEN_BRACE || c === CLOSE_BRACE;
}
/** Characters that may not start a plain scalar (in either context). */
export const INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

/** A single-quoted scalar from `p` (its opening quote) that closes before `end`. */
export function readSingleQuoted(text: string, p: number, end: number, out: ScalarEnd): string {
  let value = '';
  let i = p + 1;
  while (true) {
    const q = text.indexOf("'", i);
    if (q === -1 || q >= end) throw new GiveUp();
    value += text.slice(i, q);
    if (text[q + 1] === "'") {
      value += "'";
      i = q + 2;
      continue;
    }
    out.at = q + 1;
    return value;
  }
}

/** A double-quoted scalar from `p` (its opening quote), escapes decoded, that closes before `end`. */
export function readDoubleQuoted(text: string, p: number, end: number, out: ScalarEnd): string {
  let value = '';
  let i = p + 1;
  while (true) {
    let j = i;
    while (j < end && text[j] !== '"' && text[j] !== '\\') j++;
    if (j >= end) throw new GiveUp();
    value += text.slice(i, j);
    if (text[j] === '"') {
      out.at = j + 1;
      return value;
    }
    const e = text[j + 1] as string;
    const simple = DOUBLE_QUOTE_ESCAPES[e];
    if (simple !== undefined) {
      value += simple;
      i = j + 2;
      continue;
    }
    const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    const hex = text.slice(j + 2, j + 2 + width);
    if (width === 0 || j + 2 + width > end || !/^[0-9a-fA-F]+$/.test(hex)) throw new GiveUp();
    const code = parseInt(hex, 16);
    // A lone surrogate (`\\ud800`) is no character: the complete reader says so, located.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new GiveUp();
    value += String.fromCodePoint(code);
    i = j + 2 + width;
  }
}

/** A plain scalar after `key: ` or `- ` in block context, up to a comment or the end of the line. */
export function readPlainBlockScalar(text: string, p: number, end: number, out: ScalarEnd): PlainValue {
  const c = text[p] as string;
  if (INDICATORS.has(c) && !((c === '-' || c === '?' || c === ':') && p + 1 < end && text.charCodeAt(p + 1) !== SPACE)) {
    throw new GiveUp();
  }
  let stop = end;
  for (let i = p; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === HASH && text.charCodeAt(i - 1) === SPACE) {
      stop = i;
      break;
    }
    if (ch === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) throw new GiveUp();
  }
  let trimmed = stop;
  while (trimmed > p && text.charCodeAt(trimmed - 1) === SPACE) trimmed--;
  out.at = trimmed;
  return resolvePlain(text.slice(p, trimmed));
}

/** A plain scalar in a flow collection: up to `,`, a bracket, or `: ` (which ends a key). */
export function readPlainFlowScalar(text: string, p: number, end: number, isKey: boolean, out: ScalarEnd): PlainValue {
  const c = text.charCodeAt(p);
  if (INDICATORS.has(text[p] as string)) {
    // `-`, `?` and `:` start a plain scalar when a "safe" character follows.
    const safe = (c === DASH || c === QUESTION || c === COLON) && p + 1 < end && !isFlowBreak(text.charCodeAt(p + 1));
    if (!safe) throw new GiveUp();
  }
  let i = p;
  for (; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === COMMA || ch === OPEN_BRACKET || ch === CLOSE_BRACKET || ch === OPEN_BRACE || ch === CLOSE_BRACE) break;
    if (ch === COLON && (i + 1 === end || isFlowBreak(text.charCodeAt(i + 1)))) break;
    if (ch === HASH && text.charCodeAt(i - 1) === SPACE) throw new GiveUp();
  }
  const stop = text.charCodeAt(i);
  if (stop === OPEN_BRACKET || stop === OPEN_BRACE) throw new GiveUp();
  if (stop === COLON && !isKey) throw new GiveUp(); // `[a: 1]` is a one-pair map: leave it to the package
  let trimmed = i;
  while (trimmed > p && text.charCodeAt(trimmed - 1) === SPACE) trimmed--;
  if (trimmed === p) throw new GiveUp();
  out.at = trimmed;
  return resolvePlain(text.slice(p, trimmed));
}
